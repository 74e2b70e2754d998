#!/usr/bin/env bash
# Exit codes: every input a user can get wrong (a flag, a scenario, a layout, a failure trace, a failure
# log) exits 2 with the message on stderr; a failing device (a full disk) exits 1; --help lists the codes.
source "$(dirname "$0")/cli-test-lib.sh"
T="$SCEN/teaching-12.json"

expect help-lists-bad-input 0 "^  2  bad input: " "$SPARE_CLI" --help
expect help-lists-internal-error 0 "^  3  internal error: a bug in spare-cli" "$SPARE_CLI" --help
project_version=$(sed -n 's/^project([A-Za-z]* VERSION \([0-9.]*\).*/\1/p' "$SPARE_SOURCE_DIR/CMakeLists.txt")
expect version-is-the-project-version 0 "^spare-cli ${project_version//./\\.}\$" "$SPARE_CLI" --version
expect unknown-flag 2 "spare-cli: .*--bogus" "$SPARE_CLI" simulate "$T" --bogus
expect flag-value 2 "--seed: '-1' is out of range" "$SPARE_CLI" simulate "$T" --seed -1
expect missing-scenario 2 "nope.json" "$SPARE_CLI" simulate "$WORK/nope.json"
printf '{"cluster":{"groups":1}}' >"$WORK/bad.json"
expect scenario-value 2 "bad.json: cluster.groups: " "$SPARE_CLI" simulate "$WORK/bad.json"
# Every issue on its own line "origin: key: problem", not just the first one.
printf '{"cluster":{"gpus_per_group":0},"workload":{"compute_s":0},"run":{"seed":-1}}' >"$WORK/bad3.json"
run_bounded "$SPARE_CLI" simulate "$WORK/bad3.json"
check three-bad-keys-exit-2 test "$RC" -eq 2
check three-bad-keys-three-lines test "$(printf '%s\n' "$ERR" | grep -cE "bad3.json: (cluster.gpus_per_group|workload.compute_s|run.seed): ")" -eq 3
check three-bad-keys-nothing-else test "$(printf '%s\n' "$ERR" | wc -l)" -eq 3
python3 -c 'import json; print(json.dumps({"stacks": [[0, 0, 2]] + [[i, (i + 1) % 12, (i + 2) % 12] for i in range(1, 12)]}))' \
  >"$WORK/bad-layout.json"
python3 -c 'import json, sys; s = json.load(open(sys.argv[1])); s["cluster"]["layout"] = sys.argv[2]; print(json.dumps(s))' \
  "$T" "$WORK/bad-layout.json" >"$WORK/bad-layout-scenario.json"
run_bounded "$SPARE_CLI" simulate "$WORK/bad-layout-scenario.json"
check layout-file-issues-exit-2 test "$RC" -eq 2
check layout-file-issues-three-lines \
  test "$(printf '%s\n' "$ERR" | grep -c "cluster.layout: layout file '$WORK/bad-layout.json': stacks")" -eq 3
expect sweep-layout-every-issue 2 "--layout golomb-domain: cluster.layout: golomb-domain needs a topology section" \
  "$SPARE_CLI" sweep "$T" --policies spare --redundancy 3 --seeds 1 --layout golomb-domain
expect layout-spec 2 "layout = 'nowhere.json' is neither golomb" "$SPARE_CLI" reorder -N 12 -r 3 --failed 1 --layout nowhere.json
expect reorder-groups 2 "--failed" "$SPARE_CLI" reorder -N 12 -r 3 --failed 12
printf 'time_s,group\n-1,0\n' >"$WORK/trace.csv"
python3 -c 'import json, sys; s = json.load(open(sys.argv[1])); s["failures"].update(model="trace", trace=sys.argv[2]); print(json.dumps(s))' \
  "$T" "$WORK/trace.csv" >"$WORK/traced.json"
expect failure-trace 2 'trace.csv: line 2: time_s "-1" is not allowed' "$SPARE_CLI" simulate "$WORK/traced.json"
expect failure-log 2 "nope.csv: cannot open the failure log" "$SPARE_CLI" fit "$WORK/nope.csv" --time-column time
expect help-lists-failure 0 "^  1  failed: out of memory, a file system or device error" "$SPARE_CLI" --help
expect full-disk-simulate 1 "--events /dev/full: cannot write: No space left on device" "$SPARE_CLI" simulate "$T" --events /dev/full
expect full-disk-plan 1 "--report /dev/full: cannot write: No space left on device" \
  "$SPARE_CLI" plan "$T" --policies spare --redundancy 2,3 --threads 2 --report /dev/full
expect full-disk-stdout 1 "spare-cli: standard output: cannot write: No space left on device" \
  bash -c '"$1" plan "$2" --policies spare --redundancy 2,3 --threads 2 --json >/dev/full' _ "$SPARE_CLI" "$T"
expect full-disk-stdout-simulate 1 "standard output: cannot write" bash -c '"$1" simulate "$2" >/dev/full' _ "$SPARE_CLI" "$T"
expect unwritable-path-is-input 2 "--report $WORK/none/r.md: folder $WORK/none does not exist" "$SPARE_CLI" plan "$T" --report "$WORK/none/r.md"
expect resume-bad-value-is-input 2 "not a regular file" bash -c 'mkdir -p "$1/p" && mkfifo "$1/p/plan.json" && exec "$2" plan --resume "$1/p"' _ "$WORK" "$SPARE_CLI"

finish
