# spare-studio --compare KIND:A,B: a bad kind or value exits 2 with one message naming the flag or the
# run, the key, the value and the allowed range, and writes nothing; a good comparison plays to the end
# of both runs on the tab's clock (--export-state shows both runs done, with their own values) and the
# screenshot is written.
. "$(dirname "$0")/cli-test-lib.sh"
require_studio

scen="$SCEN/teaching-12.json"
shot="$WORK/compare.png"
studio=("$SPARE_STUDIO" --scenario "$scen" --screenshot "$shot" --quit)

expect kind 2 "--compare 'colours:1,2': allowed KIND:A,B with KIND one of r, intervals, layouts, files, seeds" \
  "${studio[@]}" --compare colours:1,2
expect one-value 2 "--compare 'seeds:1': allowed KIND:A,B" "${studio[@]}" --compare seeds:1
expect r-above-groups 2 "run B: cluster.redundancy: 13 is out of range; allowed: 1 .. min\(cluster.groups, 64\)" \
  "${studio[@]}" --compare r:3,13
expect interval-zero 2 "run A: checkpoint.interval_steps: 0 is out of range" "${studio[@]}" --compare intervals:0,5
expect seed-text 2 "run B: run.seed: .*\"x\"" "${studio[@]}" --compare seeds:1,x
expect layout-missing 2 "run B: cluster.layout: .*$WORK/none.json" "${studio[@]}" --compare "layouts:golomb,$WORK/none.json"
expect file-missing 2 "run A: .*$WORK/none.json" "${studio[@]}" --compare "files:$WORK/none.json,$scen"
check nothing-written test ! -e "$shot"

expect seeds 0 "" "${studio[@]}" --compare seeds:1,2 --run-until end --export-state "$WORK/state.json"
check screenshot-written test -s "$shot"
check both-runs-at-their-end python3 -c "
import json, sys
d = json.load(open(sys.argv[1]))
assert d['tab'] == 'Compare', d['tab']
assert [l['seed'] for l in d['lanes']] == ['1', '2'], d['lanes']
assert all(l['steps_done'] == l['total_steps'] == 200 for l in d['lanes']), d['lanes']
assert d['clock_s'] > 0
" "$WORK/state.json"
expect files 0 "" "${studio[@]}" --compare "files:$scen,$SCEN/teaching-racks.json" --run-until end
finish
