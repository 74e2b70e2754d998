#!/usr/bin/env bash
# scripts/install-python-module.sh (the set-up's Python step): the module goes to Debian's python3, and
# to another python3 on PATH only when that one can import NumPy; the one line it prints says which got it
# and why another did not. Written under DESTDIR, with stand-in interpreters of Debian's ABI.
source "$(dirname "$0")/cli-test-lib.sh"
build=$(cd "$(dirname "$SPARE_CLI")/.." && pwd)
if [ ! -f "$build/python/spare_studio/__init__.py" ]; then
  echo "Python module not built: nothing to check"
  exit 0
fi
site=$(sed -n 's/^SPARE_PYTHON_SITE_PACKAGES:PATH=//p' "$build/CMakeCache.txt")

# fake_python DIR NUMPY(yes|no): a python3 in DIR that is Debian's but for its platlib (DIR/site) and,
# with "no", an `import numpy` that fails.
fake_python() {
  mkdir -p "$1"
  cat >"$1/python3" <<SCRIPT
#!/bin/sh
case "\$*" in
  *'import numpy'*) [ "$2" = yes ] || { echo "ModuleNotFoundError: No module named 'numpy'" >&2; exit 1; } ;;
  *'get_path("platlib")'*) echo "$1/site"; exit 0 ;;
esac
exec /usr/bin/python3 "\$@"
SCRIPT
  chmod +x "$1/python3"
}
fake_python "$WORK/no-numpy" no
fake_python "$WORK/with-numpy" yes
setup=("$SPARE_SOURCE_DIR/scripts/install-python-module.sh" "$build")

export DESTDIR=$WORK/root-a
expect without_numpy_says_why 0 "installed for /usr/bin/python3; not for $WORK/no-numpy/python3: it cannot import NumPy" \
  env PATH="$WORK/no-numpy:/usr/bin:/bin" bash "${setup[@]}"
check debian_python_got_it test -f "$WORK/root-a$site/spare_studio/__init__.py"
check no_copy_without_numpy test ! -e "$WORK/root-a$WORK/no-numpy/site/spare_studio"

export DESTDIR=$WORK/root-b
expect with_numpy_both 0 "installed for /usr/bin/python3 and $WORK/with-numpy/python3\$" \
  env PATH="$WORK/with-numpy:/usr/bin:/bin" bash "${setup[@]}"
check copy_with_numpy bash -c "ls '$WORK/root-b$WORK/with-numpy/site/spare_studio/'_core.*.so >/dev/null"
finish
