# spare-cli simulate --state-at prints what spare-studio's Run tab shows at a time: on every shipped
# scenario, at 12 times spread over the run (0, evenly spaced points, up to three inside restarts, the end
# and past it), it must equal --run-until time:T --export-state field by field. One studio launch per
# time, four at a time. Under the sanitizers (ASAN_OPTIONS set) 5 times per scenario: the release run
# holds the values, the sanitizer run the memory.
. "$(dirname "$0")/cli-test-lib.sh"
require_studio

expect "--state-at needs --json" 2 'json' "$SPARE_CLI" simulate "$SCEN/teaching-12.json" --state-at 10
expect "--state-at below 0" 2 "--state-at.*-1.*allowed" "$SPARE_CLI" simulate "$SCEN/teaching-12.json" --state-at -1 --json

for scenario in "$SCEN"/*.json; do
  name=$(basename "$scenario" .json)
  "$SPARE_CLI" simulate "$scenario" --json --events "$WORK/$name.csv" > "$WORK/$name.metrics.json"
  # 12 times: 0, the end and past it, the middle of up to three restarts, the rest evenly spread.
  times=$(python3 - "$WORK/$name.metrics.json" "$WORK/$name.csv" "${ASAN_OPTIONS:+5}" <<'PY'
import csv, json, sys
count = int(sys.argv[3]) if len(sys.argv) > 3 and sys.argv[3] else 12
end = json.load(open(sys.argv[1]))['ttt_s']
mids, start = [], None
for row in csv.DictReader(open(sys.argv[2])):
    if row['kind'] == 'restart_start':
        start = float(row['time_s'])
    elif row['kind'] == 'restart_end' and start is not None:
        mids.append((start + float(row['time_s'])) / 2)
        start = None
mids = mids[:min(3, count - 4)]
spread = count - 3 - len(mids)
times = [0.0, end, end * 1.01] + mids + [end * (k + 0.5) / spread for k in range(spread)]
print(' '.join(repr(t) for t in times))
PY
)
  i=0
  for t in $times; do
    printf '%s %s %s\n' "$scenario" "$t" "$WORK/$name.$i" >> "$WORK/jobs"
    i=$((i + 1))
  done
done

# Each studio launch is mostly start-up: four at a time keep the whole check within a CI minute or two.
export SPARE_CLI SPARE_STUDIO LIMIT_S LIMIT_AS
xargs -P 4 -L 1 bash -c '
  "$SPARE_CLI" simulate "$0" --state-at "$1" --json > "$2.cli.json"
  timeout -k 5 "$LIMIT_S" prlimit --as="$LIMIT_AS" -- \
    "$SPARE_STUDIO" --scenario "$0" --run-until "time:$1" --export-state "$2.studio.json" --quit 2>/dev/null
  true' < "$WORK/jobs"

while read -r scenario t prefix; do
  check "$(basename "$scenario" .json) at $t" python3 - "$prefix.cli.json" "$prefix.studio.json" <<'PY'
import json, sys
cli, studio = (json.load(open(p)) if open(p).read().strip() else {} for p in sys.argv[1:])
if not cli or cli != studio:
    for key in sorted(set(cli) | set(studio)):
        if cli.get(key) != studio.get(key):
            print(f'  {key}: cli {cli.get(key)!r}, studio {studio.get(key)!r}')
    sys.exit(1)
PY
done < "$WORK/jobs"
finish
