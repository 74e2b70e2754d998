#!/usr/bin/env bash
# docs/validation.md embeds the table that `spare-cli validate --markdown` prints (fixed seeds 1 .. 10).
#   scripts/validation-doc.sh SPARE_CLI           rewrite the table in place
#   scripts/validation-doc.sh SPARE_CLI --check   exit 1 (with a diff) when the doc is out of date
set -euo pipefail
cli=${1:?usage: scripts/validation-doc.sh SPARE_CLI [--check]}
root=$(cd "$(dirname "$0")/.." && pwd)
exec bash "$root/scripts/generated-doc.sh" "$root/docs/validation.md" "spare-cli validate --markdown" ${2:-} -- \
  "$cli" validate --markdown --check --scenarios "$root/scenarios"
