# Fidelity: without failure domains, categories, a repair or a hosts section, every shipped scenario (those with none) at three seeds and each policy
# gives byte-identical metrics JSON, events CSV and Chrome trace to the simulator before failure domains
# existed. references/no-domains-sha256.txt holds the SHA-256 of each output, made by this same loop with
# the spare-cli built before the change, remade when the first lifetimes became order statistics, and
# when exact checkpoint semantics became the default and runs gained ETTR (the paper scenarios' CSV and
# traces stayed byte-identical, their JSON less the new fields too; and when the metrics gained the hosts,
# reconfiguration, progress and in-memory fields, with every CSV and trace unchanged; and when events came
# in time order, with every JSON unchanged and each CSV the same rows reordered); regenerate it only in a
# change that means to move the random streams or the event order: SPARE_REFERENCE_OUT=FILE bash
# failure_domains_regression.sh writes the hashes to FILE).
source "$(dirname "$0")/cli-test-lib.sh"

actual="$WORK/hashes.txt"
: >"$actual"
covered=0
for scenario in "$SCEN"/*.json; do
  grep -qE '"(domains|categories|repair|hosts)"' "$scenario" && continue
  covered=$((covered + 1))
  name=$(basename "$scenario" .json)
  for seed in 1 2 3; do
    for policy in spare rep ckpt; do
      run="$name seed $seed $policy"
      out="$WORK/run"
      run_bounded "$SPARE_CLI" simulate "$scenario" --seed "$seed" --policy "$policy" --json \
        --events "$out.csv" --events-limit 3000 --trace "$out.trace.json" --trace-window 0:30000
      if [ "$RC" -ne 0 ]; then
        printf '%s: exit %s\n' "$run" "$RC" >>"$actual"
        continue
      fi
      printf '%s' "$OUT" >"$out.json"
      for part in json csv trace.json; do
        printf '%s %s %s\n' "$run" "$part" "$(sha256sum <"$out.$part" | cut -d' ' -f1)" >>"$actual"
      done
    done
  done
done

if [ -n "${SPARE_REFERENCE_OUT:-}" ]; then
  cp "$actual" "$SPARE_REFERENCE_OUT"
  exit 0
fi
reference="$(dirname "$0")/references/no-domains-sha256.txt"
check outputs-match-reference diff "$reference" "$actual"
check every-scenario-covered test "$(wc -l <"$actual")" -eq "$((covered * 27))"
finish
