# spare-studio's layout lab exports: both chart names in every format, the exact CSV columns, the same
# bytes on a second run (fixed seed and trial count), and bad names or extensions refused with exit 2.
. "$(dirname "$0")/cli-test-lib.sh"
require_studio
T="$SCEN/teaching-12.json"
for ext in csv png svg pdf; do
  expect "layout-tradeoff .$ext" 0 '' "$SPARE_STUDIO" --scenario "$T" --export-chart layout-tradeoff --out "$WORK/t.$ext" --quit
  check "layout-tradeoff .$ext written" test -s "$WORK/t.$ext"
  expect "overlap-matrix .$ext" 0 '' "$SPARE_STUDIO" --scenario "$T" --export-chart overlap-matrix --out "$WORK/m.$ext" --quit
  check "overlap-matrix .$ext written" test -s "$WORK/m.$ext"
done
check "trade-off CSV columns" test "$(head -1 "$WORK/t.csv")" = \
  "layout,independent,max_overlap,mu,mu_ci_low,mu_ci_high,s_bar,s_bar_ci_low,s_bar_ci_high,ttt_ratio_model"
check "trade-off CSV rows golomb, consecutive" test "$(cut -d, -f1-3 "$WORK/t.csv" | tail -n +2 | tr '\n' ' ')" = \
  "golomb,true,1 consecutive,false,2 "
check "overlap CSV: header + 12 x 12 blocks" test "$(wc -l < "$WORK/m.csv")" -eq 145
expect "layout-tradeoff again" 0 '' "$SPARE_STUDIO" --scenario "$T" --export-chart layout-tradeoff --out "$WORK/t2.csv" --quit
check "same seed, same bytes" cmp -s "$WORK/t.csv" "$WORK/t2.csv"
# A consecutive scenario exports its own matrix: neighbours share r - 1 = 2 types.
expect "overlap-matrix of a consecutive scenario" 0 '' "$SPARE_STUDIO" --scenario "$SCEN/tour-teaching.json" \
  --export-chart overlap-matrix --out "$WORK/c.csv" --quit
check "consecutive neighbours share 2" grep -qx '0,0,1,1,2' "$WORK/c.csv"
expect "unknown chart name" 2 "--export-chart 'layout-trade': allowed .*layout-tradeoff, overlap-matrix" \
  "$SPARE_STUDIO" --scenario "$T" --export-chart layout-trade --out "$WORK/x.csv" --quit
expect "bad extension" 2 "--out '.*x.txt': allowed a file name ending in .png, .svg, .pdf or .csv" \
  "$SPARE_STUDIO" --scenario "$T" --export-chart overlap-matrix --out "$WORK/x.txt" --quit
expect "missing output folder is refused before any work" 2 "--out .*missing/dir/m.png.*does not exist" \
  "$SPARE_STUDIO" --scenario "$T" --export-chart overlap-matrix --out "$WORK/missing/dir/m.png" --quit

# Figures for papers: a physical size makes the PDF page exactly that size (3.5 in x 2.6 in = 252 x 187.2 pt).
expect "single-column figure" 0 '' "$SPARE_STUDIO" --scenario "$T" --export-chart layout-tradeoff --out "$WORK/f.pdf" \
  --size 3.5in --no-title --quit
check "PDF page is 3.5 in wide" grep -aq 'MediaBox \[0 0 252' "$WORK/f.pdf"
for bad in 3.5 0.1in 30in 3.5x2.4px wide; do
  expect "--size $bad" 2 "--size '$bad': .*allowed 3.5in .* each side 0.5 to 20 in" \
    "$SPARE_STUDIO" --scenario "$T" --export-chart layout-tradeoff --out "$WORK/x.pdf" --size "$bad" --quit
done
expect "--size without a chart" 2 "--size goes with --export-chart" "$SPARE_STUDIO" --scenario "$T" --size 7in --quit
expect "--no-title without a chart" 2 "--no-title goes with --export-chart" "$SPARE_STUDIO" --scenario "$T" --no-title --quit
finish
