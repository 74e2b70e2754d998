#!/usr/bin/env bash
# One-command set-up for a fresh Debian 12 machine.
#   scripts/bootstrap.sh run    install what is missing, build (release), start spare-studio on the default scenario
#   scripts/bootstrap.sh test   install what is missing, build (release), run every test through CTest
#   scripts/bootstrap.sh build  install and build only
#   scripts/bootstrap.sh package  install and build, then make the Debian package build/release/spare-studio_<version>_amd64.deb
# Extra arguments after "run" go to spare-studio.
set -euo pipefail
mode=${1:-run}; shift || true
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

mapfile -t packages < <(sed -e 's/#.*//' -e 's/[[:space:]]*$//' scripts/debian-packages.txt | grep -v '^$')
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "bootstrap: installing ${missing[*]}" >&2
  sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

jobs=$(nproc)
cmake --preset release >/dev/null
cmake --build --preset release -j "$jobs"

# The Python module for Debian's interpreter (and for the python3 on PATH when it can use it); the
# package brings its own.
if [ "$mode" != package ] && [ -f build/release/python/spare_studio/__init__.py ]; then
  bash scripts/install-python-module.sh build/release
fi

case "$mode" in
  run)
    if [ -x build/release/app/spare-studio ]; then
      exec build/release/app/spare-studio --scenario scenarios/teaching-12.json "$@"
    fi
    exec build/release/app/spare-cli layout --groups 12 --redundancy 3
    ;;
  test)
    export QT_QPA_PLATFORM=offscreen
    ctest --preset release -j "$jobs"
    ;;
  build) ;;
  package)
    # spare-studio_<version>_amd64.deb in build/release (cmake/Packaging.cmake); apt install ./ it.
    (cd build/release && cpack -G DEB)
    version=$(sed -n 's/^CMAKE_PROJECT_VERSION:STATIC=//p' build/release/CMakeCache.txt)
    echo "bootstrap: install it with: sudo apt install ./build/release/spare-studio_${version}_amd64.deb"
    ;;
  *) echo "usage: scripts/bootstrap.sh run|test|build|package" >&2; exit 2 ;;
esac
