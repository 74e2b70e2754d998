#!/usr/bin/env bash
# spare-cli regime-map as a campaign: --campaign-out writes a campaign that `campaign run` runs in shards,
# --from-results draws the map from its folder, the same map on every shard count; the estimate before a
# map; bad values exit 2 naming the flag; a folder with runs missing exits 1.
source "$(dirname "$0")/cli-test-lib.sh"

AXES=(--x restart.duration_s=60,300,900 --y failures.system_mtbf_s=100,400 --policies spare,ckpt-memory,elastic)

expect "regime-map says how long before it starts" 0 'regime-map: 54 runs \(3 x 2 cells x 3 contenders x 3 seeds\); about .* on 2 threads' \
  "$SPARE_CLI" regime-map "$SCEN/teaching-12.json" "${AXES[@]}" --threads 2
expect "--campaign-out writes a campaign" 0 'wrote .*map.json: run it with spare-cli campaign run' \
  "$SPARE_CLI" regime-map "$SCEN/teaching-12.json" "${AXES[@]}" --campaign-out "$WORK/map.json"
expect "--campaign-out says how long the campaign takes" 0 'the campaign has 54 runs' \
  "$SPARE_CLI" regime-map "$SCEN/teaching-12.json" "${AXES[@]}" --campaign-out "$WORK/map.json"
expect "the campaign's grid is x, y and the contenders" 0 'contender \(variants\): 3 values: spare, ckpt-memory, elastic' \
  "$SPARE_CLI" campaign plan "$WORK/map.json"
expect "shard 0/2" 0 'runs done now' "$SPARE_CLI" campaign run "$WORK/map.json" --shard 0/2 --out "$WORK/two"
expect "a half-done folder exits 1 naming the missing runs" 1 'runs missing and 0 failed' \
  "$SPARE_CLI" regime-map --from-results "$WORK/two"
expect "shard 1/2" 0 'runs done now' "$SPARE_CLI" campaign run "$WORK/map.json" --shard 1/2 --out "$WORK/two"
expect "one shard" 0 'runs done now' "$SPARE_CLI" campaign run "$WORK/map.json" --shard 0/1 --out "$WORK/one"
expect "--from-results draws the map" 0 'legend: S spare M ckpt-memory E elastic' \
  "$SPARE_CLI" regime-map --from-results "$WORK/two" --out "$WORK/two.csv" --json "$WORK/two.json"
expect "--from-results of one shard" 0 'legend' \
  "$SPARE_CLI" regime-map --from-results "$WORK/one" --out "$WORK/one.csv"
check "the map is the same on 1 and 2 shards" cmp -s "$WORK/one.csv" "$WORK/two.csv"
check "the CSV has a row per cell and contender" test "$(wc -l <"$WORK/two.csv")" -eq 19
check "the JSON names the contenders" grep -q '"ckpt-memory"' "$WORK/two.json"

expect "--from-results refuses a missing folder" 2 '--from-results .*nowhere: not a folder' \
  "$SPARE_CLI" regime-map --from-results "$WORK/nowhere"
echo '{"name": "other", "base": {"cluster": {"groups": 20, "redundancy": 3}, "workload": {"steps": 150}},
  "grid": {"cluster.redundancy": [2, 3]}}' >"$WORK/other.json"
expect "another campaign" 0 '' "$SPARE_CLI" campaign run "$WORK/other.json" --shard 0/1 --out "$WORK/other"
expect "--from-results refuses another campaign's folder" 2 'not a regime map' \
  "$SPARE_CLI" regime-map --from-results "$WORK/other"
expect "--from-results takes no axes" 2 '--from-results excludes --x|--x excludes --from-results' \
  "$SPARE_CLI" regime-map --from-results "$WORK/two" --x restart.duration_s=1,2
expect "--campaign-out refuses a value out of range" 2 'restart.duration_s.*out of range' \
  "$SPARE_CLI" regime-map "$SCEN/teaching-12.json" --x restart.duration_s=-5,10 --campaign-out "$WORK/bad.json"
check "nothing written for a bad value" test ! -e "$WORK/bad.json"
expect "--campaign-out refuses a bad --seeds" 2 '--seeds' \
  "$SPARE_CLI" regime-map "$SCEN/teaching-12.json" --seeds 0 --campaign-out "$WORK/bad.json"
expect "--campaign-out refuses an unwritable path" 2 '--campaign-out' \
  "$SPARE_CLI" regime-map "$SCEN/teaching-12.json" --campaign-out "$WORK/no/such/dir/map.json"
expect "--campaign-out with --out is refused" 2 '--campaign-out writes the campaign only' \
  "$SPARE_CLI" regime-map "$SCEN/teaching-12.json" --campaign-out "$WORK/c.json" --out "$WORK/c.csv"

expect "report --regime-map adds the map" 0 '' "$SPARE_CLI" report "$SCEN/teaching-12.json" --out "$WORK/report" \
  --regime-x restart.duration_s=60,600 --regime-y failures.system_mtbf_s=100,400 --regime-seeds 2
check "the report has regime-map.csv and .json" test -s "$WORK/report/regime-map.csv" -a -s "$WORK/report/regime-map.json"
check "the summary has the winner per cell" grep -q '^legend: S spare M ckpt-memory E elastic B rebalance' "$WORK/report/summary.md"
expect "the report's map is regime-map's" 0 '' "$SPARE_CLI" regime-map "$SCEN/teaching-12.json" \
  --x restart.duration_s=60,600 --y failures.system_mtbf_s=100,400 --seeds 2 --out "$WORK/direct.csv"
check "the same CSV" cmp -s "$WORK/report/regime-map.csv" "$WORK/direct.csv"
expect "report without --regime-map has no map" 0 '' "$SPARE_CLI" report "$SCEN/teaching-12.json" --out "$WORK/plain"
check "no regime-map.csv" test ! -e "$WORK/plain/regime-map.csv"
expect "report refuses a bad --regime-policies" 2 '--regime-policies spare: 1 contenders; allowed: 2 .. 6' \
  "$SPARE_CLI" report "$SCEN/teaching-12.json" --out "$WORK/bad" --regime-policies spare
expect "report refuses a bad --regime-x" 2 '--regime-x' \
  "$SPARE_CLI" report "$SCEN/teaching-12.json" --out "$WORK/bad" --regime-x run.policy=1,2
finish
