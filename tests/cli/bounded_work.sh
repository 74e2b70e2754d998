#!/usr/bin/env bash
# Bounded work on allowed but extreme inputs: runs stop at their limits and say which, grids and layouts
# are checked against the scenario limits before any work, a run's memory is estimated and refused
# above the budget, input files are checked before they are read, and running out of memory exits 1.
source "$(dirname "$0")/cli-test-lib.sh"

# scenario_with FILE SED-EXPRESSION... : a copy of a shipped scenario in $WORK with values replaced.
scenario_with() {
  local name=$1 source=$2; shift 2
  sed "$@" "$SCEN/$source" >"$WORK/$name"
  printf '%s' "$WORK/$name"
}

p600_01=$(scenario_with p600-mtbf-0.1.json paper-n600.json -e 's/"system_mtbf_s": 300.0/"system_mtbf_s": 0.1/')
p600_03=$(scenario_with p600-mtbf-0.3.json paper-n600.json -e 's/"system_mtbf_s": 300.0/"system_mtbf_s": 0.3/')
t12_1=$(scenario_with t12-mtbf-1.json teaching-12.json -e 's/"system_mtbf_s": 600.0/"system_mtbf_s": 1.0/')
grep -q '"system_mtbf_s": 0.1' "$p600_01" && grep -q '"system_mtbf_s": 1.0' "$t12_1" || { echo "FAIL scenario edits"; exit 1; }

# A small address space for the runs that must keep nothing per failure (sanitizer builds map far
# more than they use: the harness then leaves the bound to the timeout).
SMALL_AS=400000000
[ "$LIMIT_AS" = unlimited ] && SMALL_AS=unlimited

# --- Restarts that failures keep extending stop at the limits and name them.
LIMIT_AS=$SMALL_AS expect "mtbf 0.1 stops at --until" 0 '"stop_reason": "until"' \
  "$SPARE_CLI" simulate "$p600_01" --until 1000 --json
check "mtbf 0.1 run is incomplete at exactly 1000 s" \
  bash -c 'printf "%s" "$0" | grep -q "\"completed\": false" && printf "%s" "$0" | grep -q "\"ttt_s\": 1000,"' "$OUT"
LIMIT_AS=$SMALL_AS expect "mtbf 0.3 stops at --until 100000" 0 '"ttt_s": 100000,' \
  "$SPARE_CLI" simulate "$p600_03" --until 100000 --json
LIMIT_AS=$SMALL_AS expect "mtbf 0.3 stops at the TTT cap" 0 '"stop_reason": "max_ttt_ratio"' \
  "$SPARE_CLI" simulate "$p600_03" --max-ttt-ratio 0.5 --json
check "the TTT cap is not passed" bash -c 'printf "%s" "$0" | grep -q "\"ttt_ratio\": 0.5,"' "$OUT"
expect "plain output names the limit" 0 'completed +no \(stopped at the until limit\)' \
  "$SPARE_CLI" simulate "$t12_1" --until 1000 --max-ttt-ratio 1
expect "teaching-12 mtbf 1 with events stops at --until" 0 '"stop_reason": "until"' \
  "$SPARE_CLI" simulate "$t12_1" --until 1000 --max-ttt-ratio 1 --events "$WORK/t12.csv" --json
check "its events file stays small" test "$(stat -c %s "$WORK/t12.csv")" -lt 1000000
expect "--max-ttt-ratio 0 is refused" 2 "--max-ttt-ratio: '0' is out of range; allowed: > 0 \.\. 1e6" \
  "$SPARE_CLI" simulate "$SCEN/teaching-12.json" --policy ckpt --max-ttt-ratio 0
expect "--max-ttt-ratio \"\" is refused" 2 '--max-ttt-ratio' \
  "$SPARE_CLI" simulate "$SCEN/teaching-12.json" --policy ckpt --max-ttt-ratio ""

# --- The events CSV is capped and says so.
expect "events cap" 0 '' "$SPARE_CLI" simulate "$t12_1" --max-ttt-ratio 1000 --events "$WORK/cap.csv" --events-limit 1000
check "capped file: header + 1000 rows + the cap row" test "$(wc -l <"$WORK/cap.csv")" -eq 1002
check "the last row states the cap" bash -c 'tail -n 1 "$0" | grep -q ",events_capped,.*,1000,event cap of 1000 rows reached; later events omitted$"' "$WORK/cap.csv"
expect "--events-limit 0 is refused" 2 "--events-limit: '0' is out of range; allowed: an integer 1 \.\. 1000000000" \
  "$SPARE_CLI" simulate "$t12_1" --events "$WORK/x.csv" --events-limit 0

# --- Ranges are checked against the scenario limits before any work.
expect "sweep --redundancy 2147483647" 2 '--redundancy 2147483647: 2147483647 is out of range: allowed 1 \.\. 12' \
  "$SPARE_CLI" sweep "$SCEN/teaching-12.json" --redundancy 2147483647
expect "sweep --redundancy 2-2147483647" 2 'is out of range: allowed 1 \.\. 12' \
  "$SPARE_CLI" sweep "$SCEN/teaching-12.json" --redundancy 2-2147483647
expect "sweep --redundancy past int" 2 '"99999999999" is out of range: allowed 1 \.\. 12' \
  "$SPARE_CLI" sweep "$SCEN/teaching-12.json" --redundancy 99999999999
expect "layout -N 10000 -r 10000" 2 "--redundancy: '10000' is out of range; allowed: an integer 1 \.\. 64" \
  "$SPARE_CLI" layout -N 10000 -r 10000
expect "layout r at the limit is quick" 0 'redundancy +64' "$SPARE_CLI" layout -N 10000 -r 64

# --- Know the cost before starting: memory estimate against the budget.
n10m=$(scenario_with n10m.json paper-n600.json -e 's/"groups": 600/"groups": 10000000/' -e 's/"redundancy": 8/"redundancy": 32/')
# Under the sanitizers commands map without a limit, so the default budget is half of physical memory,
# which may hold this run: name a budget there.
budget=(); [ "$LIMIT_AS" = unlimited ] && budget=(--memory-limit 2G)
expect "10^7 groups refused before any work" 2 'needs about [0-9.]+ GB \([0-9.]+ MB for the program itself \+ 1 run at once x [0-9.]+ GB each: 10000000 groups x [0-9]+ B\), over the memory budget of' \
  "$SPARE_CLI" simulate "$n10m" "${budget[@]}"
expect "--memory-limit names estimate and budget" 2 'needs about [0-9]+ MB .* over the memory budget of 100 MB; .*--memory-limit' \
  "$SPARE_CLI" simulate "$(scenario_with n1m.json paper-n600.json -e 's/"groups": 600/"groups": 1000000/')" --memory-limit 100M
expect "--memory-limit malformed" 2 '--memory-limit 8X is malformed' "$SPARE_CLI" simulate "$SCEN/teaching-12.json" --memory-limit 8X
expect "sweep counts its workers" 2 'runs at once x [^ ]+ [KMG]?B each: 12 groups' \
  "$SPARE_CLI" sweep "$SCEN/teaching-12.json" --threads 2 --memory-limit 1M
expect "paper-table is estimated too" 2 'paper-n1000: the run needs about .* over the memory budget of 1.0 MB' \
  "$SPARE_CLI" paper-table --memory-limit 1M
expect "a run within --memory-limit runs" 0 '"completed": true' "$SPARE_CLI" simulate "$SCEN/teaching-12.json" --memory-limit 64M --json

# --- Long Monte-Carlo runs report progress in logs, with the time left.
expect "montecarlo progress in logs" 0 'montecarlo: 50000/100000 trials \(50%\), .* elapsed, about .* left' \
  "$SPARE_CLI" montecarlo -N 12 -r 3 -T 100000

# --- Input files: only regular files within the size limits, refused before reading.
mkfifo "$WORK/fifo"
expect "scenario /dev/zero" 2 'scenario file: /dev/zero: is a character device; a regular file is needed' \
  "$SPARE_CLI" simulate /dev/zero
expect "scenario is a directory" 2 'scenario file: .*: is a directory' "$SPARE_CLI" simulate "$WORK"
expect "scenario is a FIFO" 2 'scenario file: .*fifo: is a FIFO' "$SPARE_CLI" simulate "$WORK/fifo"
zero_trace=$(scenario_with zero-trace.json teaching-12.json -e 's|"model": "weibull"|"model": "trace"|' -e 's|"trace": ""|"trace": "/dev/zero"|')
expect "failures.trace /dev/zero" 2 'failures.trace: /dev/zero: is a character device' "$SPARE_CLI" simulate "$zero_trace"
expect "scenario over --max-scenario-size" 2 'is [0-9.]+ KB, over the limit of 100 B \(--max-scenario-size to change\)' \
  "$SPARE_CLI" simulate "$SCEN/teaching-12.json" --max-scenario-size 100
printf 'time_s,group\n1,0\n2,1\n' >"$WORK/small.csv"
small_trace=$(scenario_with small-trace.json teaching-12.json -e 's|"model": "weibull"|"model": "trace"|' -e "s|\"trace\": \"\"|\"trace\": \"$WORK/small.csv\"|")
expect "trace within the limit" 0 '"completed": true' "$SPARE_CLI" simulate "$small_trace" --json
expect "trace over --max-trace-size" 2 'failures.trace: .*small.csv: is [0-9]+ B, over the limit of 10 B \(--max-trace-size to change\)' \
  "$SPARE_CLI" --max-trace-size 10 simulate "$small_trace"
expect "layout file /dev/zero" 2 'layout file: /dev/zero: is a character device' \
  "$SPARE_CLI" layout -N 12 -r 3 --layout /dev/zero

# --- Out of memory exits 1 with one line, never signal 6 (needs a real address-space limit).
if [ "$LIMIT_AS" != unlimited ]; then
  LIMIT_AS=1000000000 expect "reorder out of memory" 1 '^spare-cli: out of memory' \
    "$SPARE_CLI" reorder --groups 1000000 --redundancy 9 --failed 0,1,2 --json
fi

# --- The GUI ends on the same run.
if [ -n "${SPARE_STUDIO:-}" ] && [ -x "$SPARE_STUDIO" ]; then
  LIMIT_S=120 expect "studio screenshot of the mtbf 0.1 scenario quits" 0 '' \
    "$SPARE_STUDIO" --scenario "$p600_01" --screenshot "$WORK/x.png" --quit
  expect "studio refuses 10^7 groups before any work" 2 'cluster.groups: the run needs about [0-9.]+ GB \([0-9.]+ MB for the program itself \+ 3 runs at once x [0-9.]+ GB each: 10000000 groups x [0-9]+ B\), over the memory budget of' \
    "$SPARE_STUDIO" --scenario "$n10m" --screenshot "$WORK/n10m.png" --quit "${budget[@]}"
  check "nothing written for the refused run" test ! -e "$WORK/n10m.png"
  expect "studio --memory-limit names the budget" 2 'the run needs about [0-9.]+ MB .* over the memory budget of 100 MB' \
    "$SPARE_STUDIO" --scenario "$(scenario_with n1m-studio.json paper-n600.json -e 's/"groups": 600/"groups": 1000000/')" \
    --screenshot "$WORK/n1m.png" --quit --memory-limit 100M
  expect "studio --memory-limit malformed" 2 "--memory-limit '8X' is malformed" \
    "$SPARE_STUDIO" --scenario "$SCEN/teaching-12.json" --memory-limit 8X --quit
fi

finish
