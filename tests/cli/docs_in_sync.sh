#!/usr/bin/env bash
# The scenario key table in docs/scenario-format.md is exactly what `spare-cli scenario-keys` prints.
source "$(dirname "$0")/cli-test-lib.sh"
expect scenario-format-table-is-generated 0 "matches" bash "$SPARE_SOURCE_DIR/scripts/scenario-keys-doc.sh" "$SPARE_CLI" --check
finish
