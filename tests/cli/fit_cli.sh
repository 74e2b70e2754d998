#!/usr/bin/env bash
# spare-cli fit: bad logs and bad flags exit 2 with one message naming the line, column, flag or value;
# a 10 GB log of one line fails in seconds within a small memory limit; a synthetic log fits end to end
# (text, JSON, --scenario-out that simulate runs).
source "$(dirname "$0")/cli-test-lib.sh"
T="$SCEN/teaching-12.json"
EPOCH=(--time-column time --time-format epoch --bootstrap 0)

printf 'time,type\n100,gpu\n250,gpu\n300,cpu\n400,gpu\n' >"$WORK/small.csv"
expect no-rows-in-window 2 "small.csv: no failures in the window; of 4 rows, 3 were outside the window \(--from/--to\), 1 filtered out \(--where\), 0 malformed" \
  "$SPARE_CLI" fit "$WORK/small.csv" "${EPOCH[@]}" --where type=gpu --from 500
expect no-rows-date-window 2 "no failures in the window; of 4 rows, 4 were outside the window" \
  "$SPARE_CLI" fit "$WORK/small.csv" "${EPOCH[@]}" --from 2024-03-05 --to 2024-03-05
printf 'time\n100\n' >"$WORK/one.csv"
expect one-failure 2 "fitting needs at least 3 failures in the window at distinct times" "$SPARE_CLI" fit "$WORK/one.csv" "${EPOCH[@]}"
printf 'time\n100\n300\n200\n400\n' >"$WORK/unsorted.csv"
expect require-sorted 2 "unsorted.csv: line 4, column 1 \(time\): '200' is earlier than the failure on line 3; allowed: rows in time order \(--require-sorted\)" \
  "$SPARE_CLI" fit "$WORK/unsorted.csv" "${EPOCH[@]}" --require-sorted
expect unsorted-sorted 0 "order +1 rows were earlier than the row before them" "$SPARE_CLI" fit "$WORK/unsorted.csv" "${EPOCH[@]}"

printf 'time,loc\n2024-03-05T01:00:00Z,r1n1\n2024-03-05T02:00:00Z,r1n2\nyesterday,r2n1\n2024-03-05T05:00:00Z,x1\n2024-03-05T07:30:00Z,r3n1\n' >"$WORK/bad.csv"
expect bad-time 2 "bad.csv: line 4, column 1 \(time\): 'yesterday' is not a time in iso8601" \
  "$SPARE_CLI" fit "$WORK/bad.csv" --time-column time --bootstrap 0
grep -v yesterday "$WORK/bad.csv" >"$WORK/badloc.csv"
expect bad-location 2 "badloc.csv: line 4, column 2 \(loc\): 'x1' does not match the location pattern 'r\{rack\}n\{node\}'" \
  "$SPARE_CLI" fit "$WORK/badloc.csv" --time-column time --bootstrap 0 --location-column loc --location-pattern 'r{rack}n{node}'
expect skip-bad-rows 0 "malformed \(skipped\)" "$SPARE_CLI" fit "$WORK/bad.csv" --time-column time --bootstrap 0 --skip-bad-rows \
  --location-column loc --location-pattern 'r{rack}n{node}'
check skip-bad-rows-examples bash -c 'printf "%s" "$1" | grep -Eq "skipped +line 4, column 1 \(time\)" && printf "%s" "$1" | grep -Eq "skipped +line 5, column 2 \(loc\)"' _ "$OUT"
expect unknown-column 2 "bad.csv: --time-column 'when': no such column in the header \(line 1\); allowed: 'time', 'loc'" \
  "$SPARE_CLI" fit "$WORK/bad.csv" --time-column when
expect unknown-where-column 2 "--where 'cause': no such column in the header \(line 1\); allowed: 'time', 'loc'" \
  "$SPARE_CLI" fit "$WORK/bad.csv" --time-column time --where cause=gpu
expect missing-log 2 "nope.csv: cannot open the failure log" "$SPARE_CLI" fit "$WORK/nope.csv" --time-column time
expect directory-log 2 "is a directory" "$SPARE_CLI" fit "$WORK" --time-column time

# A 10 GB file of NUL bytes (sparse: no disk) is one line: refused after its first MiB, within 10 s and the
# address-space limit.
truncate -s 10G "$WORK/huge.csv"
LIMIT_S=10 expect huge-one-line 2 "huge.csv: line 1 is longer than 1048576 bytes; allowed: lines up to 1048576 bytes" \
  "$SPARE_CLI" fit "$WORK/huge.csv" --time-column time
rm -f "$WORK/huge.csv"

# Bad flags: each names the flag, the value and what is allowed.
S=("$SPARE_CLI" fit "$WORK/small.csv")
expect bad-time-format 2 "--time-format '%Y-%m-%d %Q': unknown field %Q; allowed: epoch, epoch-ms, iso8601 or a pattern" \
  "${S[@]}" --time-column time --time-format '%Y-%m-%d %Q'
expect time-format-no-year 2 "--time-format '%m/%d %H:%M': it needs one year field" "${S[@]}" --time-column time --time-format '%m/%d %H:%M'
expect bad-from 2 "--from: 'yesterday' is not a time; allowed: a time in the log's format \(epoch\) or ISO-8601" \
  "${S[@]}" "${EPOCH[@]}" --from yesterday
expect empty-window 2 "the window is empty; allowed: --from before --to" "${S[@]}" "${EPOCH[@]}" --from 300 --to 200
expect where-repeatable 0 "lines +5: 1 header, 0 comments, 0 blank, 3 failures, 1 filtered out" \
  "$SPARE_CLI" fit --where type=gpu,cpu "${EPOCH[@]}" --where type=gpu "$WORK/small.csv"
expect where-no-equals 2 "--where 'type': not COLUMN=VALUES; allowed: COLUMN=V1,V2,... to keep or COLUMN!=V1,V2,... to drop" "${S[@]}" "${EPOCH[@]}" --where type
expect where-excludes 0 "lines +5: 1 header, 0 comments, 0 blank, 3 failures, 1 filtered out" "$SPARE_CLI" fit "${EPOCH[@]}" --where type!=cpu "$WORK/small.csv"
expect where-empty-value 2 "--where 'type=gpu,,cpu': an empty value" "${S[@]}" "${EPOCH[@]}" --where type=gpu,,cpu
expect bootstrap-negative 2 "--bootstrap: '-1' is out of range; allowed: an integer 0 \.\. 100000" "${S[@]}" "${EPOCH[@]}" --bootstrap -1
expect units-zero 2 "--units: '0' is out of range; allowed: 1 \.\. 1e9" "${S[@]}" "${EPOCH[@]}" --units 0
expect unit-rack 2 "--unit: 'rack' is not allowed; allowed: gpu \| node" "${S[@]}" "${EPOCH[@]}" --units 8 --unit rack
expect gpus-per-node-gpu 2 "--gpus-per-node 4: applies to --unit node only" "${S[@]}" "${EPOCH[@]}" --units 8 --gpus-per-node 4
expect cluster-window-zero 2 "--cluster-window: '0' is out of range" "${S[@]}" "${EPOCH[@]}" --cluster-window 0 \
  --location-column type --location-pattern '{kind}'
expect groups-needs-units 2 "--groups needs --units" "${S[@]}" "${EPOCH[@]}" --groups 12 --gpus-per-group 8
expect groups-needs-gpus 2 "--groups and --gpus-per-group: give both" "${S[@]}" "${EPOCH[@]}" --groups 12 --units 8
expect groups-and-scenario 2 "--scenario excludes --groups|--groups excludes --scenario" "${S[@]}" "${EPOCH[@]}" --units 8 \
  --groups 12 --gpus-per-group 8 --scenario "$T"
expect scenario-out-needs-cluster 2 "--scenario-out needs the planned cluster" "${S[@]}" "${EPOCH[@]}" --scenario-out "$WORK/o.json"
expect scenario-out-directory 2 "--scenario-out" "${S[@]}" "${EPOCH[@]}" --units 8 --scenario "$T" --scenario-out "$WORK"
expect sweep-needs-scenario 2 "--checkpoint-sweep requires --scenario" "${S[@]}" "${EPOCH[@]}" --checkpoint-sweep
expect rack-level-needs-location 2 "--rack-level requires --location-column" "${S[@]}" "${EPOCH[@]}" --rack-level row
expect location-needs-pattern 2 "--location-column and --location-pattern: give both or neither" "${S[@]}" "${EPOCH[@]}" \
  --location-column type
expect bad-pattern 2 "--location-pattern 'n\{node': " "${S[@]}" "${EPOCH[@]}" --location-column type --location-pattern 'n{node'
expect unknown-rack-level 2 "--rack-level 'rack': not a level of --location-pattern '\{kind\}'; allowed: kind" "${S[@]}" "${EPOCH[@]}" --where type=gpu --location-column type --location-pattern '{kind}' \
  --rack-level rack

# End to end: a synthetic log (Weibull gaps, bursts in racks, maintenance rows, minute resolution, unsorted rows).
expect synth-log 0 "wrote" "$SPARE_CLI" synth-log --out "$WORK/synth.csv" --model weibull --shape 0.7 --mtbf-s 7200 --days 60 \
  --burst-share 0.2 --unsorted 5 --blank-lines 3 --seed 3
FIT=("$SPARE_CLI" fit "$WORK/synth.csv" --time-column time --time-format '%m/%d/%Y %H:%M'
     --where 'cause=GPU Xid 79,GPU Xid 48,NVLink error,Node heartbeat lost,Software'
     --location-column location --location-pattern 'c{col}-{row}c{cage}s{slot}n{node}' --rack-level row
     --units 3072 --unit node --gpus-per-node 8 --seed 1 --threads 2)
expect fit-text 0 "<- best \(lowest AIC\)" "${FIT[@]}" --bootstrap 20 --scenario "$T" --scenario-out "$WORK/fitted.json"
for want in "lines +[0-9,]+: 1 header, 0 comments, 3 blank, [0-9,]+ failures, [0-9,]+ filtered out \(--where\), 0 outside the window, 0 malformed" \
  "order +5 rows were earlier" "resolution 60.0 s" "^weibull " "^lognormal " "^exponential " "shape [0-9.]+ \(95%: " \
  "KS 0\.[0-9]+ \(p 0\.[0-9]+\), AD [0-9.]+ \(p 0\.[0-9]+\), 20 bootstrap samples" "per GPU +MTBF " \
  "planned +12 groups x " "Young [0-9.,]+ (s|min|h)" "Daly with restart" "^  row " "rack share +.*suggested failures rack share"; do
  check "fit-text: $want" bash -c 'printf "%s\n" "$1" | grep -Eq -- "$2"' _ "$OUT" "$want"
done
check fit-scenario-written test -s "$WORK/fitted.json"
check fit-scenario-has-fit grep -q '"system_mtbf_s"' "$WORK/fitted.json"
expect fitted-scenario-simulates 0 "completed +yes" "$SPARE_CLI" simulate "$WORK/fitted.json"
expect fit-progress 0 "bootstrap" "${FIT[@]}" --bootstrap 20
check fit-progress-on-stderr bash -c 'printf "%s" "$1" | grep -q bootstrap' _ "$ERR"

expect fit-json 0 '"best": "' "${FIT[@]}" --bootstrap 20 --scenario "$T" --json
check fit-json-every-line-counted python3 -c '
import json, sys
d = json.loads(sys.argv[1])
c = d["counts"]
parts = ["header_lines", "empty_lines", "comment_lines", "malformed_rows", "filtered_out", "outside_window", "failures"]
assert sum(c[p] for p in parts) == c["lines"], c
assert c["failures"] > 100 and c["filtered_out"] > 0 and c["unsorted_rows"] == 5
assert len(d["fits"]) == 3 and all(0 < f["ks_p_value"] <= 1 for f in d["fits"])
assert d["planned"]["system_mtbf_s"]["lower"] < d["planned"]["system_mtbf_s"]["value"] < d["planned"]["system_mtbf_s"]["upper"]
assert d["checkpoints"]["young_s"] > 0 and d["rack_share"]["level"] == "row"
assert [l["name"] for l in d["clustering"]["levels"]] == ["col", "row", "cage", "slot", "node"]
' "$OUT"

# The planned cluster from flags, no p-values; and the closed forms beside the simulated best.
expect fit-groups 0 "planned +40 groups x 8 GPUs = 320 GPUs" "$SPARE_CLI" fit "$WORK/synth.csv" --time-column time \
  --time-format '%m/%d/%Y %H:%M' --units 3072 --unit node --groups 40 --gpus-per-group 8 --bootstrap 0
check fit-no-p-values bash -c 'printf "%s" "$1" | grep -q "p n/a"' _ "$OUT"
expect fit-checkpoint-sweep 0 "simulated best .* against Young" "${FIT[@]}" --bootstrap 0 --scenario "$T" --checkpoint-sweep

# One event logged once per GPU (a rack power loss) is one interruption with a multiplicity: the gaps
# are between interruptions, the sizes are reported, and the model expects the count the log saw.
python3 -c '
import random
random.seed(5)
t = 1700000000
print("time")
for i in range(300):
    t += int(random.expovariate(1 / 3600)) + 1
    for k in range(8 if i % 10 == 0 else 1):
        print(t)
' >"$WORK/burst.csv"
expect coincident-one-interruption 0 "interruptions +510 failures as 300 interruptions \(failures in the same tick are one\): sizes 270 x 1, 30 x 8 \(interruptions x failures\); largest 8, mean 1\.7" \
  "$SPARE_CLI" fit "$WORK/burst.csv" "${EPOCH[@]}" --units 1024 --groups 16 --gpus-per-group 8
check coincident-note bash -c 'printf "%s" "$1" | grep -q "the model counts interruptions: 510 failures came as 300 interruptions"' _ "$OUT"
expect coincident-json 0 '"mean_size": 1\.7' "$SPARE_CLI" fit "$WORK/burst.csv" "${EPOCH[@]}" --units 1024 --groups 16 --gpus-per-group 8 --json
check coincident-json-model-count python3 -c '
import json, sys
d = json.loads(sys.argv[1])
i, c = d["interruptions"], d["count"]
assert (i["failures"], i["interruptions"], i["largest"]) == (510, 300, 8), i
assert i["sizes"] == [{"size": 1, "interruptions": 270}, {"size": 8, "interruptions": 30}], i
assert c["observed"] == 299 and d["sample"]["zero_gaps"] == 0, c
expected = c["exposure_s"] / d["cluster_model"]["fleet_mtbf_s"]["value"]
assert c["lower"] <= expected <= c["upper"], (expected, c)
' "$OUT"
awk 'NR == 1 || NR % 3 == 0 { print } NR % 3 == 0 { print $1 + 20 }' "$WORK/burst.csv" >"$WORK/spread.csv"
expect coincidence-window 0 "failures within 30.0 s of an interruption's first are one" \
  "$SPARE_CLI" fit "$WORK/spread.csv" "${EPOCH[@]}" --coincidence-window 30
expect coincidence-window-range 2 "--coincidence-window: '-1' is out of range; allowed: 0 \.\. 1e9" \
  "$SPARE_CLI" fit "$WORK/spread.csv" "${EPOCH[@]}" --coincidence-window -1

# Degenerate logs are refused, never fitted to an absurd MTBF: 99 failures in one second and one 2.5 h
# later; every failure in one tick.
{ echo time; for i in $(seq 99); do echo 1700000000; done; echo 1700009000; } >"$WORK/two-instants.csv"
expect two-instants 2 "two-instants.csv has 100 failures in 2 interruptions" "$SPARE_CLI" fit "$WORK/two-instants.csv" "${EPOCH[@]}"
{ echo time; for i in $(seq 100); do echo 1700000000; done; } >"$WORK/one-tick.csv"
expect one-tick 2 "one-tick.csv has 100 failures in 1 interruption " "$SPARE_CLI" fit "$WORK/one-tick.csv" "${EPOCH[@]}"

# A lognormal log with sigma 3: Weibull's mean expects far more interruptions than the log saw, so the
# written model is calibrated to the log's mean gap, and the report names both.
expect synth-lognormal 0 "wrote" "$SPARE_CLI" synth-log --out "$WORK/heavy.csv" --model lognormal --sigma 3 --mtbf-s 28000 \
  --days 90 --time-format epoch --seed 4
expect calibrated 0 "note +the weibull mean [0-9.]+ h expects [0-9.]+ interruptions over the log's [0-9.]+ h, outside the 95% interval [0-9.]+ \.\. [0-9.]+ of the [0-9]+ observed: the model uses the log's mean gap" \
  "$SPARE_CLI" fit "$WORK/heavy.csv" "${EPOCH[@]}" --units 1000 --groups 10 --gpus-per-group 8

# 100 failures exactly 1 h apart: Weibull and lognormal say they did not converge, the exponential is
# used, and the JSON holds no made-up numbers.
{ echo time; for i in $(seq 0 99); do echo $((1700000000 + 3600 * i)); done; } >"$WORK/constant.csv"
expect constant-gaps 0 "weibull +did not converge: the 99 gaps are all 3600 s, so the likelihood has no maximum" \
  "$SPARE_CLI" fit "$WORK/constant.csv" "${EPOCH[@]}"
check constant-gaps-note bash -c 'printf "%s" "$1" | grep -q "note .*Weibull and lognormal did not converge: .*; the exponential fit is used"' _ "$OUT"
expect constant-gaps-json 0 '"best": "exponential"' "$SPARE_CLI" fit "$WORK/constant.csv" --time-column time --time-format epoch --bootstrap 20 --json
check constant-gaps-json-clean python3 -c '
import json, math, sys
d = json.loads(sys.argv[1], parse_constant=lambda c: sys.exit("not JSON: " + c))
for f in d["fits"]:
    numbers = [f["aic"], f["ks"], f["ks_p_value"], f["mtbf_s"]["value"], f["mtbf_s"]["lower"], f["mtbf_s"]["upper"]]
    if f["family"] == "exponential":
        assert f["converged"] and all(isinstance(x, float) and math.isfinite(x) for x in numbers), f
    else:
        assert not f["converged"] and f["problem"].startswith("the 99 gaps are all 3600 s") and numbers == [None] * 6, f
' "$OUT"

# A FIFO: without a writer, SIGINT ends the wait (exit 130, not a hang); with one (process substitution)
# it reads.
mkfifo "$WORK/fifo.csv"
"$SPARE_CLI" fit "$WORK/fifo.csv" "${EPOCH[@]}" >/dev/null 2>&1 &
pid=$!
sleep 0.5
kill -INT "$pid"
for _ in $(seq 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
if kill -0 "$pid" 2>/dev/null; then kill -KILL "$pid"; fi
wait "$pid"
check fifo-without-writer-stops test "$?" -eq 130
expect fifo-with-writer 0 "4 failures" bash -c '"$1" fit <(printf "time\n1\n5\n20\n100\n") --time-column time --time-format epoch --bootstrap 0' _ "$SPARE_CLI"

# A quote left open on line 11 would swallow the rest of the log: an error even with --skip-bad-rows.
{ echo time,node; for i in $(seq 1000); do if [ "$i" -eq 10 ]; then echo "$i,\"n$i"; else echo "$i,n$i"; fi; done; } >"$WORK/open-quote.csv"
expect open-quote-not-skipped 2 "open-quote.csv: line 11, column 2 \(node\): a quoted field is not closed; this row runs inside quotes from line 11 to line 1001" \
  "$SPARE_CLI" fit "$WORK/open-quote.csv" "${EPOCH[@]}" --skip-bad-rows

# An output that is an input (another spelling, a hard link) is refused before any work.
cp "$WORK/small.csv" "$WORK/input.csv"
ln "$WORK/input.csv" "$WORK/input-link.csv"
expect scenario-out-is-log 2 "--scenario-out .*input-link.csv and the log .*input.csv name the same file" \
  "$SPARE_CLI" fit "$WORK/input.csv" "${EPOCH[@]}" --units 8 --scenario "$T" --scenario-out "$WORK/input-link.csv"
cp "$T" "$WORK/base.json"
expect scenario-out-is-scenario 2 "--scenario-out .*base.json and --scenario .*base.json name the same file" \
  "$SPARE_CLI" fit "$WORK/input.csv" "${EPOCH[@]}" --units 8 --scenario "$WORK/base.json" --scenario-out "$WORK/./base.json"
check input-kept cmp -s "$WORK/input.csv" "$WORK/small.csv"

# Invalid UTF-8 in a location: the JSON replaces it; a message quoting it still names file, line, column.
printf 'time,loc\n1,r\377a\n5,r2\n20,r3\n100,r4\n' >"$WORK/latin1.csv"
expect invalid-utf8-json 0 '"most_hit_domain": "rack=' "$SPARE_CLI" fit "$WORK/latin1.csv" "${EPOCH[@]}" --json \
  --location-column loc --location-pattern 'r{rack}'
expect invalid-utf8-message 2 "latin1.csv: line 2, column 2 \(loc\): 'r\?a' does not match the location pattern" \
  "$SPARE_CLI" fit "$WORK/latin1.csv" "${EPOCH[@]}" --location-column loc --location-pattern 'r{rack}n{node}'

# Messages that say why.
printf 'time\n2016-12-31T23:59:59Z\n2016-12-31T23:59:60Z\n' >"$WORK/leap.csv"
expect leap-second 2 "leap.csv: line 3, column 1 \(time\): '2016-12-31T23:59:60Z' is not a time in iso8601: '60' at character 18 is a leap second" \
  "$SPARE_CLI" fit "$WORK/leap.csv" --time-column time
printf 'time\n-5\n' >"$WORK/negative.csv"
expect negative-epoch 2 "'-5' is not a time in epoch: a negative epoch is before 1970-01-01" "$SPARE_CLI" fit "$WORK/negative.csv" "${EPOCH[@]}"
expect where-double-equals 2 "--where 'type==gpu': the value starts with '=' \(a typo for type=gpu\?\)" \
  "$SPARE_CLI" fit "$WORK/small.csv" "${EPOCH[@]}" --where 'type==gpu'
printf 'time\r100\r250\r300\r400\r' >"$WORK/cr.csv"
expect cr-line-ends 0 "lines +5: 1 header, 0 comments, 0 blank, 4 failures" "$SPARE_CLI" fit "$WORK/cr.csv" "${EPOCH[@]}"

# A large log: the default bootstrap tests a random subsample of the gaps, and the report says so.
python3 -c '
import random
random.seed(2)
t = 1700000000.0
print("time")
for i in range(100000):
    t += random.weibullvariate(60, 0.8)
    print("%.3f" % t)
' >"$WORK/large.csv"
expect large-log-subsample 0 "200 bootstrap samples of a random 20,000 of the [0-9,]+ gaps" \
  "$SPARE_CLI" fit "$WORK/large.csv" --time-column time --time-format epoch --threads 2

finish
