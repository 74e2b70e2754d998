# The correlated-failures what-if from both binaries: spare-cli sweep --rack-share / --layout validate
# their values (exit 2 naming flag, value and range), and every point of spare-studio's
# correlated-failures CSV is the ttt_ratio mean of the matching spare-cli sweep row.
. "$(dirname "$0")/cli-test-lib.sh"
R="$SCEN/teaching-racks.json"
P="$SCEN/teaching-12.json"

expect "rack share 1 rejected" 2 '--rack-share 1: .*allowed 0 <= share < 1' "$SPARE_CLI" sweep "$R" --rack-share 1 -r 3
expect "negative rack share rejected" 2 '--rack-share -0.1: .*allowed 0 <= share < 1' "$SPARE_CLI" sweep "$R" --rack-share -0.1 -r 3
expect "rack share needs a topology" 2 '--rack-share 0.1: .*no topology section' "$SPARE_CLI" sweep "$P" --rack-share 0.1 -r 3
expect "golomb-domain needs a topology" 2 '--layout golomb-domain: cluster.layout: golomb-domain needs a topology' \
  "$SPARE_CLI" sweep "$P" --layout golomb-domain -r 3
expect "rack share 0 on a plain scenario" 0 'ckpt +1 ' "$SPARE_CLI" sweep "$P" --rack-share 0 -r 3 --seeds 1

# The analysis grid of teaching-racks: r = 2..6, seeds 1..3, all 200 steps.
for share in 0 0.1; do
  expect "sweep golomb share $share" 0 '' "$SPARE_CLI" sweep "$R" --layout golomb --rack-share $share -r 2-6 --seeds 3 \
    --out "$WORK/golomb-$share.csv"
  expect "sweep golomb-domain share $share" 0 '' "$SPARE_CLI" sweep "$R" --layout golomb-domain --rack-share $share \
    --policies spare -r 2-6 --seeds 3 --out "$WORK/golomb-domain-$share.csv"
done

require_studio
expect "correlated-failures CSV" 0 '' "$SPARE_STUDIO" --scenario "$R" --export-chart correlated-failures \
  --out "$WORK/c.csv" --quit
check "chart CSV equals spare-cli sweep" python3 -c "
import csv, sys
work = sys.argv[1]
def rows(name):
    return {(r['policy'], int(r['redundancy'])): float(r['ttt_ratio_mean']) for r in csv.DictReader(open(work + '/' + name))}
names = {'SPARe+CKPT': 'spare', 'Rep+CKPT': 'rep', 'CKPT-only': 'ckpt'}
points = [r for r in csv.DictReader(open(work + '/c.csv')) if r['kind'] == 'point']
series = {r['series'] for r in points}
assert len(series) == 8, sorted(series)
for p in points:
    policy, rest = p['series'].split(', ', 1)[0], p['series'].split(', ', 1)[1]
    share = '0.1' if rest.startswith('10% rack') else '0'
    layout = 'golomb'
    if policy.startswith('SPARe+CKPT '):
        policy, layout = policy.split(' ')
    key = names[policy]
    sweep = rows('%s-%s.csv' % (layout, share))
    r = 1 if key == 'ckpt' else int(float(p['x']))
    expected = sweep[(key, r)]
    assert abs(float(p['y']) - expected) <= 1e-9 * expected, (p, expected)
print(len(points), 'points checked')
" "$WORK"
check "rack share changes SPARe golomb" python3 -c "
import csv, sys
a = [r['ttt_ratio_mean'] for r in csv.DictReader(open(sys.argv[1] + '/golomb-0.csv'))]
b = [r['ttt_ratio_mean'] for r in csv.DictReader(open(sys.argv[1] + '/golomb-0.1.csv'))]
assert a != b
" "$WORK"
expect "no topology: chart says so" 0 '' "$SPARE_STUDIO" --scenario "$P" --export-chart correlated-failures \
  --out "$WORK/none.csv" --quit
check "no topology: no points" test "$(grep -c '^point,' "$WORK/none.csv")" -eq 0
finish
