# Layout independence is never silent: layout, simulate, montecarlo and analyze state a non-independent
# golomb layout (r = 8 at N = 60: no Sidon set of 8 offsets modulo 60 exists) in text and JSON, and stay
# quiet about an independent one. Layout files list every problem with its key path.
source "$(dirname "$0")/cli-test-lib.sh"

expect layout-n68-r8-independent 0 '"independent": true' "$SPARE_CLI" layout -N 68 -r 8 --json
expect layout-n68-r8-exists 0 '"independent_layout_exists": true' "$SPARE_CLI" layout -N 68 -r 8 --json
expect layout-n60-r8-none 0 '"independent_layout_exists": false' "$SPARE_CLI" layout -N 60 -r 8 --json
expect layout-n60-r8-pairs 0 'overlapping +[0-9]+ pairs of groups share two or more types' "$SPARE_CLI" layout -N 60 -r 8
expect layout-n60-r8-criterion 0 'fewest pairs of groups sharing two or more types' "$SPARE_CLI" layout -N 60 -r 8

sed -e 's/"groups": 12/"groups": 60/' -e 's/"redundancy": [0-9]*/"redundancy": 8/' -e 's/"steps": [0-9]*/"steps": 200/' \
  "$SCEN/teaching-12.json" >"$WORK/n60-r8.json"
expect simulate-text-states 0 'warning: layout golomb is NOT independent: [0-9]+ pairs .*max overlap 2.*closed-form mu' \
  "$SPARE_CLI" simulate "$WORK/n60-r8.json"
expect simulate-json-states 0 '"independent": false' "$SPARE_CLI" simulate "$WORK/n60-r8.json" --json
expect simulate-json-pairs 0 '"overlapping_pairs": [1-9]' "$SPARE_CLI" simulate "$WORK/n60-r8.json" --json
expect montecarlo-text-states 0 'warning: layout golomb is NOT independent' \
  "$SPARE_CLI" montecarlo -N 60 -r 8 -T 2000
expect montecarlo-json-states 0 '"max_overlap": 2' "$SPARE_CLI" montecarlo -N 60 -r 8 -T 2000 --json
expect analyze-text-mc-mu 0 'mu Monte-Carlo \(golomb\) +[0-9.]+ +95% CI' "$SPARE_CLI" analyze -N 60 -r 8
expect analyze-text-states 0 'warning: layout golomb is NOT independent' "$SPARE_CLI" analyze -N 60 -r 8
expect analyze-json-states 0 '"mu_monte_carlo": \{' "$SPARE_CLI" analyze -N 60 -r 8 --json
expect analyze-json-independence 0 '"independent": false' "$SPARE_CLI" analyze -N 60 -r 8 --json

# quiet CMD... : succeeds and says nothing about independence.
quiet() {
  run_bounded "$@"
  [ "$RC" -eq 0 ] && ! printf '%s' "$OUT" | grep -q 'NOT independent'
}
check analyze-independent-quiet quiet "$SPARE_CLI" analyze -N 200 -r 8
check simulate-independent-quiet quiet "$SPARE_CLI" simulate "$SCEN/teaching-12.json"

printf '{"stacks": [[0,7],[1,-1],[2,0]], "groups": 12.0}' >"$WORK/bad-layout.json"
# One line per issue, each naming the file and the key.
for problem in "layout file '.*bad-layout.json': stacks\\[0\\]\\[1\\]: 7 is out of range" \
  "layout file '.*bad-layout.json': stacks\\[1\\]\\[1\\]: -1 is out of range" \
  "layout file '.*bad-layout.json': groups: 12.0 is not an integer"; do
  expect "layout-file-lists: $problem" 2 "$problem" "$SPARE_CLI" layout -N 3 -r 2 --layout "$WORK/bad-layout.json"
done
printf '{"stacks": [[0,18446744073709551615],[1,2],[2,0]]}' >"$WORK/big-type.json"
expect layout-file-u64 2 '18446744073709551615' "$SPARE_CLI" layout -N 3 -r 2 --layout "$WORK/big-type.json"
mkdir -p "$WORK/a-directory"
expect layout-file-directory 2 "layout file: .*a-directory: is a directory" "$SPARE_CLI" layout -N 3 -r 2 --layout "$WORK/a-directory"
sed -e "s|\"layout\": \"golomb\"|\"layout\": \"$WORK/bad-layout.json\"|" "$SCEN/teaching-12.json" >"$WORK/bad-layout-scenario.json"
expect scenario-layout-prefix 2 'scenario: cluster.layout: layout file' "$SPARE_CLI" simulate "$WORK/bad-layout-scenario.json"

finish
