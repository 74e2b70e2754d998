#!/usr/bin/env bash
# spare-cli layout-table: a partial run keeps the other rows, a later run continues from its output
# (--from, --undecided-only) without losing decided rows, and a bad --from file is refused by name.
source "$(dirname "$0")/cli-test-lib.sh"

table="$SPARE_SOURCE_DIR/engine/layout/ModularSidonTable.cpp"
expect "r = 5 recomputed, the rest kept" 0 'layout-table: [0-9]+ rows' \
  "$SPARE_CLI" layout-table --count 5 --budget 1000 --out "$WORK/t1.cpp"
check "kept rows equal the shipped table" \
  bash -c 'diff <(grep "^    {" "$0") <(grep "^    {" "$1")' "$table" "$WORK/t1.cpp"
expect "continue from an earlier output" 0 'layout-table: [0-9]+ rows' \
  "$SPARE_CLI" layout-table --from "$WORK/t1.cpp" --undecided-only --count 12 --modulus 134 --budget 10 --out "$WORK/t2.cpp"
check "a small budget loses no decided row" \
  bash -c 'diff <(grep "^    {" "$0") <(grep "^    {" "$1")' "$WORK/t1.cpp" "$WORK/t2.cpp"

printf 'not a table\n' >"$WORK/garbage.cpp"
expect "--from a file without the table" 2 '--from .*garbage.cpp does not cover the table' \
  "$SPARE_CLI" layout-table --from "$WORK/garbage.cpp" --budget 10
expect "--from a missing file" 2 'no-such-table.cpp' \
  "$SPARE_CLI" layout-table --from "$WORK/no-such-table.cpp" --budget 10
sed -E 's/^    \{57, 8, Found, \{[0-9, ]*\}\},/    {57, 8, Found, {0, 1, 2, 3, 4, 5, 6, 7}},/' "$WORK/t1.cpp" >"$WORK/tampered.cpp"
expect "--from with a set that is not Sidon" 2 'line [0-9]+: offsets 0 1 2 3 4 5 6 7 are not a Sidon set modulo 57' \
  "$SPARE_CLI" layout-table --from "$WORK/tampered.cpp" --count 3 --budget 10
finish
