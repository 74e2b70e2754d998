#!/usr/bin/env bash
# Strict values: every bad flag, scenario or trace value exits 2 with one message naming the flag or key,
# the value and the allowed range; results of allowed extremes stay finite; text output is for people.
source "$(dirname "$0")/cli-test-lib.sh"
T="$SCEN/teaching-12.json"
SEED_RANGE="allowed: an integer 0 \.\. 18446744073709551615"

# --seed: no wrap-around, no saturation, no empty value read as 0.
expect seed-negative 2 "--seed: '-1' is out of range; $SEED_RANGE" "$SPARE_CLI" simulate "$T" --seed -1
expect seed-2^64 2 "--seed: '18446744073709551616' is out of range; $SEED_RANGE" "$SPARE_CLI" simulate "$T" --seed 18446744073709551616
expect seed-float 2 "--seed: '1e23' is not an integer; $SEED_RANGE" "$SPARE_CLI" simulate "$T" --seed 1e23
expect seed-empty 2 "--seed: '' is not an integer; $SEED_RANGE" "$SPARE_CLI" simulate "$T" --seed ""
expect seed-max 0 "seed +18446744073709551615" "$SPARE_CLI" simulate "$T" --seed 18446744073709551615

# Empty values are errors, not "flag not given" or 0.
expect redundancy-empty 2 "--redundancy: '' is not an integer; allowed: an integer 1 \.\. 64" "$SPARE_CLI" simulate "$T" --redundancy ""
expect policy-empty 2 "--policy: '' is not allowed; allowed: spare \| rep \| ckpt" "$SPARE_CLI" simulate "$T" --policy ""
expect groups-empty 2 "--groups: '' is not an integer; allowed: an integer 2 \.\. 10000000" "$SPARE_CLI" analyze --groups "" -r 3
expect groups-empty-reorder 2 "--groups: '' is not an integer" "$SPARE_CLI" reorder --groups "" -r 3 --failed 1

# Conversion errors give the range.
expect until-text 2 "--until: 'abc' is not a decimal number; allowed: a finite number > 0" "$SPARE_CLI" simulate "$T" --until abc
expect ratio-negative 2 "--max-ttt-ratio: '-1' is out of range; allowed: > 0 \.\. 1e6" "$SPARE_CLI" simulate "$T" --max-ttt-ratio -1
expect stack-number-text 2 "--stack-number: 'x' is not an integer; allowed: an integer 1 \.\." "$SPARE_CLI" reorder -N 10 -r 3 --failed 1 -S x
expect seeds-range 2 "--seeds: '0' is out of range; allowed: an integer 1 \.\. 1000" "$SPARE_CLI" paper-table --seeds 0

# Integer lists: a reversed range and a value past int say so, with the range.
expect sweep-redundancy-reversed 2 '--redundancy 4-2: "4-2" is a reversed range; allowed: LOW-HIGH with LOW <= HIGH, as 1-12' \
  "$SPARE_CLI" sweep "$T" --redundancy 4-2
expect sweep-redundancy-20-digits 2 '"99999999999999999999" is out of range: allowed 1 \.\. 12' \
  "$SPARE_CLI" sweep "$T" --redundancy 2,99999999999999999999
expect plan-max-replicates-past-int 2 "--max-replicates: '99999999999999999999' is out of range; allowed: an integer 5 \.\. 100000" \
  "$SPARE_CLI" plan "$T" --max-replicates 99999999999999999999

# --trace-window: START:END in decimal seconds, nothing else.
for bad in 1:2abc 1:2:3 0x10:0x20 inf:5 2:1 :5 5; do
  expect "trace-window-$bad" 2 "--trace-window: '$bad' is not allowed; allowed: START:END in decimal seconds, 0 <= START < END" \
    "$SPARE_CLI" simulate "$T" --trace "$WORK/t.json" --trace-window "$bad"
done
expect trace-window-ok 0 "completed +yes" "$SPARE_CLI" simulate "$T" --trace "$WORK/t.json" --trace-window 0:3600.5

# --trace-groups: distinct ids, no empty items, in range.
expect trace-groups-dup 2 "--trace-groups '3,3': group 3 is repeated; allowed: distinct group ids 0 \.\. 11" \
  "$SPARE_CLI" simulate "$T" --trace "$WORK/t.json" --trace-groups 3,3
expect trace-groups-empty-item 2 "--trace-groups '3,3,,3': '3' is not a group id|--trace-groups '3,3,,3': group 3 is repeated" \
  "$SPARE_CLI" simulate "$T" --trace "$WORK/t.json" --trace-groups 3,3,,3
expect trace-groups-empty-middle 2 "--trace-groups '3,,4': '' is not a group id; allowed: distinct group ids 0 \.\. 11" \
  "$SPARE_CLI" simulate "$T" --trace "$WORK/t.json" --trace-groups 3,,4
expect trace-groups-range 2 "--trace-groups '12': group 12 is out of range; allowed: distinct group ids 0 \.\. 11" \
  "$SPARE_CLI" simulate "$T" --trace "$WORK/t.json" --trace-groups 12
expect trace-groups-ok 0 "completed +yes" "$SPARE_CLI" simulate "$T" --trace "$WORK/t.json" --trace-groups 3,0,11
expect trace-window-needs-trace 2 "--trace-window requires --trace" "$SPARE_CLI" simulate "$T" --trace-window 0:10
expect trace-groups-needs-trace 2 "--trace-groups requires --trace" "$SPARE_CLI" simulate "$T" --trace-groups 3

# An unknown command lists the commands.
expect unknown-command 2 "unknown command 'bogus'; allowed: analyze, .*reorder, .*simulate" "$SPARE_CLI" bogus
expect no-command 2 "a command is required; allowed: analyze, " "$SPARE_CLI"

# Scenario JSON: duplicate keys, NUL and garbage after the document, at most 50 problems.
printf '{"cluster":{"groups":12,"redundancy":3,"groups":600}}' >"$WORK/dup.json"
expect duplicate-key 2 "dup.json: cluster.groups: the key appears more than once in its object; allowed: each key once" \
  "$SPARE_CLI" simulate "$WORK/dup.json"
printf '{"cluster":{"groups":12,"redundancy":3}}\0garbage{{' >"$WORK/nul.json"
expect nul-and-garbage 2 "nul.json: \(root\): not valid JSON: a NUL byte at byte 40" "$SPARE_CLI" simulate "$WORK/nul.json"
awk 'BEGIN { printf "{"; for (i = 0; i < 200000; i++) printf "%s\"k%d\":1", (i ? "," : ""), i; printf "}" }' >"$WORK/many.json"
expect many-problems 2 "many.json: \.\.\. and 199950 more problems" "$SPARE_CLI" simulate "$WORK/many.json"
check many-problems-short test "$(printf '%s' "$ERR" | wc -l)" -le 51

# Physical bounds: values that made results inf or nan are out of range; the extremes allowed stay finite.
printf '{"cluster":{"groups":12,"redundancy":3},"workload":{"compute_s":5e-324}}' >"$WORK/tiny.json"
expect compute-denormal 2 "workload.compute_s: 5e-324 is out of range; allowed: 0.001 \.\. 1e6 s" "$SPARE_CLI" simulate "$WORK/tiny.json"
printf '{"cluster":{"groups":12,"redundancy":3},"failures":{"system_mtbf_s":1e-9}}' >"$WORK/mtbf.json"
expect mtbf-tiny 2 "failures.system_mtbf_s: 1e-09 is out of range; allowed: 0.001 \.\. 1e12 s" "$SPARE_CLI" simulate "$WORK/mtbf.json"
printf '{"cluster":{"groups":12,"redundancy":3},"workload":{"steps":1,"compute_s":0.001,"allreduce_s":0},"failures":{"system_mtbf_s":1e12},"restart":{"duration_s":1e9}}' >"$WORK/edge.json"
expect compute-smallest-finite 0 '"ttt_ratio": [0-9]' "$SPARE_CLI" simulate "$WORK/edge.json" --json
check compute-smallest-no-inf bash -c '! printf "%s" "$1" | grep -Eqiw "inf|nan|null"' _ "$OUT"
expect analyze-mtbf-huge 2 "--mtbf-s: '1e308' is out of range; allowed: 0.001 \.\. 1e12" "$SPARE_CLI" analyze -N 200 -r 8 --mtbf-s 1e308
expect analyze-checkpoint-negative 2 "--checkpoint-s: '-1' is out of range; allowed: 0 \.\. 1e9" "$SPARE_CLI" analyze -N 200 -r 8 --checkpoint-s -1
for ts in 0 5e-324; do
  expect "analyze-checkpoint-$ts" 0 "availability A\*\(mu m\) +[0-9]+\.[0-9]{2} %" "$SPARE_CLI" analyze -N 200 -r 8 --checkpoint-s "$ts"
  check "analyze-checkpoint-$ts-finite" bash -c '! printf "%s" "$1" | grep -Eqi "nan|inf"' _ "$OUT"
done
expect analyze-step-tiny 2 "--step-s: '1e-06' is out of range; allowed: 0.001 \.\. 1e9" "$SPARE_CLI" analyze -N 200 -r 8 --step-s 1e-06
expect analyze-outside-model 0 "availability A\*\(mu m\) +outside the model's range" \
  "$SPARE_CLI" analyze -N 2 -r 1 --mtbf-s 0.001 --restart-s 1e9 --checkpoint-s 0.001 --step-s 0.001
check analyze-outside-no-nan bash -c '! printf "%s" "$1" | grep -Eqi "nan|inf"' _ "$OUT"
expect analyze-outside-json 0 '"outside_model_range": \[' \
  "$SPARE_CLI" analyze -N 2 -r 1 --mtbf-s 0.001 --restart-s 1e9 --checkpoint-s 0.001 --step-s 0.001 --json
check analyze-outside-json-null bash -c 'printf "%s" "$1" | grep -Eq "\"ttt_ratio_model\": null"' _ "$OUT"
expect analyze-upper-extreme 0 "TTT/T0 model J\(r\) +[0-9]" \
  "$SPARE_CLI" analyze -N 10000000 -r 64 --mtbf-s 1e12 --restart-s 1e9 --checkpoint-s 1e9 --step-s 0.001
check analyze-upper-no-nan bash -c '! printf "%s" "$1" | grep -Eqi "nan|inf"' _ "$OUT"

# Failure trace CSV: UTF-8 BOM accepted, non-integer group named, NUL shown, scenario-style prefix.
printf '{"cluster":{"groups":12,"redundancy":3},"workload":{"steps":20},"failures":{"model":"trace","trace":"trace.csv"}}' >"$WORK/traced.json"
printf '\xef\xbb\xbftime_s,group\n100,1\n' >"$WORK/trace.csv"
expect trace-bom 0 "completed +yes" "$SPARE_CLI" simulate "$WORK/traced.json"
printf 'time_s,group\n100,1.0\n' >"$WORK/trace.csv"
expect trace-group-float 2 "traced.json: failures.trace: .*trace.csv: line 2: group \"1.0\" is not an integer; allowed: integer 0 \.\. 11" \
  "$SPARE_CLI" simulate "$WORK/traced.json"
printf 'time_s,group\n100,1\0tail\n' >"$WORK/trace.csv"
expect trace-nul 2 'traced.json: failures.trace: .*line 2: group "1\\x00tail" is not an integer' "$SPARE_CLI" simulate "$WORK/traced.json"

# Output for people: units, %, separators, S to 3 digits; JSON stays exact.
expect human-simulate 0 "time to train \(TTT\) +[0-9,]+\.[0-9] h = [0-9.]+ days" "$SPARE_CLI" simulate "$SCEN/paper-n200.json"
check human-availability bash -c 'printf "%s" "$1" | grep -Eq "^availability +[0-9]{1,3}\.[0-9]{2} %$"' _ "$OUT"
check human-thousands bash -c 'printf "%s" "$1" | grep -Eq "^events +[0-9]{1,3}(,[0-9]{3})+$"' _ "$OUT"
check human-stack-number bash -c 'printf "%s" "$1" | grep -Eq "^mean stack number S +[0-9]\.[0-9]{3}$"' _ "$OUT"
check human-no-raw-doubles bash -c '! printf "%s" "$1" | grep -Eq "[0-9]\.[0-9]{6,}"' _ "$OUT"
expect json-exact 0 '"ttt_s": [0-9]+\.[0-9]{6,}' "$SPARE_CLI" simulate "$SCEN/paper-n200.json" --json
expect human-analyze 0 "availability A\*\(mu m\) +[0-9]+\.[0-9]{2} %" "$SPARE_CLI" analyze -N 200 -r 8
check human-analyze-sbar bash -c 'printf "%s" "$1" | grep -Eq "^S_bar lower bound +[0-9]\.[0-9]{3}$"' _ "$OUT"
expect human-montecarlo 0 "^trials +2,000 \(seed 1\)" "$SPARE_CLI" montecarlo -N 200 -r 8 -T 2000
check human-montecarlo-sbar bash -c 'printf "%s" "$1" | grep -Eq "^S_bar +[0-9]\.[0-9]{3}  95% CI"' _ "$OUT"
check human-montecarlo-no-raw-doubles bash -c '! printf "%s" "$1" | grep -Eq "[0-9]\.[0-9]{4,}"' _ "$OUT"

finish
