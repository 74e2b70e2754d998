#!/usr/bin/env bash
# Run on a Debian 12 machine with access to the Debian mirror, before the GPU checks on a machine whose
# image lacks the project's libraries: downloads their .debs into .device-deps/ (ignored via
# .git/info/exclude). Copy that folder along with the tree; run-gpu-checks.sh unpacks it into /opt/spare-deps.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
cd "$ROOT"
grep -qx '/.device-deps/' .git/info/exclude 2>/dev/null || echo '/.device-deps/' >>.git/info/exclude
mkdir -p .device-deps
cd .device-deps
packages=(
  libtbb-dev libtbb12 libtbbmalloc2 libtbbbind-2-5 libhwloc15
  libfmt-dev libfmt9 nlohmann-json3-dev libcli11-dev
  libbenchmark-dev libbenchmark1debian
  qt6-base-dev qt6-base-dev-tools libqt6core6 libqt6test6 libqt6gui6 libqt6widgets6 libqt6network6
  libqt6concurrent6 libqt6dbus6 libqt6opengl6 libqt6openglwidgets6 libqt6printsupport6 libqt6sql6 libqt6xml6
  libicu72 libdouble-conversion3 libb2-1 libpcre2-16-0
)
apt-get download "${packages[@]}"
du -sh .
