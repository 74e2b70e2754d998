# spare-studio --campaign: a small campaign run and merged by spare-cli, then each campaign chart in
# every format from the command line, the heatmap CSV's header and one row per cell, and bad files and
# flags refused with exit 2 and a message naming the flag, the value and what is allowed.
. "$(dirname "$0")/cli-test-lib.sh"
require_studio
cat > "$WORK/tiny.json" <<'JSON'
{"name": "tiny",
 "base": {"cluster": {"groups": 20, "redundancy": 3}, "workload": {"steps": 150, "allreduce_s": 0.4},
          "failures": {"system_mtbf_s": 200}},
 "grid": {"cluster.redundancy": "2-5", "run.policy": ["spare", "rep"], "failures.system_mtbf_s": [100, 200, 400]},
 "replication": {"seeds": 2}}
JSON
expect "campaign run" 0 '' "$SPARE_CLI" campaign run "$WORK/tiny.json" --shard 0/1 --out "$WORK/res" --threads 2
expect "campaign merge" 0 'merged 48 runs' "$SPARE_CLI" campaign merge "$WORK/res" --out "$WORK/tiny.csv"
expect "campaign merge json" 0 '' "$SPARE_CLI" campaign merge "$WORK/res" --out "$WORK/tiny.json.out.json"
R="$WORK/tiny.csv"
for chart in heatmap tornado ci-bands; do
  for ext in png svg pdf csv; do
    expect "$chart .$ext" 0 '' "$SPARE_STUDIO" --campaign "$R" --export-chart $chart --out "$WORK/$chart.$ext"
    check "$chart .$ext written" test -s "$WORK/$chart.$ext"
  done
done
check "heatmap CSV header" test "$(head -1 "$WORK/heatmap.csv")" = "x_key,x,y_key,y,metric,mean,ci_low,ci_high,n"
check "heatmap CSV: 4 r x 2 policies" test "$(wc -l < "$WORK/heatmap.csv")" -eq 9
expect "heatmap over MTBF x r, policy fixed" 0 '' "$SPARE_STUDIO" --campaign "$R" --export-chart heatmap \
  --x failures.system_mtbf_s --y cluster.redundancy --fix run.policy=rep --out "$WORK/h2.csv"
check "heatmap CSV: 3 MTBF x 4 r, all n = 2" test "$(tail -n +2 "$WORK/h2.csv" | cut -d, -f9 | sort -u)" = "2"
check "heatmap CSV: 12 cells" test "$(tail -n +2 "$WORK/h2.csv" | wc -l)" -eq 12
expect "gain over MTBF (JSON table)" 0 '' "$SPARE_STUDIO" --campaign "$WORK/tiny.json.out.json" --export-chart heatmap \
  --metric gain --out "$WORK/gain.csv"
check "gain: one row of 3 MTBF cells" test "$(tail -n +2 "$WORK/gain.csv" | cut -d, -f1,3 | sort -u)" = "failures.system_mtbf_s,"
expect "best r png" 0 '' "$SPARE_STUDIO" --campaign "$R" --export-chart heatmap --metric best-r --out "$WORK/best.png"
check "best r png written" test -s "$WORK/best.png"
expect "window on the campaign, screenshot once the table is read" 0 '' "$SPARE_STUDIO" --campaign "$R" \
  --screenshot "$WORK/shot.png" --export-state "$WORK/state.json" --quit
check "screenshot written" test -s "$WORK/shot.png"
check "the Campaign tab is shown" grep -q '"tab": *"Campaign"' "$WORK/state.json"

expect "unknown metric" 2 "--metric 'speed': allowed ttt-ratio, availability, best-r, gain" \
  "$SPARE_STUDIO" --campaign "$R" --export-chart heatmap --metric speed --out "$WORK/bad1.png"
expect "unknown x key" 2 "--x 'cluster.groups': allowed cluster.redundancy, run.policy, failures.system_mtbf_s" \
  "$SPARE_STUDIO" --campaign "$R" --export-chart heatmap --x cluster.groups --out "$WORK/bad2.png"
expect "reduced key as axis" 2 "--y 'cluster.redundancy': allowed run.policy, failures.system_mtbf_s" \
  "$SPARE_STUDIO" --campaign "$R" --export-chart heatmap --metric best-r --y cluster.redundancy --out "$WORK/bad3.png"
expect "same key twice" 2 "--y 'run.policy': the same key as --x" \
  "$SPARE_STUDIO" --campaign "$R" --export-chart heatmap --x run.policy --y run.policy --out "$WORK/bad4.png"
expect "unknown fix value" 2 "--fix 'run.policy=ckpt': run.policy has no value ckpt; allowed rep, spare" \
  "$SPARE_STUDIO" --campaign "$R" --export-chart tornado --fix run.policy=ckpt --out "$WORK/bad5.png"
expect "malformed fix" 2 "--fix 'policy': allowed KEY=VALUE" \
  "$SPARE_STUDIO" --campaign "$R" --export-chart tornado --fix policy --out "$WORK/bad6.png"
expect "unknown campaign chart" 2 "--export-chart 'throughput-vs-r': allowed heatmap, tornado, ci-bands" \
  "$SPARE_STUDIO" --campaign "$R" --export-chart throughput-vs-r --out "$WORK/bad7.png"
expect "metric without --campaign" 2 "--metric goes with --campaign FILE" \
  "$SPARE_STUDIO" --metric gain --export-chart heatmap --out "$WORK/bad8.png"
printf 'a,b\n1,2\n' > "$WORK/foreign.csv"
expect "foreign CSV" 2 "foreign.csv: not a merged campaign table: the first column is 'a', expected run_id" \
  "$SPARE_STUDIO" --campaign "$WORK/foreign.csv" --export-chart heatmap --out "$WORK/bad9.png"
expect "missing file" 2 "nothing.csv: no such file" \
  "$SPARE_STUDIO" --campaign "$WORK/nothing.csv" --export-chart heatmap --out "$WORK/bad10.png"
check "nothing written on bad input" test -z "$(ls "$WORK" | grep '^bad')"
finish
