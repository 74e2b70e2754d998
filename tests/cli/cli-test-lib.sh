# Shared helpers for the black-box CLI tests; sourced by each tests/cli/*.sh script.
# Every command runs under a wall-clock limit (timeout) and an address-space limit (prlimit --as),
# so a hang or unbounded growth fails the test instead of the machine.
set -u
: "${SPARE_CLI:?SPARE_CLI must point at the built spare-cli}"
: "${SPARE_SOURCE_DIR:?SPARE_SOURCE_DIR must point at the source tree}"
SCEN="$SPARE_SOURCE_DIR/scenarios"
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
LIMIT_S=${LIMIT_S:-30}             # seconds one command may take
LIMIT_AS=${LIMIT_AS:-4000000000}   # bytes of address space one command may map
# Sanitizer builds map far more address space than they use; the memory bound is then left to the timeout.
[ -n "${ASAN_OPTIONS:-}" ] && LIMIT_AS=unlimited
failures=0
checks=0

# run_bounded CMD... : runs CMD with the limits; sets RC, OUT (stdout) and ERR (stderr).
run_bounded() {
  local out="$WORK/out.$$" err="$WORK/err.$$"
  timeout -k 5 "$LIMIT_S" prlimit --as="$LIMIT_AS" -- "$@" >"$out" 2>"$err" </dev/null
  RC=$?
  OUT=$(head -c 200000 "$out"); ERR=$(head -c 200000 "$err")
  rm -f "$out" "$err"
}

# expect NAME CODE REGEX CMD... : CMD must exit with CODE (within the limits) and its stderr+stdout must
# match the extended REGEX (empty REGEX: anything).
expect() {
  local name=$1 code=$2 regex=$3; shift 3
  checks=$((checks + 1))
  run_bounded "$@"
  local why=""
  if [ "$RC" -eq 124 ] || [ "$RC" -eq 137 ]; then why="ran past ${LIMIT_S} s"
  elif [ "$RC" -ne "$code" ]; then why="exit $RC, expected $code"
  elif [ -n "$regex" ] && ! printf '%s\n%s' "$ERR" "$OUT" | grep -Eq -- "$regex"; then why="output does not match /$regex/"
  fi
  if [ -n "$why" ]; then
    failures=$((failures + 1))
    printf 'FAIL %s: %s\n  command: %s\n  stderr: %s\n' "$name" "$why" "$*" "$(printf '%s' "$ERR" | head -c 600)"
  else
    printf 'PASS %s\n' "$name"
  fi
}

# check NAME CONDITION-COMMAND... : a plain assertion (e.g. a file test) counted like expect.
check() {
  local name=$1; shift
  checks=$((checks + 1))
  if "$@"; then printf 'PASS %s\n' "$name"; else failures=$((failures + 1)); printf 'FAIL %s\n' "$name"; fi
}

finish() {
  printf '%d passed, %d failed\n' "$((checks - failures))" "$failures"
  [ "$failures" -eq 0 ]
}

# require_studio: ends the script (as passed) when spare-studio was not built, else sets it up offscreen.
require_studio() {
  if [ -z "${SPARE_STUDIO:-}" ]; then
    echo "spare-studio not built: nothing to check"
    finish
    exit $?
  fi
  export QT_QPA_PLATFORM=offscreen
}

# refuse_fragment NAME JSON-FRAGMENT REGEX: a teaching-12 copy with the fragment's sections merged in must be
# refused by simulate (exit 2) with a message matching REGEX.
refuse_fragment() {
  local name=$1 fragment=$2 regex=$3
  python3 - "$SCEN/teaching-12.json" "$fragment" "$WORK/$name.json" <<'PY'
import json, sys
doc = json.load(open(sys.argv[1]))
for section, values in json.loads(sys.argv[2]).items():
    if isinstance(values, dict) and isinstance(doc.get(section), dict):
        doc[section].update(values)
    else:
        doc[section] = values
json.dump(doc, open(sys.argv[3], "w"))
PY
  expect "bad $name" 2 "$regex" "$SPARE_CLI" simulate "$WORK/$name.json"
}
