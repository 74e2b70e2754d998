# The time breakdown from both binaries: spare-cli simulate prints it (text and JSON, parts summing to
# TTT), spare-studio exports the time-breakdown chart in every format, its CSV rows sum to each bar's
# TTT, and its bars are the means of spare-cli runs over the analysis seeds.
. "$(dirname "$0")/cli-test-lib.sh"
T="$SCEN/teaching-12.json"

expect "simulate prints every part" 0 'where the time went.*' "$SPARE_CLI" simulate "$T"
check "every part has a row" test "$(printf '%s\n' "$OUT" | sed -n '/where the time went/,$p' | grep -c ' (.*%)$')" -eq 14
expect "fixed check per decision and per step" 0 'fixed check settles +[0-9.]+ % of decisions; [0-9.]+ % of executed steps need no reorder' \
  "$SPARE_CLI" simulate "$T"
for policy in spare rep ckpt; do
  for seed in 1 2 3; do
    "$SPARE_CLI" simulate "$T" --policy $policy --seed $seed --json > "$WORK/$policy-$seed.json"
  done
  check "$policy JSON parts sum to ttt_s" python3 -c "
import json, sys
d = json.load(open(sys.argv[1]))
parts = d['time_breakdown']
assert len(parts) == 14, parts
assert abs(sum(parts.values()) - d['ttt_s']) <= 1e-9 * d['ttt_s'], (sum(parts.values()), d['ttt_s'])
" "$WORK/$policy-1.json"
done

require_studio
for ext in csv png svg pdf; do
  expect "time-breakdown .$ext" 0 '' "$SPARE_STUDIO" --scenario "$T" --export-chart time-breakdown --out "$WORK/b.$ext" --quit
  check "time-breakdown .$ext written" test -s "$WORK/b.$ext"
done
check "CSV columns" test "$(head -1 "$WORK/b.csv")" = "bar,policy,redundancy,part,seconds,share_of_ttt,ttt_s"
check "CSV rows sum to TTT per bar" python3 -c "
import csv, sys
bars = {}
for row in csv.DictReader(open(sys.argv[1])):
    bar = bars.setdefault(row['bar'], {'sum': 0.0, 'ttt': float(row['ttt_s']), 'parts': 0})
    bar['sum'] += float(row['seconds'])
    bar['parts'] += 1
assert len(bars) >= 3, bars
for name, bar in bars.items():
    assert bar['parts'] == 14, name
    assert abs(bar['sum'] - bar['ttt']) <= 1e-3 * bar['ttt'], (name, bar)
" "$WORK/b.csv"
# The analysis runs seeds 1..3 (run.seed = 1) at each r; its CKPT-only bar and SPARe's r = 3 bar are
# the means of these spare-cli runs.
for seed in 1 2 3; do
  "$SPARE_CLI" simulate "$T" --policy spare -r 3 --seed $seed --json > "$WORK/spare3-$seed.json"
done
check "bars reproduced by spare-cli" python3 -c "
import csv, json, sys
work = sys.argv[1]
rows = list(csv.DictReader(open(work + '/b.csv')))
for bar, prefix in (('CKPT-only', 'ckpt'), ('SPARe r=3', 'spare3')):
    runs = [json.load(open('%s/%s-%d.json' % (work, prefix, s)))['time_breakdown'] for s in (1, 2, 3)]
    for row in (r for r in rows if r['bar'] == bar):
        mean = sum(run[row['part']] for run in runs) / 3
        assert abs(float(row['seconds']) - mean) <= 1e-9 * max(1.0, mean), (bar, row['part'], row['seconds'], mean)
" "$WORK"
expect "unknown chart name lists time-breakdown" 2 "--export-chart 'time': allowed .*time-breakdown" \
  "$SPARE_STUDIO" --scenario "$T" --export-chart time --out "$WORK/x.csv" --quit
finish
