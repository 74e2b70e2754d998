#!/usr/bin/env bash
# `montecarlo --topology|--scenario --domain-level --burst-share`: domain bursts in the Monte-Carlo; bad
# values exit 2 naming the flag, the value and the range; share 0 gives the plain run's numbers.
source "$(dirname "$0")/cli-test-lib.sh"
printf '{"gpus_per_node": 8, "nodes_per_rack": 4, "racks_per_pod": 8, "placement": "contiguous", "domain_level": "rack", "gpus_per_group": 8}' \
  >"$WORK/racks.json"
MC=("$SPARE_CLI" montecarlo -N 64 -r 3 -T 2000 --seed 5 --device cpu)

expect bursts-too-high 2 "--burst-share: '1.5' is out of range; allowed: 0 \.\. 1" "${MC[@]}" --topology "$WORK/racks.json" --burst-share 1.5
expect bursts-negative 2 "--burst-share: '-0.1' is out of range; allowed: 0 \.\. 1" "${MC[@]}" --topology "$WORK/racks.json" --burst-share -0.1
expect bursts-not-number 2 "--burst-share: 'abc' is not a decimal number; allowed: 0 \.\. 1" \
  "${MC[@]}" --topology "$WORK/racks.json" --burst-share abc
expect bursts-need-topology 2 '--burst-share needs --topology or --scenario' "${MC[@]}" --burst-share 0.2
expect bursts-bad-level 2 "--domain-level: 'row' is not allowed; allowed: node \| rack \| pod" \
  "${MC[@]}" --topology "$WORK/racks.json" --domain-level row --burst-share 0.2
expect bursts-scenario-without-topology 2 'the scenario has no topology section' \
  "${MC[@]}" --scenario "$SCEN/teaching-12.json" --burst-share 0.2
expect bursts-missing-topology 2 'missing-topology.json' "${MC[@]}" --topology "$WORK/missing-topology.json" --burst-share 0.2
expect domain-layout-needs-topology 2 "golomb-domain' needs a topology .*--topology / --scenario" "${MC[@]}" --layout golomb-domain

expect bursts-text 0 'bursts +share 0.3 of failure events, 16 racks' "${MC[@]}" --topology "$WORK/racks.json" --burst-share 0.3
expect bursts-endured-text 0 'bursts endured +[0-9.]+  95% CI' \
  "${MC[@]}" --layout golomb-domain --topology "$WORK/racks.json" --burst-share 0.3
expect bursts-pod-json 0 '"domain_level": "pod"' "${MC[@]}" --topology "$WORK/racks.json" --domain-level pod --burst-share 0.3 --json

# The value of a top-level key in `spare-cli --json` output (one line per scalar).
value() { grep -m1 "^  \"$1\":" <<<"$2"; }
run_bounded "${MC[@]}" --json
plain=$OUT
run_bounded "${MC[@]}" --topology "$WORK/racks.json" --burst-share 0 --json
zero=$OUT
check share-zero-same-mu [ -n "$(value mu "$plain")" ] && [ "$(value mu "$plain")" = "$(value mu "$zero")" ]
check share-zero-same-sbar [ "$(value sbar "$plain")" = "$(value sbar "$zero")" ]
run_bounded "${MC[@]}" --layout golomb-domain --topology "$WORK/racks.json" --burst-share 0.3 --threads 1 --json
one=$OUT
run_bounded "${MC[@]}" --layout golomb-domain --topology "$WORK/racks.json" --burst-share 0.3 --threads 2 --json
two=$OUT
check bursts-threads-same-mu [ "$(value mu "$one")" = "$(value mu "$two")" ]
check bursts-threads-same-bursts [ "$(value bursts_endured "$one")" = "$(value bursts_endured "$two")" ]
finish
