# spare-studio in every automation mode refuses a scenario it cannot run: exit 2, the problem on
# stderr naming the key, and nothing written. A good scenario's --export-state shows what the window
# shows, the Race lanes each at their own r.
. "$(dirname "$0")/cli-test-lib.sh"
if [ -z "${SPARE_STUDIO:-}" ]; then
  echo "spare-studio not built: skipped"
  finish
  exit $?
fi

bad="$WORK/bad"
mkdir -p "$bad" "$WORK/layout-dir"
printf '' > "$bad/empty.json"
printf '{"name": "utf16"}' | iconv -f UTF-8 -t UTF-16 > "$bad/utf16.json"
printf 'not json at all' > "$bad/garbage.json"
printf '[1, 2, 3]' > "$bad/array.json"
printf '{"cluster": {"groups": "many"}}' > "$bad/groups-string.json"
printf '{"workload": {"steps": 1.5}}' > "$bad/steps-fraction.json"
printf '{"restart": {"duration_s": -1}}' > "$bad/restart-negative.json"
printf '{"cluster": {"gropus": 12}}' > "$bad/unknown-key.json"
printf '{"cluster": {"groups": 12, "redundancy": 3, "layout": "%s"}}' "$WORK/layout-dir" > "$bad/layout-directory.json"
printf '{"cluster": {"groups": 12, "redundancy": 3, "layout": "no-such-layout.json"}}' > "$bad/layout-missing.json"
printf '{"stacks": [[0' > "$bad/broken-layout.json"
printf '{"cluster": {"groups": 12, "redundancy": 3, "layout": "broken-layout.json"}}' > "$bad/layout-broken.json"
printf '{"cluster": {"groups": 12, "redundancy": 3}, "failures": {"model": "trace", "trace": "missing.csv"}}' > "$bad/trace-missing.json"
printf 'time_s,group\nsoon,3\n' > "$bad/broken-trace.csv"
printf '{"cluster": {"groups": 12, "redundancy": 3}, "failures": {"model": "trace", "trace": "broken-trace.csv"}}' > "$bad/trace-broken.json"
printf '{"cluster": {"groups": 4, "redundancy": 9}}' > "$bad/redundancy-above-groups.json"

# name|pattern the message must contain
cases="empty|empty|(root)
utf16|utf16|(root)
garbage|garbage|(root)
array|array|object
groups-string|groups-string|cluster.groups
steps-fraction|steps-fraction|workload.steps
restart-negative|restart-negative|restart.duration_s
unknown-key|unknown-key|gropus
layout-directory|layout-directory|cluster.layout
layout-missing|layout-missing|cluster.layout
layout-broken|layout-broken|cluster.layout
trace-missing|trace-missing|failures.trace
trace-broken|trace-broken|failures.trace
redundancy-above-groups|redundancy-above-groups|cluster.redundancy"

while IFS='|' read -r name file pattern; do
  scenario="$bad/$file.json"
  out="$WORK/out-$name"
  mkdir -p "$out"  # the output folder exists, so only the scenario can be refused
  expect "$name --export-report" 2 "$pattern" "$SPARE_STUDIO" --scenario "$scenario" --export-report "$out/report" --quit
  expect "$name --export-chart" 2 "$pattern" "$SPARE_STUDIO" --scenario "$scenario" --export-chart throughput-vs-r --out "$out/chart.png" --quit
  expect "$name --screenshot" 2 "$pattern" "$SPARE_STUDIO" --scenario "$scenario" --screenshot "$out/shot.png" --quit
  expect "$name --run-until end" 2 "$pattern" "$SPARE_STUDIO" --scenario "$scenario" --run-until end --quit
  expect "$name --export-state" 2 "$pattern" "$SPARE_STUDIO" --scenario "$scenario" --run-until failures:2 --export-state "$out/state.json" --quit
  check "$name wrote nothing" test -z "$(ls -A "$out")"
done <<< "$cases"

# A good scenario: the state of the Run tab after three failures.
expect "teaching --export-state" 0 "" "$SPARE_STUDIO" --scenario "$SCEN/teaching-12.json" --run-until failures:3 \
  --export-state "$WORK/run.json" --quit
check "run state names the tab and one lane" grep -q '"tab": "Run"' "$WORK/run.json"
check "run state counts the failures" grep -q '"failures": 3' "$WORK/run.json"

# The Race on paper-n600: CKPT-only at r = 1, Rep+CKPT at its run.rep_redundancy 3, SPARe+CKPT at 8.
LIMIT_S=120 expect "paper-n600 race --export-state" 0 "" "$SPARE_STUDIO" --scenario "$SCEN/paper-n600.json" --race \
  --run-until time:20000 --export-state "$WORK/race.json" --quit
lanes_r=$(grep -o '"redundancy": [0-9]*' "$WORK/race.json" 2>/dev/null | grep -o '[0-9]*$' | tr '\n' ' ')
check "race lanes at r = 1 3 8 (got: $lanes_r)" test "$lanes_r" = "1 3 8 "
check "race state is the Race tab at 20000 s" grep -q '"clock_s": 20000' "$WORK/race.json"

# --race-lanes: the lanes it names, each at its own r (elastic and CKPT-only + memory at 1).
LIMIT_S=120 expect "paper-n600 --race-lanes --export-state" 0 "" "$SPARE_STUDIO" --scenario "$SCEN/paper-n600.json" \
  --race-lanes spare,elastic,ckpt-memory --run-until time:20000 --export-state "$WORK/lanes.json" --quit
lanes=$(grep -o '"contender": "[a-z-]*"' "$WORK/lanes.json" 2>/dev/null | grep -o '"[a-z-]*"$' | tr -d '"' | tr '\n' ' ')
check "race lanes spare elastic ckpt-memory (got: $lanes)" test "$lanes" = "spare elastic ckpt-memory "
lanes_r=$(grep -o '"redundancy": [0-9]*' "$WORK/lanes.json" 2>/dev/null | grep -o '[0-9]*$' | tr '\n' ' ')
check "race lanes at r = 8 1 1 (got: $lanes_r)" test "$lanes_r" = "8 1 1 "
finish
