#!/usr/bin/env bash
# Installs the spare_studio module of a build for Debian's python3 (into the platlib chosen at configure
# time), and copies it for the python3 on PATH when that is another interpreter (e.g. a pyenv one) of the
# same ABI that can import NumPy, which the events arrays need. Says in one line which interpreters got it
# and why another did not.
#   scripts/install-python-module.sh [BUILD_DIR]   (default: build/release)
# DESTDIR, when set, prefixes every path written (as for cmake --install).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build/release}
debian=/usr/bin/python3
package=$build/python/spare_studio
[ -f "$package/__init__.py" ] || { echo "install-python-module: $package not built" >&2; exit 2; }
dest=${DESTDIR:-}

# Runs a command as root only when this user cannot write under the folder.
as_writer() {
  local dir=$1; shift
  while [ ! -e "$dir" ]; do dir=$(dirname "$dir"); done
  if [ -w "$dir" ]; then "$@"; else sudo "$@"; fi
}
abi() { "$1" -c 'import sysconfig; print(sysconfig.get_config_var("EXT_SUFFIX"))'; }

site=$(sed -n 's/^SPARE_PYTHON_SITE_PACKAGES:PATH=//p' "$build/CMakeCache.txt")
as_writer "$dest$site" cmake --install "$build" --component python >/dev/null
got=$debian why=""
other=$(command -v python3 || true)
if [ -n "$other" ] && [ "$(readlink -f "$other")" != "$(readlink -f "$debian")" ]; then
  if [ "$(abi "$other")" != "$(abi "$debian")" ]; then
    why="its extension suffix is $(abi "$other"), the module's $(abi "$debian")"
  elif ! "$other" -c 'import numpy' >/dev/null 2>&1; then
    why="it cannot import NumPy (pip install numpy for it, then run this again)"
  else
    platlib=$dest$("$other" -c 'import sysconfig; print(sysconfig.get_path("platlib"))')
    as_writer "$platlib" mkdir -p "$platlib/spare_studio"
    as_writer "$platlib" cp "$package"/*.py "$package"/_core.*.so "$platlib/spare_studio/"
    got="$debian and $other"
  fi
fi
echo "spare_studio: installed for $got${why:+; not for $other: $why}"
