# The repair model end to end: the shipped llama3-16k-repair scenario reports its repair counters, SPARe
# re-admits rejoining groups (rejoin events and phase-3 decisions in the event CSV), an infinite swap
# time gives the same run as no rejoin, and a pool that never runs dry gives the run without repair.
source "$(dirname "$0")/cli-test-lib.sh"

base="$SCEN/llama3-16k-repair.json"
# variant NAME PYTHON-EDIT: the shipped scenario with one change, 20,000 steps.
variant() {
  python3 - "$base" "$WORK/$1.json" "$2" <<'PY'
import json, sys
doc = json.load(open(sys.argv[1]))
doc["workload"]["steps"] = 20000
exec(sys.argv[3])
json.dump(doc, open(sys.argv[2], "w"), indent=1)
PY
}
field() { python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print(eval(sys.argv[2]))" "$@"; }

variant short ''
expect simulate-repair 0 '"repair"' "$SPARE_CLI" simulate "$WORK/short.json" --json --events "$WORK/short.csv"
printf '%s' "$OUT" >"$WORK/short-out.json"
check rejoins-counted test "$(field "$WORK/short-out.json" 'd["repair"]["rejoins"]')" -gt 0
check nodes-failed-counted test "$(field "$WORK/short-out.json" 'd["repair"]["nodes_failed"] >= d["failures"]')" = True
check rejoin-events test "$(grep -c ',rejoin,' "$WORK/short.csv")" -eq "$(field "$WORK/short-out.json" 'd["repair"]["rejoins"]')"
check readmit-decisions grep -q 'phase=3 .*rejoined=' "$WORK/short.csv"

variant rep 'doc["run"]["policy"] = "rep"; doc["cluster"]["redundancy"] = 2'
expect simulate-rep 0 '"rejoins"' "$SPARE_CLI" simulate "$WORK/rep.json" --json

# swap_s = inf with at_step is rejoin none, byte for byte.
variant inf 'doc["repair"]["swap_s"] = "inf"'
variant none 'doc["repair"]["rejoin"] = "none"'
for policy in spare rep ckpt; do
  expect "inf-$policy" 0 '"repair"' "$SPARE_CLI" simulate "$WORK/inf.json" --policy "$policy" --redundancy 2 --json
  inf_out=$OUT
  expect "none-$policy" 0 '"repair"' "$SPARE_CLI" simulate "$WORK/none.json" --policy "$policy" --redundancy 2 --json
  check "infinite-swap-is-no-rejoin-$policy" test "$inf_out" = "$OUT"
done

# An endless pool without rejoin is the model without repair (apart from the repair object).
variant endless 'doc["repair"] = {"spare_nodes": 10000000, "rejoin": "none"}'
variant plain 'del doc["repair"]'
expect endless 0 '"repair"' "$SPARE_CLI" simulate "$WORK/endless.json" --json
printf '%s' "$OUT" | python3 -c 'import json,sys; d=json.load(sys.stdin); d.pop("repair"); d.pop("scenario"); print(json.dumps(d, sort_keys=True))' >"$WORK/endless.txt"
expect plain 0 '"ttt_s"' "$SPARE_CLI" simulate "$WORK/plain.json" --json
printf '%s' "$OUT" | python3 -c 'import json,sys; d=json.load(sys.stdin); d.pop("scenario"); print(json.dumps(d, sort_keys=True))' >"$WORK/plain.txt"
check endless-pool-is-no-repair cmp -s "$WORK/endless.txt" "$WORK/plain.txt"

# The window shows the same count: spare-studio at the end of the run reports the rejoins of spare-cli.
require_studio
expect studio-state 0 "" "$SPARE_STUDIO" --scenario "$WORK/short.json" --run-until end \
  --export-state "$WORK/state.json" --quit
check studio-rejoins-match-cli python3 -c "
import json, sys
state = json.load(open(sys.argv[1]))
cli = json.load(open(sys.argv[2]))
lane = state['lanes'][0]
assert lane['rejoins'] == cli['repair']['rejoins'], (lane['rejoins'], cli['repair']['rejoins'])
assert lane['restarts'] == cli['restarts'], (lane['restarts'], cli['restarts'])
" "$WORK/state.json" "$WORK/short-out.json"

finish
