#!/usr/bin/env bash
# spare-cli plan: strict flags; a plan run in rounds through campaign folders (the next round written
# with --no-run, run as two shards elsewhere, then resumed) gives the same figures as one run in memory;
# a folder of another plan is refused; Ctrl-C stops a plan that resumes to the same answer; hostile
# result files, extreme flags, full disks and FIFOs end with a message naming what to change.
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
expect redundancy-empty 2 '--redundancy "" is empty; allowed: r values 2 \.\. 12' "$SPARE_CLI" plan "$T12" --redundancy ""
expect redundancy-reversed 2 '--redundancy 4-2: "4-2" is a reversed range; allowed: LOW-HIGH with LOW <= HIGH' \
  "$SPARE_CLI" plan "$T12" --redundancy 4-2
expect redundancy-20-digits 2 '"99999999999999999999" is out of range: allowed 2 \.\. 12' \
  "$SPARE_CLI" plan "$T12" --redundancy 99999999999999999999
expect memory-terms-add-up 2 'needs about 16 MB \(16 MB for the program itself \+ 2 runs at once x [^ ]+ [KMG]?B each: 12 groups x [0-9]+ B\)' \
  "$SPARE_CLI" plan "$T12" --threads 2 --memory-limit 1K
expect tiny-zone-refused 2 "indifference: 1e-09 is too small .* allowed for this scenario: [0-9.e-]+ \.\. 0\.5" \
  "$SPARE_CLI" plan "$T12" --policies spare --redundancy 2,3 --indifference 1e-9 --threads 2
expect confidence-digits 0 "P\(correct selection\) >= 99\.9%" "$SPARE_CLI" plan "$T12" --policies spare --redundancy 2,3 --confidence 0.999 --threads 2
check confidence-not-100 bash -c '! printf "%s" "$1" | grep -q "100%"' _ "$OUT"
python3 -c 'print("[" * 1000000)' >"$WORK/brackets.json"
expect brackets-message-bounded 2 "brackets.json: .*\.\.\.\([0-9]+ characters\)\.\.\." "$SPARE_CLI" plan "$WORK/brackets.json"
check brackets-message-short test "$(printf '%s' "$ERR" | wc -c)" -lt 4000

# Output paths are checked before the plan starts; a full disk exits 1, not 2.
expect report-folder-missing 2 "--report $WORK/none/plan.md: folder $WORK/none does not exist" \
  "$SPARE_CLI" plan "$T12" --report "$WORK/none/plan.md"
check report-folder-missing-no-work bash -c '! printf "%s" "$1" | grep -q "first stage"' _ "$ERR"
# A folder that refuses new files whatever its permission bits say (root passes access()).
expect report-folder-refuses-files 2 "--report /proc/plan.md: .*cannot|--report /proc/plan.md: folder /proc is not writable" \
  "$SPARE_CLI" plan "$T12" --policies spare --redundancy 2,3 --threads 2 --report /proc/plan.md
check report-folder-refuses-files-no-work bash -c '! printf "%s" "$1" | grep -q "round"' _ "$ERR"
expect report-is-directory 2 "--report $WORK: is a directory" "$SPARE_CLI" plan "$T12" --report "$WORK"
expect report-full-disk 1 "--report /dev/full: cannot write: No space left on device" \
  "$SPARE_CLI" plan "$T12" --policies spare --redundancy 2,3 --threads 2 --report /dev/full
expect dir-not-folder 2 "--dir /dev/full: is not a folder" "$SPARE_CLI" plan "$T12" --dir /dev/full

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
expect resume-flags-refused 2 "--resume $WORK/p: --policies, --confidence cannot change a plan under way: its folder fixes them" \
  "$SPARE_CLI" plan --resume "$WORK/p" --confidence 0.8 --policies ckpt

# Results read back on resume are checked: a bad ttt_ratio names the file, line, run, value and range.
SHARD0="$WORK/p/round-000/results/shard-00000-of-00002.tsv"
for v in nan inf 1e308 -1 0 abc -1e308 ""; do
  rm -rf "$WORK/bad" && cp -r "$WORK/p" "$WORK/bad"
  awk -v v="$v" 'BEGIN { FS = OFS = "\t" } NR == 1 { $8 = v } { print }' "$SHARD0" >"$WORK/bad/round-000/results/shard-00000-of-00002.tsv"
  expect "resume-ttt-ratio-$v" 2 "shard-00000-of-00002.tsv: line 1: run [0-9a-f]{16} \(.* replicate [0-9]+\): ttt_ratio \"$v\" is (not a finite number|out of range); allowed: a finite number 1 \.\. 100 \(max_ttt_ratio\)" \
    "$SPARE_CLI" plan --resume "$WORK/bad" --threads 2
done
rm -rf "$WORK/bad" && cp -r "$WORK/p" "$WORK/bad"
printf 'not a result line\n' >>"$WORK/bad/round-000/results/shard-00000-of-00002.tsv"
expect resume-malformed-line 2 "shard-00000-of-00002.tsv: line [0-9]+: not a result line" "$SPARE_CLI" plan --resume "$WORK/bad" --threads 2
rm -rf "$WORK/bad" && cp -r "$WORK/p" "$WORK/bad"
python3 - "$SHARD0" "$WORK/bad/round-000/results/shard-00000-of-00002.tsv" <<'PY'
import sys
lines = open(sys.argv[1]).read().split("\n")
first = lines[0].split("\t")
lines[0] = "\t".join(first[:1] + ["failed"] + first[2:4] + [" " * 1000000])
open(sys.argv[2], "w").write("\n".join(lines))
PY
expect resume-failed-run-bounded 2 "line 1: run [0-9a-f]{16} .* failed: \" +\.\.\.\"" "$SPARE_CLI" plan --resume "$WORK/bad" --no-run
check resume-failed-run-short test "$(printf '%s' "$ERR" | wc -c)" -lt 2000
# FIFOs where files are read or written: refused, or stopped by a signal, never a hang.
rm -rf "$WORK/bad" && cp -r "$WORK/p" "$WORK/bad" && mkfifo "$WORK/bad/round-000/results/shard-00009-of-00010.tsv"
expect resume-fifo-shard 2 "shard-00009-of-00010.tsv: not a regular file" "$SPARE_CLI" plan --resume "$WORK/bad" --threads 2
mkdir "$WORK/fifo-plan" && mkfifo "$WORK/fifo-plan/plan.json"
expect resume-fifo-plan 2 "plan.json: not a regular file" "$SPARE_CLI" plan --resume "$WORK/fifo-plan"
mkfifo "$WORK/fifo"
expect scenario-fifo 2 "fifo: is a FIFO; a regular file is needed" "$SPARE_CLI" plan "$WORK/fifo"
for sig in INT TERM; do
  "$SPARE_CLI" plan "$T12" --policies spare --redundancy 2,3 --threads 2 --report "$WORK/fifo" >/dev/null 2>"$WORK/fifo.err" &
  pid=$!
  for _ in $(seq 1 100); do grep -q "round" "$WORK/fifo.err" && break; sleep 0.05; done
  sleep 1
  kill -"$sig" "$pid"
  for _ in $(seq 1 20); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  check "report-fifo-sig$sig-ends-within-2s" bash -c '! kill -0 "$1" 2>/dev/null' _ "$pid"
  kill -KILL "$pid" 2>/dev/null; wait "$pid"; rc=$?
  check "report-fifo-sig$sig-exit-130" test "$rc" -eq 130
done

# Ctrl-C during a plan in a folder: exit 130 and a hint; resuming gives the same answer.
"$SPARE_CLI" plan "$SCEN/paper-n600.json" --threads 1 --dir "$WORK/s" >/dev/null 2>"$WORK/s.err" &
pid=$!
for _ in $(seq 1 200); do [ -d "$WORK/s/round-000/results" ] && break; sleep 0.05; done
sleep 0.3
kill -INT "$pid"; wait "$pid"; rc=$?
check interrupted-exit-130 test "$rc" -eq 130
check interrupted-hint grep -q "go on with spare-cli plan --resume" "$WORK/s.err"
# The runs counted are those saved in the folder (the stopped round's too).
saved=$(cat "$WORK"/s/round-*/results/shard-*.tsv 2>/dev/null | grep -c "	ok	")
check interrupted-counts-saved-runs grep -q "after $saved runs, saved in" "$WORK/s.err"
LIMIT_S=120 expect interrupted-resumes 0 '"complete": true' "$SPARE_CLI" plan --resume "$WORK/s" --threads 2 --json
printf '%s\n' "$OUT" | grep -v '"command"' >"$WORK/s-resumed.json"
LIMIT_S=120 expect uninterrupted 0 '"complete": true' "$SPARE_CLI" plan "$SCEN/paper-n600.json" --threads 2 --json
printf '%s\n' "$OUT" | grep -v '"command"' >"$WORK/s-memory.json"
check interrupted-equals-memory cmp -s "$WORK/s-resumed.json" "$WORK/s-memory.json"
finish
