#!/usr/bin/env bash
# Outputs: device nodes and FIFOs are written in place (never replaced), symlinks are followed, write
# errors and unusable paths exit 2 naming flag and path before any work, one file per output, and no
# hidden temp file survives SIGINT or SIGTERM.
source "$(dirname "$0")/cli-test-lib.sh"
T="$SCEN/teaching-12.json"
HEADER="time_s,duration_s,kind"
# A run long enough to be interrupted (and to show that path checks come before the work).
printf '{"cluster":{"groups":12,"redundancy":3},"workload":{"steps":10000000},"checkpoint":{"interval_steps":100}}' >"$WORK/long.json"

# Device nodes: /dev/null stays the system's sink, /dev/full reports the error (a failing device: exit 1).
expect dev-null-sink 0 "completed +yes" "$SPARE_CLI" simulate "$T" --events /dev/null --trace /dev/null
check dev-null-still-a-device test -c /dev/null
expect dev-full 1 "--events /dev/full: cannot write: No space left on device" "$SPARE_CLI" simulate "$T" --events /dev/full
expect dev-full-trace 1 "--trace /dev/full: cannot write: No space left on device" "$SPARE_CLI" simulate "$T" --trace /dev/full

# FIFO: written in place for the reader on the other end.
mkfifo "$WORK/pipe.csv"
(timeout 30 cat "$WORK/pipe.csv" >"$WORK/from-pipe.csv") &
reader=$!
expect fifo 0 "completed +yes" "$SPARE_CLI" simulate "$T" --events "$WORK/pipe.csv"
wait "$reader"
check fifo-still-a-fifo test -p "$WORK/pipe.csv"
check fifo-reader-got-events grep -q "^$HEADER" "$WORK/from-pipe.csv"

# Symlink: followed, its target replaced, the link kept; a dangling link creates its target.
echo old >"$WORK/real.csv"
ln -s real.csv "$WORK/link.csv"
expect symlink 0 "completed +yes" "$SPARE_CLI" simulate "$T" --events "$WORK/link.csv"
check symlink-kept test -L "$WORK/link.csv"
check symlink-target-replaced grep -q "^$HEADER" "$WORK/real.csv"
ln -s made-by-link.csv "$WORK/dangling.csv"
expect symlink-dangling 0 "completed +yes" "$SPARE_CLI" simulate "$T" --events "$WORK/dangling.csv"
check symlink-dangling-kept test -L "$WORK/dangling.csv"
check symlink-dangling-target grep -q "^$HEADER" "$WORK/made-by-link.csv"

# One file per output, whatever the spelling.
expect same-path 2 "--trace .*/a.json and --events .*/a.json name the same file" \
  "$SPARE_CLI" simulate "$T" --trace "$WORK/a.json" --events "$WORK/a.json"
expect same-path-spelled 2 "--trace .*/a.json and --events .*/\./a.json name the same file" \
  "$SPARE_CLI" simulate "$T" --trace "$WORK/a.json" --events "$WORK/./a.json"
expect same-path-via-link 2 "--trace .*/real.csv and --events .*/link.csv name the same file" \
  "$SPARE_CLI" simulate "$T" --trace "$WORK/real.csv" --events "$WORK/link.csv"
check same-path-nothing-written test ! -e "$WORK/a.json"

# Unusable paths fail before the (long) run, naming flag and path.
expect missing-folder 2 "--events /nonexistent-dir/x.csv: folder /nonexistent-dir does not exist" \
  "$SPARE_CLI" simulate "$WORK/long.json" --events /nonexistent-dir/x.csv
expect missing-folder-trace 2 "--trace /nonexistent-dir/x.json: folder /nonexistent-dir does not exist" \
  "$SPARE_CLI" simulate "$WORK/long.json" --trace /nonexistent-dir/x.json
mkdir "$WORK/adir"
expect output-is-directory 2 "--events .*/adir: is a directory" "$SPARE_CLI" simulate "$WORK/long.json" --events "$WORK/adir"
if [ "$(id -u)" -ne 0 ]; then  # root may write anywhere
  mkdir "$WORK/readonly" && chmod 555 "$WORK/readonly"
  expect read-only-folder 2 "--events .*/readonly/x.csv: folder .*/readonly is not writable" \
    "$SPARE_CLI" simulate "$WORK/long.json" --events "$WORK/readonly/x.csv"
fi

# SIGINT and SIGTERM remove the hidden temp files. Job control keeps SIGINT deliverable to the
# background job (a non-interactive shell would start it with SIGINT ignored).
interrupt() {  # interrupt NAME SIGNAL EXPECTED-STATUS
  local name=$1 signal=$2 status=$3 dir="$WORK/sig-$1" found=no
  mkdir "$dir"
  set -m
  "$SPARE_CLI" simulate "$WORK/long.json" --events "$dir/events.csv" --trace "$dir/trace.json" >/dev/null 2>&1 &
  local pid=$!
  set +m
  for _ in $(seq 300); do
    if ls -A "$dir" | grep -q '\.tmp-'; then found=yes; break; fi
    sleep 0.1
  done
  check "$name-temp-file-while-running" test "$found" = yes
  kill "-$signal" "$pid"
  wait "$pid"
  local rc=$?
  check "$name-killed-by-signal" test "$rc" -eq "$status"
  check "$name-no-temp-file-left" test -z "$(ls -A "$dir")"
}
interrupt sigint INT 130
interrupt sigterm TERM 143

# A signal that lands right after a temp file was created still removes it: kill as soon as the file
# shows, many times over (a registration after creation lost the file about once in 30 runs).
leftovers=0
for run in $(seq 40); do
  dir="$WORK/race-$run"
  mkdir "$dir"
  set -m
  "$SPARE_CLI" simulate "$WORK/long.json" --events "$dir/events.csv" --trace "$dir/trace.json" >/dev/null 2>&1 &
  pid=$!
  set +m
  for _ in $(seq 100000); do
    if ls -A "$dir" | grep -q '\.tmp-'; then break; fi
  done
  kill -TERM "$pid"
  wait "$pid"
  [ -z "$(ls -A "$dir")" ] || leftovers=$((leftovers + 1))
done
check sigterm-at-creation-no-temp-file-left test "$leftovers" -eq 0

# The GUI checks its output paths before computing, and --out's format at parse time.
if [ -n "${SPARE_STUDIO:-}" ]; then
  expect studio-out-missing-folder 2 "--out '/nonexistent-dir/x.png': folder /nonexistent-dir does not exist" \
    "$SPARE_STUDIO" --scenario "$SCEN/paper-n200.json" --export-chart throughput-vs-r --out /nonexistent-dir/x.png --quit
  expect studio-out-jpg 2 "--out '.*/x.jpg': allowed a file name ending in .png, .svg, .pdf or .csv" \
    "$SPARE_STUDIO" --scenario "$SCEN/paper-n200.json" --export-chart throughput-vs-r --out "$WORK/x.jpg" --quit
  expect studio-screenshot-missing-folder 2 "--screenshot '/nonexistent-dir/x.png': folder /nonexistent-dir does not exist" \
    "$SPARE_STUDIO" --screenshot /nonexistent-dir/x.png --quit
fi

finish
