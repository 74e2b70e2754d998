#!/usr/bin/env bash
# Installs a spare-studio .deb with apt, checks it from outside the source tree as a user meets it (the
# programs, the menu entry, the metainfo, the man pages, Debian's python3 importing the module), then
# removes it and fails if anything it installed is left. Needs root or sudo; refuses when spare-studio
# is installed already.
#   scripts/check-package.sh build/release/spare-studio_<version>_amd64.deb
set -euo pipefail
[ $# -eq 1 ] && [ -f "$1" ] || { echo "usage: scripts/check-package.sh PACKAGE.deb" >&2; exit 2; }
deb=$(readlink -f "$1")
sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
id=org.sparestudio.SpareStudio
fail() { echo "check-package: FAIL $*" >&2; exit 1; }
if dpkg-query -W -f='${Status}' spare-studio 2>/dev/null | grep -q "ok installed"; then
  echo "check-package: spare-studio is installed already; remove it first" >&2
  exit 2
fi

$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$deb" >/dev/null
trap '$sudo env DEBIAN_FRONTEND=noninteractive apt-get remove -y -qq spare-studio >/dev/null 2>&1 || true' EXIT
mapfile -t files < <(dpkg -L spare-studio)
for f in /usr/bin/spare-cli /usr/bin/spare-studio /usr/share/applications/$id.desktop /usr/share/metainfo/$id.metainfo.xml \
         /usr/share/icons/hicolor/scalable/apps/$id.svg /usr/share/icons/hicolor/48x48/apps/$id.png \
         /usr/share/man/man1/spare-cli.1.gz /usr/share/man/man1/spare-studio.1.gz \
         /usr/share/spare/scenarios/teaching-12.json /usr/lib/python3/dist-packages/spare_studio/__init__.py; do
  printf '%s\n' "${files[@]}" | grep -qx "$f" || fail "dpkg -L spare-studio lists no $f"
done

# From an empty folder, with nothing of the source tree on the paths.
away=$(mktemp -d)
cd "$away"
version=$(/usr/bin/spare-cli --version) && [[ $version == "spare-cli "[0-9]* ]] || fail "spare-cli --version: $version"
/usr/bin/spare-cli simulate /usr/share/spare/scenarios/teaching-12.json --seed 3 --json >cli.json || fail "spare-cli simulate"
help=$(env -u DISPLAY -u WAYLAND_DISPLAY -u QT_QPA_PLATFORM /usr/bin/spare-studio --help) && [[ $help == *--scenario* ]] ||
  fail "spare-studio --help without a display"
# Debian's python3 finds the package's module; a set-up copy under /usr/local would be found first, so
# that folder is left out here.
/usr/bin/python3 - <<'PY' || fail "Debian's python3 does not import the package's spare_studio"
import json, sys
sys.path = [p for p in sys.path if not p.startswith("/usr/local/")]
import spare_studio as ss
assert ss.__file__.startswith("/usr/lib/python3/dist-packages/spare_studio/"), ss.__file__
result = ss.simulate("/usr/share/spare/scenarios/teaching-12.json", seed=3)
assert result.to_dict() == json.load(open("cli.json")), "simulate() differs from spare-cli simulate --json"
print("check-package: python3 imports", ss.__file__)
PY
desktop-file-validate /usr/share/applications/$id.desktop || fail "desktop-file-validate"
appstreamcli validate --no-net /usr/share/metainfo/$id.metainfo.xml >/dev/null || fail "appstreamcli validate"
[ "$(man -w spare-cli)" = /usr/share/man/man1/spare-cli.1.gz ] || fail "man -w spare-cli"
cd / && rm -rf "$away"

trap - EXIT
$sudo env DEBIAN_FRONTEND=noninteractive apt-get remove -y -qq spare-studio >/dev/null
left=()
for f in "${files[@]}"; do
  # A folder that another package owns stays; anything else the package installed must be gone.
  if [ -e "$f" ] && { [ ! -d "$f" ] || ! dpkg -S "$f" >/dev/null 2>&1; }; then left+=("$f"); fi
done
((${#left[@]} == 0)) || fail "removing spare-studio left ${left[*]}"
echo "check-package: $(basename "$deb") installs, works from outside the source tree and removes cleanly"
