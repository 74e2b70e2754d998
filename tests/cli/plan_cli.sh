#!/usr/bin/env bash
# spare-cli plan: strict flags; a plan run in rounds through campaign folders (the next round written
# with --no-run, run as two shards elsewhere, then resumed) gives the same figures as one run in memory;
# a folder of another plan is refused; Ctrl-C stops a plan that resumes to the same answer.
source "$(dirname "$0")/cli-test-lib.sh"
T12="$SCEN/teaching-12.json"
PLAN=(--policies spare,rep --redundancy 2,3,4,6 --indifference 1% --threads 2)

expect no-scenario 2 "give a SCENARIO file, or --resume DIR" "$SPARE_CLI" plan
expect confidence-range 2 "--confidence: '1.5'" "$SPARE_CLI" plan "$T12" --confidence 1.5
expect indifference-range 2 "--indifference 0: allowed a share of TTT/T0 above 0 and at most 0.5" "$SPARE_CLI" plan "$T12" --indifference 0
expect indifference-text 2 "--indifference 1%%: allowed" "$SPARE_CLI" plan "$T12" --indifference 1%%
expect redundancy-range 2 "--redundancy 2-40: 40 is out of range: allowed 2 .. 12" "$SPARE_CLI" plan "$T12" --redundancy 2-40
expect checkpoint-value 2 "--checkpoint auto,0: \"0\" is not allowed; use auto or interval steps 1 .. 200" "$SPARE_CLI" plan "$T12" --checkpoint auto,0
expect policies-value 2 "--policies spare,none" "$SPARE_CLI" plan "$T12" --policies spare,none
expect no-run-needs-dir 2 "--no-run writes the next round as a campaign: it needs --dir DIR" "$SPARE_CLI" plan "$T12" --no-run
expect dir-and-resume 2 "exclusive" "$SPARE_CLI" plan --dir "$WORK/a" --resume "$WORK/a"
expect resume-missing 2 "plan.json: cannot be read" "$SPARE_CLI" plan --resume "$WORK/none"
expect first-stage-range 2 "--first-stage: '2'" "$SPARE_CLI" plan "$T12" --first-stage 2

expect in-memory 0 '"complete": true' "$SPARE_CLI" plan "$T12" "${PLAN[@]}" --json
printf '%s\n' "$OUT" | grep -v '"command"' >"$WORK/memory.json"
expect report-written 0 "P\(correct selection\) >= 95%" "$SPARE_CLI" plan "$T12" "${PLAN[@]}" --report "$WORK/plan.md"
check report-names-command grep -q "spare-cli plan $T12 --policies spare,rep --redundancy 2-4,6" "$WORK/plan.md"

expect first-round-written 0 "round 0 needs 80 runs" "$SPARE_CLI" plan "$T12" "${PLAN[@]}" --dir "$WORK/p" --no-run
check round-campaign-exists test -f "$WORK/p/round-000/campaign.json"
expect shard-0 0 "shard 0/2" "$SPARE_CLI" campaign run "$WORK/p/round-000/campaign.json" --out "$WORK/p/round-000/results" --shard 0/2 --threads 1
expect shard-1 0 "shard 1/2" "$SPARE_CLI" campaign run "$WORK/p/round-000/campaign.json" --out "$WORK/p/round-000/results" --shard 1/2 --threads 1
expect next-round-written 0 "round 1 needs" "$SPARE_CLI" plan --resume "$WORK/p" --no-run
expect resumed 0 '"complete": true' "$SPARE_CLI" plan --resume "$WORK/p" --threads 2 --json
printf '%s\n' "$OUT" | grep -v '"command"' >"$WORK/folder.json"
check folder-equals-memory cmp -s "$WORK/memory.json" "$WORK/folder.json"
# The command a resumed plan prints names the folder's scenario.json, and gives the same answer.
expect printed-command-reproduces 0 '"complete": true' "$SPARE_CLI" plan "$WORK/p/scenario.json" "${PLAN[@]}" --json
printf '%s\n' "$OUT" | grep -v '"command"' >"$WORK/printed.json"
check printed-command-equals-memory cmp -s "$WORK/memory.json" "$WORK/printed.json"
expect other-plan-refused 2 "holds another plan" "$SPARE_CLI" plan "$T12" "${PLAN[@]}" --confidence 0.9 --dir "$WORK/p"

# Ctrl-C during a plan in a folder: exit 130 and a hint; resuming gives the same answer.
"$SPARE_CLI" plan "$SCEN/paper-n600.json" --threads 1 --dir "$WORK/s" >/dev/null 2>"$WORK/s.err" &
pid=$!
for _ in $(seq 1 200); do [ -d "$WORK/s/round-000/results" ] && break; sleep 0.05; done
sleep 0.3
kill -INT "$pid"; wait "$pid"; rc=$?
check interrupted-exit-130 test "$rc" -eq 130
check interrupted-hint grep -q "go on with spare-cli plan --resume" "$WORK/s.err"
LIMIT_S=120 expect interrupted-resumes 0 '"complete": true' "$SPARE_CLI" plan --resume "$WORK/s" --threads 2 --json
printf '%s\n' "$OUT" | grep -v '"command"' >"$WORK/s-resumed.json"
LIMIT_S=120 expect uninterrupted 0 '"complete": true' "$SPARE_CLI" plan "$SCEN/paper-n600.json" --threads 2 --json
printf '%s\n' "$OUT" | grep -v '"command"' >"$WORK/s-memory.json"
check interrupted-equals-memory cmp -s "$WORK/s-resumed.json" "$WORK/s-memory.json"
finish
