#!/usr/bin/env bash
# Resume after SIGKILL: a campaign run is killed mid-run (kill -9), leaving whole lines and at most one
# partial line; running it again skips the finished runs, drops the partial line, writes no run twice,
# and the merged table equals that of an uninterrupted run.
source "$(dirname "$0")/cli-test-lib.sh"
cat >"$WORK/slow.json" <<'JSON'
{
  "name": "resume",
  "base": {"cluster": {"groups": 20, "redundancy": 3}, "workload": {"steps": 12000, "allreduce_s": 0.4}},
  "grid": {"cluster.redundancy": "2-5", "run.policy": ["spare", "rep"]},
  "replication": {"seeds": 2}
}
JSON
expect uninterrupted 0 "16 runs done now" "$SPARE_CLI" campaign run "$WORK/slow.json" --shard 0/1 --threads 1 --out "$WORK/clean"
expect merge-clean 0 "merged 16 runs" "$SPARE_CLI" campaign merge "$WORK/clean" --out "$WORK/clean.csv"

file="$WORK/killed/shard-00000-of-00001.tsv"
"$SPARE_CLI" campaign run "$WORK/slow.json" --shard 0/1 --threads 1 --out "$WORK/killed" >/dev/null 2>&1 &
pid=$!
for _ in $(seq 1 400); do [ -f "$file" ] && [ "$(wc -l <"$file")" -ge 3 ] && break; sleep 0.02; done
kill -9 "$pid"; wait "$pid" 2>/dev/null
lines=$(wc -l <"$file")
check killed-mid-campaign test "$lines" -ge 3 -a "$lines" -lt 16
check no-broken-complete-line bash -c "awk -F'\t' 'NF < 30 {exit 1}' '$file'"
# What a kill inside write() would leave: an unterminated tail. It must be ignored, then dropped.
printf '0123456789abcdef\tok\t0.5' >>"$file"
expect status-sees-partial-line 0 "end in a partial line" "$SPARE_CLI" campaign status "$WORK/killed"
expect resume 0 "already done" "$SPARE_CLI" campaign run "$WORK/slow.json" --shard 0/1 --threads 1 --out "$WORK/killed"
check resumed-file-has-16-lines test "$(wc -l <"$file")" -eq 16
check no-run-twice test -z "$(cut -f1 "$file" | sort | uniq -d)"
check file-ends-with-newline test "$(tail -c1 "$file" | od -An -c | tr -d ' ')" = '\n'
expect merge-resumed 0 "merged 16 runs .*0 missing" "$SPARE_CLI" campaign merge "$WORK/killed" --out "$WORK/resumed.csv"
check resumed-equals-uninterrupted cmp -s "$WORK/clean.csv" "$WORK/resumed.csv"
finish
