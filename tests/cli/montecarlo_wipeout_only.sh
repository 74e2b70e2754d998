#!/usr/bin/env bash
# `montecarlo --wipeout-only` computes only mu: the same mu and histogram as the exact run, no S_bar.
source "$(dirname "$0")/cli-test-lib.sh"
expect wipeout-only-text 0 "S_bar +not computed \(--wipeout-only\)" \
  "$SPARE_CLI" montecarlo -N 200 -r 6 -T 500 --seed 3 --device cpu --wipeout-only
run_bounded "$SPARE_CLI" montecarlo -N 200 -r 6 -T 500 --seed 3 --device cpu --json
exact=$OUT
run_bounded "$SPARE_CLI" montecarlo -N 200 -r 6 -T 500 --seed 3 --device cpu --wipeout-only --json
floor=$OUT
# The value of a top-level key in `spare-cli --json` output (nlohmann dump(2): arrays span lines).
value() {
  awk -v key="\"$1\":" '$1 == key { on = 1; array = /\[$/ } on { print } on && (!array || /^ *\],?$/) { exit }' <<<"$2"
}
check wipeout-only-same-mu [ -n "$(value mu "$floor")" ] && [ "$(value mu "$exact")" = "$(value mu "$floor")" ]
check wipeout-only-same-histogram [ "$(value failures_histogram "$exact")" = "$(value failures_histogram "$floor")" ]
check wipeout-only-flag-in-json grep -q '"wipeout_only": true' <<<"$floor"
check wipeout-only-no-sbar grep -q '"sbar": null' <<<"$floor"
finish
