#!/usr/bin/env bash
# pip install . into a fresh virtual environment of Debian's python3 (with the system's site packages, for
# NumPy; no network), then, from outside the source tree, the module found there must give the JSON that
# spare-cli simulate --json prints.
#   scripts/check-pip-install.sh SPARE_CLI [PIP_ARGS...]   (e.g. --config-settings cmake-args=-DSPARE_WARNINGS_AS_ERRORS=ON)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
[ $# -ge 1 ] && [ -x "$1" ] || { echo "usage: scripts/check-pip-install.sh SPARE_CLI [PIP_ARGS...]" >&2; exit 2; }
cli=$(readlink -f "$1"); shift
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
/usr/bin/python3 -m venv --system-site-packages "$work/venv"
"$work/venv/bin/pip" install --no-index --no-cache-dir --quiet "$@" "$root"
cd "$work"
"$cli" simulate "$root/scenarios/teaching-12.json" --seed 3 --json >cli.json
"$work/venv/bin/python" - "$root/scenarios/teaching-12.json" <<'PY'
import json, sys
import spare_studio as ss
assert ss.__file__.startswith(sys.prefix), f"{ss.__file__} is not the virtual environment's"
assert ss.simulate(sys.argv[1], seed=3).to_dict() == json.load(open("cli.json")), "simulate() differs from spare-cli"
print("check-pip-install: pip install . into a virtual environment; simulate() equals spare-cli from", ss.__file__)
PY
