# spare-cli report writes the Analysis tab's report without the window: on paper-n600 every CSV of
# charts/ equals, byte for byte, the one `spare-studio --export-report` writes (the window adds PNG, SVG
# and PDF), and so do scenario.json and metrics.json. Bad input exits 2 naming what is wrong.
. "$(dirname "$0")/cli-test-lib.sh"

LIMIT_S=${REPORT_LIMIT_S:-300}
expect "report without --out" 2 "--out" "$SPARE_CLI" report "$SCEN/teaching-12.json"
expect "report of a missing scenario" 2 "no-such.json" "$SPARE_CLI" report "$WORK/no-such.json" --out "$WORK/none"
printf 'not a folder' > "$WORK/file"
expect "report into a file" 2 "--out $WORK/file/charts" "$SPARE_CLI" report "$SCEN/teaching-12.json" --out "$WORK/file"
expect "report of teaching-12" 0 "SPARe\+CKPT best r = " "$SPARE_CLI" report "$SCEN/teaching-12.json" --out "$WORK/teaching"
check "teaching-12 report has its files" test -s "$WORK/teaching/summary.md" -a -s "$WORK/teaching/metrics.json" \
  -a -s "$WORK/teaching/scenario.json" -a -s "$WORK/teaching/charts/throughput-vs-r.csv"
check "summary.md has ETTR beside TTT/T0 and availability" grep -q "| availability | ETTR (mean ± sd) |" "$WORK/teaching/summary.md"
check "the ETTR chart" test -s "$WORK/teaching/charts/ettr-vs-r.csv"
check "no images from spare-cli" test -z "$(ls "$WORK/teaching/charts" | grep -v '\.csv$')"

require_studio
expect "spare-cli report paper-n600" 0 "" "$SPARE_CLI" report "$SCEN/paper-n600.json" --out "$WORK/cli"
expect "spare-studio --export-report paper-n600" 0 "" "$SPARE_STUDIO" --scenario "$SCEN/paper-n600.json" \
  --export-report "$WORK/studio" --quit
check "the same CSVs" test "$(cd "$WORK/cli/charts" && ls *.csv)" = "$(cd "$WORK/studio/charts" && ls *.csv)"
for csv in "$WORK"/cli/charts/*.csv; do
  name=$(basename "$csv")
  check "$name byte-equal" cmp "$csv" "$WORK/studio/charts/$name"
done
check "scenario.json byte-equal" cmp "$WORK/cli/scenario.json" "$WORK/studio/scenario.json"
check "metrics.json byte-equal" cmp "$WORK/cli/metrics.json" "$WORK/studio/metrics.json"
finish
