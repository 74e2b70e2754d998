#!/usr/bin/env bash
# spare-studio reads its options before it needs a display: --help, --version and a bad option answer on a
# machine without one (no DISPLAY, no WAYLAND_DISPLAY, QT_QPA_PLATFORM unset).
source "$(dirname "$0")/cli-test-lib.sh"
if [ -z "${SPARE_STUDIO:-}" ]; then
  echo "spare-studio not built: nothing to check"
  exit 0
fi
headless=(env -u DISPLAY -u WAYLAND_DISPLAY -u QT_QPA_PLATFORM "$SPARE_STUDIO")

expect help_without_display 0 '--scenario <FILE>' "${headless[@]}" --help
expect version_without_display 0 '^spare-studio [0-9]+\.[0-9]+\.[0-9]+' "${headless[@]}" --version
expect bad_option_without_display 2 "spare-studio: Unknown option 'no-such-flag'" "${headless[@]}" --no-such-flag
expect bad_value_without_display 2 "--policy 'fast': allowed" "${headless[@]}" --policy fast
expect bad_race_lane_without_display 2 '--race-lanes: "torchft" is not a contender; allowed: spare, rep, ckpt' \
  "${headless[@]}" --race-lanes spare,torchft
expect seven_race_lanes_without_display 2 '7 contenders; allowed: 2 .. 6' \
  "${headless[@]}" --race-lanes spare,rep,ckpt,elastic,rebalance,ckpt-memory,spare-memory
finish
