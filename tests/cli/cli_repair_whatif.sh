# The repair what-if from both binaries: spare-cli sweep --spare-nodes / --swap-s / --rejoin validate
# their lists (exit 2 naming flag, value and range), the CSV has one row per point and policy, and every
# point of spare-studio's repair-spares and repair-swap charts is the ttt_ratio mean of the matching
# spare-cli sweep row.
. "$(dirname "$0")/cli-test-lib.sh"
P="$SCEN/teaching-12.json"

expect "negative pool rejected" 2 "--spare-nodes: '-1' is out of range; allowed: an integer 0 .. 10000000" \
  "$SPARE_CLI" sweep "$P" --spare-nodes 0,-1 -r 3
expect "pool not an integer" 2 "--spare-nodes: '4.5' is not" "$SPARE_CLI" sweep "$P" --spare-nodes 4.5 -r 3
expect "swap time 0 rejected" 2 "--swap-s: '0' is out of range; allowed: > 0 .. 1e9" \
  "$SPARE_CLI" sweep "$P" --swap-s 300,0 -r 3
expect "infinite swap time rejected" 2 "--swap-s: 'inf' is not" "$SPARE_CLI" sweep "$P" --swap-s inf -r 3
expect "unknown rejoin rule" 2 "--rejoin: 'never' is not allowed; allowed: none \| at_step" \
  "$SPARE_CLI" sweep "$P" --rejoin none,never -r 3
expect "table" 0 'spare nodes +swap s rejoin' "$SPARE_CLI" sweep "$P" --spare-nodes 4 --swap-s 300 --rejoin at_step \
  -r 3 --seeds 1 --policies spare

# The Analysis grid of teaching-12: r = 3 (r* = 4 capped at N/4), SPARe and Rep, one seed, pools 0, 4, 16, 64,
# swaps 300 s, 1800 s, 3 h, rejoin none and at_step.
expect "sweep" 0 '' "$SPARE_CLI" sweep "$P" --policies spare,rep -r 3 --seeds 1 --spare-nodes 0,4,16,64 \
  --swap-s 300,1800,10800 --rejoin none,at_step --out "$WORK/repair.csv"
check "one row per point and policy" python3 -c "
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
assert len(rows) == 4 * 3 * 2 * 2, len(rows)
assert {(r['spare_nodes'], r['swap_s'], r['rejoin'], r['policy']) for r in rows} == {
    (s, w, j, p) for s in ('0', '4', '16', '64') for w in ('300', '1800', '10800')
    for j in ('none', 'at_step') for p in ('spare', 'rep')}
assert all(r['redundancy'] == '3' and r['runs'] == '1' for r in rows)
" "$WORK/repair.csv"

require_studio
expect "repair-spares CSV" 0 '' "$SPARE_STUDIO" --scenario "$P" --export-chart repair-spares --out "$WORK/chart.csv" --quit
check "chart CSV equals spare-cli sweep" python3 -c "
import csv, sys
work = sys.argv[1]
sweep = {(r['policy'], int(r['spare_nodes']), float(r['swap_s']), r['rejoin']): float(r['ttt_ratio_mean'])
         for r in csv.DictReader(open(work + '/repair.csv'))}
names = {'SPARe+CKPT': 'spare', 'Rep+CKPT': 'rep'}
swaps = {'5 min': 300.0, '30 min': 1800.0, '3 h': 10800.0}
rejoins = {'none': 'none', 'at step': 'at_step'}
points = [r for r in csv.DictReader(open(work + '/chart.csv')) if r['kind'] == 'point']
assert len({p['series'] for p in points}) == 12, sorted({p['series'] for p in points})
for p in points:
    policy, swap, rejoin = p['series'].split(', ')
    key = (names[policy], int(float(p['x'])), swaps[swap[len('swap '):]], rejoins[rejoin[len('rejoin '):]])
    expected = sweep[key]
    assert abs(float(p['y']) - expected) <= 1e-9 * expected, (p, expected)
assert len(points) == len(sweep), (len(points), len(sweep))
print(len(points), 'points checked')
" "$WORK"
expect "repair-swap CSV" 0 '' "$SPARE_STUDIO" --scenario "$P" --export-chart repair-swap --out "$WORK/swap.csv" --quit
check "swap chart CSV equals spare-cli sweep" python3 -c "
import csv, sys
work = sys.argv[1]
sweep = {(r['policy'], int(r['spare_nodes']), float(r['swap_s']), r['rejoin']): float(r['ttt_ratio_mean'])
         for r in csv.DictReader(open(work + '/repair.csv'))}
points = [r for r in csv.DictReader(open(work + '/swap.csv')) if r['kind'] == 'point']
assert len({p['series'] for p in points}) == 8, sorted({p['series'] for p in points})
for p in points:
    policy, pool, rejoin = p['series'].split(', ')
    assert policy == 'SPARe+CKPT', p
    key = ('spare', int(pool.split(' ')[0]), float(p['x']) * 60.0, 'at_step' if rejoin == 'rejoin at step' else 'none')
    expected = sweep[key]
    assert abs(float(p['y']) - expected) <= 1e-9 * expected, (p, expected)
assert len(points) == 24, len(points)
" "$WORK"
finish
