# The real-cluster keys and metrics from the command line: bad values of every new key exit 2 naming the
# key, the value and the allowed range; ETTR, maintenance and the restart's parts in text and JSON;
# spare-cli validate's flags; and the docs/validation.md table is what `spare-cli validate --markdown`
# prints, every row holding (the whole validation at 10 seeds).
source "$(dirname "$0")/cli-test-lib.sh"

refuse_fragment start '{"failures": {"start": "mid"}}' 'failures.start: "mid" is not a known value; allowed: new \| stationary'
refuse_fragment rule '{"restart": {"rule": "queue"}}' 'restart.rule: "queue" is not a known value; allowed: extend_on_failure \| fixed \| serialized'
refuse_fragment detect '{"restart": {"detect_s": -5}}' 'restart.detect_s: -5 is out of range; allowed: 0 .. 1e9 s'
refuse_fragment diagnose '{"restart": {"diagnose_s": "1h"}}' 'restart.diagnose_s: expected a number'
refuse_fragment queue '{"restart": {"queue_s": 1e12}}' 'restart.queue_s: 1000000000000 is out of range'
refuse_fragment persist '{"checkpoint": {"persist_s": -1}}' 'checkpoint.persist_s: -1 is out of range; allowed: 0 .. 1e9 s'
refuse_fragment semantics '{"checkpoint": {"semantics": "strict"}}' 'checkpoint.semantics: "strict" is not a known value; allowed: exact \| paper'
refuse_fragment auto-rule '{"checkpoint": {"auto_rule": "young"}}' 'checkpoint.auto_rule: "young" is not a known value; allowed: renewal \| paper'
refuse_fragment every '{"maintenance": {"every_s": 0}}' 'maintenance.every_s: 0 is out of range; allowed: > 0 .. 1e9 s'
refuse_fragment duration '{"maintenance": {"duration_s": -1}}' 'maintenance.duration_s: -1 is out of range'
refuse_fragment section '{"maintenance": []}' 'maintenance: expected an object'

expect "ettr in the text" 0 'ETTR +[0-9.]+ %' "$SPARE_CLI" simulate "$SCEN/teaching-12.json"
expect "maintenance in the text" 0 'maintenance stops +4' "$SPARE_CLI" simulate "$SCEN/validation/llama3-16k-run.json" --until 400000
"$SPARE_CLI" simulate "$SCEN/validation/llama3-16k-run.json" --until 400000 --json --trace "$WORK/run.trace.json" >"$WORK/run.json"
check "trace: a global restart in its parts, maintenance in one span" python3 -c "
import json, sys
spans = [e for e in json.load(open(sys.argv[1]))['traceEvents'] if e.get('ph') == 'X']
names = [e['name'] for e in spans]
detect = [e for e in spans if e['name'] == 'restart: detection']
assert detect and all(e['dur'] == 120000000 for e in detect), detect[:2]
assert names.count('restart: diagnosis') == len(detect), names.count('restart: diagnosis')
assert names.count('restart (ckpt_failure)') == len(detect)
assert names.count('restart (maintenance)') == 4 and 'restart: queueing' not in names
" "$WORK/run.trace.json"
check "json: ettr, maintenance and restart parts" python3 -c "
import json, sys
d = json.load(open(sys.argv[1]))
b = d['time_breakdown']
assert 0.85 < d['ettr'] < 1, d['ettr']
assert d['maintenance_stops'] == 4 and b['maintenance_s'] == 4 * 1800, (d['maintenance_stops'], b['maintenance_s'])
assert 120 * (d['restarts'] - 1) <= b['detect_s'] <= 120 * d['restarts'] and d['restarts'] > 10, b
assert b['diagnose_s'] <= 60 * d['restarts'], b
assert abs(d['restart_s'] - (b['detect_s'] + b['diagnose_s'] + b['queue_s'] + b['restart_s'])) < 1e-6
assert abs(d['productive_s'] / d['ttt_s'] - d['ettr']) < 1e-12
" "$WORK/run.json"

expect "validate: unknown row" 2 '"nope" is not a validation row; allowed: llama3-unexpected' \
  "$SPARE_CLI" validate --row nope
expect "validate: one seed" 2 '--seeds' "$SPARE_CLI" validate --seeds 1
expect "validate: a closed-form row" 0 'daly-15min +holds' "$SPARE_CLI" validate --row daly-15min --check

LIMIT_S=600
expect "docs/validation.md is the validation, every row holding" 0 "matches" \
  bash "$SPARE_SOURCE_DIR/scripts/validation-doc.sh" "$SPARE_CLI" --check
finish
