#!/usr/bin/env bash
# What the Debian package puts in the menu and in man: the desktop entry and the AppStream metainfo
# validate, each PNG icon is the size its name says, and the build made both man pages with a NAME. Its
# Depends name every entry of scripts/debian-packages.txt marked "# runtime".
source "$(dirname "$0")/cli-test-lib.sh"
desktop=$SPARE_SOURCE_DIR/resources/desktop
id=org.sparestudio.SpareStudio
build=$(cd "$(dirname "$SPARE_CLI")/.." && pwd)

if command -v desktop-file-validate >/dev/null; then
  expect desktop_entry_validates 0 '' desktop-file-validate "$desktop/$id.desktop"
fi
if command -v appstreamcli >/dev/null; then
  expect metainfo_validates 0 'successful' appstreamcli validate --no-net "$desktop/$id.metainfo.xml"
fi
check metainfo_names_the_desktop_entry grep -q "<launchable type=\"desktop-id\">$id.desktop</launchable>" "$desktop/$id.metainfo.xml"
for png in "$desktop"/icons/icon-*.png; do
  size=$(basename "$png" .png); size=${size#icon-}
  # Width and height: big-endian at bytes 16 and 20 of the IHDR chunk.
  dims=$(od -An -tu1 -j16 -N8 "$png" | awk '{print $3 * 256 + $4 "x" $7 * 256 + $8}')
  check "icon_${size}_is_${size}x${size}" test "$dims" = "${size}x${size}"
done
if [ -d "$build/man" ]; then
  for program in spare-cli spare-studio; do
    [ "$program" = spare-studio ] && [ -z "${SPARE_STUDIO:-}" ] && continue
    expect "man_page_$program" 0 "^NAME" bash -c "gzip -dc '$build/man/$program.1.gz' | MANWIDTH=80 man -l - 2>/dev/null"
  done
fi
if [ -f "$build/CPackConfig.cmake" ]; then
  depends=$(sed -n 's/^set(CPACK_DEBIAN_PACKAGE_DEPENDS "\(.*\)")$/\1/p' "$build/CPackConfig.cmake")
  while read -r name; do
    check "depends_on_$name" grep -Eq "(^|, )$name( |,|$)" <<<"$depends"
  done < <(sed -n 's/^\([a-z0-9][^ #]*\)[[:space:]]*#[[:space:]]*runtime.*/\1/p' "$SPARE_SOURCE_DIR/scripts/debian-packages.txt")
fi
finish
