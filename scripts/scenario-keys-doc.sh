#!/usr/bin/env bash
# docs/scenario-format.md embeds the table that `spare-cli scenario-keys` prints.
#   scripts/scenario-keys-doc.sh SPARE_CLI           rewrite the table in place
#   scripts/scenario-keys-doc.sh SPARE_CLI --check   exit 1 (with a diff) when the doc is out of date
set -euo pipefail
cli=${1:?usage: scripts/scenario-keys-doc.sh SPARE_CLI [--check]}
root=$(cd "$(dirname "$0")/.." && pwd)
exec bash "$root/scripts/generated-doc.sh" "$root/docs/scenario-format.md" "spare-cli scenario-keys" ${2:-} -- "$cli" scenario-keys
