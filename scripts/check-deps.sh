#!/usr/bin/env bash
# Fails when a configured build uses something that a fresh Debian 12 machine would not get from
# scripts/bootstrap.sh: every CMake package directory (*_DIR in CMakeCache.txt), every include
# directory the compile commands use and every library the link lines name is mapped to its Debian
# package with dpkg -S, and that package must be in the list or in the recursive Depends of a package
# in it (Recommends do not count: bootstrap installs with --no-install-recommends).
#   scripts/check-deps.sh [BUILD_DIR] [--packages FILE]
# The CUDA toolkit under /usr/local/cuda is not a Debian package; it is reported and allowed.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$root/build/release
list=$root/scripts/debian-packages.txt
while (($#)); do
  case "$1" in
    --packages) list=$2; shift 2 ;;
    -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
    *) build=$1; shift ;;
  esac
done
[ -f "$build/CMakeCache.txt" ] || { echo "check-deps: $build/CMakeCache.txt not found (configure first)" >&2; exit 2; }
[ -f "$list" ] || { echo "check-deps: package list $list not found" >&2; exit 2; }

mapfile -t wanted < <(sed -e 's/#.*//' -e 's/[[:space:]]*$//' "$list" | grep -v '^$')
# Package names (column 0) in the recursive dependency closure; "<virtual>" entries are skipped.
closure=$(apt-cache depends --recurse --no-recommends --no-suggests --no-conflicts --no-breaks \
            --no-replaces --no-enhances "${wanted[@]}" 2>/dev/null | grep -E '^[a-z0-9]' | sed 's/:.*//' | sort -u)

paths=$(
  # CMake package directories: the config file inside names the package precisely.
  sed -n 's/^[A-Za-z0-9_]*_DIR:PATH=\(\/.*\)$/\1/p' "$build/CMakeCache.txt" | while read -r d; do
    f=$(find "$d" -maxdepth 1 -name '*.cmake' 2>/dev/null | head -n 1); echo "${f:-$d}"
  done
  # Include directories of every compile command (imported targets' included).
  if [ -f "$build/compile_commands.json" ]; then
    grep -oE '(-I|-isystem )/[^ "]+' "$build/compile_commands.json" | sed -E 's/^(-I|-isystem )//'
  fi
  # Libraries on the link lines: absolute paths and -lNAME resolved the way the linker would.
  find "$build" -name link.txt -print0 | xargs -0 cat 2>/dev/null | tr ' ' '\n' | while read -r w; do
    case "$w" in
      /*.so|/*.so.*|/*.a) echo "$w" ;;
      -l*) n=${w#-l}; for dir in /usr/lib/x86_64-linux-gnu /usr/lib /lib/x86_64-linux-gnu; do
             if [ -e "$dir/lib$n.so" ]; then echo "$dir/lib$n.so"; break; fi
             if [ -e "$dir/lib$n.a" ]; then echo "$dir/lib$n.a"; break; fi
           done ;;
    esac
  done
)
paths=$(printf '%s\n' "$paths" | grep -v -e "^$root" -e "^$build" -e '^$' | sort -u)

bad=0; checked=0
while read -r p; do
  # Directories every toolchain owns say nothing about a package.
  case "$p" in /usr/include|/usr/lib|/usr/lib/x86_64-linux-gnu|/usr/share|/usr/local/include) continue ;; esac
  checked=$((checked + 1))
  real=$(readlink -f "$p" 2>/dev/null || echo "$p")
  owners=$(dpkg -S "$real" 2>/dev/null | sed 's/: .*//' | tr ',' '\n' | sed 's/^ *//; s/:.*//' | sort -u || true)
  [ -n "$owners" ] || owners=$(dpkg -S "$p" 2>/dev/null | sed 's/: .*//' | tr ',' '\n' | sed 's/^ *//; s/:.*//' | sort -u || true)
  if [ -z "$owners" ]; then
    case "$real" in
      /usr/local/cuda*) echo "check-deps: $p: CUDA toolkit (installed outside apt, optional)" ;;
      *) echo "check-deps: FAIL $p belongs to no Debian package (installed by hand?)"; bad=$((bad + 1)) ;;
    esac
    continue
  fi
  ok=""
  for o in $owners; do grep -qx "$o" <<<"$closure" && { ok=$o; break; }; done
  if [ -z "$ok" ]; then
    echo "check-deps: FAIL $p comes from $(echo $owners | tr ' ' ','), which $list neither lists nor pulls in"
    bad=$((bad + 1))
  fi
done <<<"$paths"

if ((bad)); then
  echo "check-deps: $bad of $checked paths the build uses would be missing on a fresh machine; add their packages to $list" >&2
  exit 1
fi
echo "check-deps: all $checked paths the build uses come from $(basename "$list") or its dependencies"
