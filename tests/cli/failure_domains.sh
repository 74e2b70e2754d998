# Failure domains and categories from the command line: bad failures.domains / failures.categories values
# and bad domain trace rows exit 2 naming the key (or line and column), the value and the allowed range;
# the shipped Llama 3 categories scenario runs and its events name category and domain.
source "$(dirname "$0")/cli-test-lib.sh"

# scenario NAME FAILURES-EXTRA [TOPOLOGY]: teaching-12 with racks of 4 groups and these failures keys.
scenario() {
  local topology=${3-'"topology": {"gpus_per_node": 8, "nodes_per_rack": 4, "racks_per_pod": 2},'}
  sed -e "s|\"failures\": {|\"failures\": {$2,|" -e "s|^{|{ $topology|" "$SCEN/teaching-12.json" >"$WORK/$1.json"
}

bad() {  # bad NAME FAILURES-EXTRA REGEX [TOPOLOGY]: a TOPOLOGY of ' ' leaves the section out
  if [ $# -ge 4 ]; then scenario "$1" "$2" "$4"; else scenario "$1" "$2"; fi
  expect "$1" 2 "$3" "$SPARE_CLI" simulate "$WORK/$1.json"
}

bad domain-level '"domains": [{"level": "row", "mtbf_s": 1000}]' \
  'failures.domains\[0\].level: "row" is not a known value; allowed: node \| rack \| pod'
bad domain-mtbf-zero '"domains": [{"level": "rack", "mtbf_s": 0}]' \
  'failures.domains\[0\].mtbf_s: 0 is out of range; allowed: 0.001 .. 1e12 s'
bad domain-mtbf-negative '"domains": [{"level": "rack", "mtbf_s": -5}]' \
  'failures.domains\[0\].mtbf_s: -5 is out of range'
bad domain-rate-negative '"domains": [{"level": "rack", "rate_per_1000_domain_days": -1}]' \
  'failures.domains\[0\].rate_per_1000_domain_days: -1 is out of range; allowed: 0 .. 1e9 per 1,000 domain-days'
bad domain-both '"domains": [{"level": "rack", "mtbf_s": 10, "rate_per_1000_domain_days": 1}]' \
  'failures.domains\[0\]: give exactly one of mtbf_s and rate_per_1000_domain_days'
bad domain-neither '"domains": [{"level": "rack"}]' 'failures.domains\[0\]: missing mtbf_s or rate_per_1000_domain_days'
bad domain-shape '"domains": [{"level": "rack", "mtbf_s": 10, "shape": "gamma"}]' \
  'failures.domains\[0\].shape: "gamma" is not a known value; allowed: exponential \| weibull'
bad domain-weibull-k '"domains": [{"level": "rack", "mtbf_s": 10, "shape": "weibull", "weibull_k": 0}]' \
  'failures.domains\[0\].weibull_k: 0 is out of range; allowed: 0.05 .. 20'
bad domain-unknown-key '"domains": [{"level": "rack", "mtbf_s": 10, "colour": "red"}]' \
  'failures.domains\[0\].colour: unknown key; known keys here: level, mtbf_s, rate_per_1000_domain_days, shape, weibull_k'
bad domain-not-a-list '"domains": {"level": "rack"}' 'failures.domains: expected an array of objects, got an object'
bad domain-no-topology '"domains": [{"level": "rack", "mtbf_s": 10}]' \
  'failures.domains: a domain-level failure process needs a topology section' ' '
bad category-share-negative '"categories": [{"name": "a", "share": -1}]' \
  'failures.categories\[0\].share: -1 is out of range; allowed: 0 .. 1e12'
bad category-shares-zero '"categories": [{"name": "a", "share": 0}, {"name": "b", "share": 0}]' \
  'failures.categories: the shares sum to 0; allowed: a sum > 0'
bad category-level '"categories": [{"name": "a", "level": "datacenter"}]' \
  'failures.categories\[0\].level: "datacenter" is not a known value; allowed: gpu \| node \| rack \| pod'
bad category-unknown-key '"categories": [{"name": "a", "weight": 2}]' \
  'failures.categories\[0\].weight: unknown key; known keys here: name, share, level'
bad category-no-name '"categories": [{"share": 2}]' 'failures.categories\[0\].name: missing'
bad category-duplicate '"categories": [{"name": "a"}, {"name": "a"}]' \
  'failures.categories\[1\].name: "a" is also the name of failures.categories\[0\]'
bad category-rack-no-topology '"categories": [{"name": "switch", "level": "rack"}]' \
  'failures.categories: a domain-level failure process needs a topology section' ' '
bad unknown-failures-key '"domain": []' 'failures.domain: unknown key; known keys here: .*domains, categories'

# Domain trace rows: line, column, value and range.
printf 'time_s,level,id\n10,rack,1\n20,row,0\n30,rack,99\n' >"$WORK/bad-rows.csv"
scenario trace-rows '"model": "trace"'
sed -i -e 's/"model": "weibull",//' -e 's/"trace": ""/"trace": "bad-rows.csv"/' "$WORK/trace-rows.json"
expect trace-bad-level 2 'line 3: level "row" is not a known value; allowed: node \| rack \| pod' \
  "$SPARE_CLI" simulate "$WORK/trace-rows.json"
expect trace-bad-id 2 'line 4: id "99" is out of range; allowed: integer 0 .. 2' "$SPARE_CLI" simulate "$WORK/trace-rows.json"
printf 'time_s,level,id\n10,rack,1\n' >"$WORK/good-rows.csv"
sed -i 's/bad-rows.csv/good-rows.csv/' "$WORK/trace-rows.json"
expect trace-domain-rows 0 '"failures": [1-9]' "$SPARE_CLI" simulate "$WORK/trace-rows.json" --json

# The shipped taxonomy scenario: events name the category, and the switch/cable class its rack.
expect llama3-categories-runs 0 '"completed"' "$SPARE_CLI" simulate "$SCEN/llama3-16k-categories.json" --json \
  --events "$WORK/llama.csv" --until 3000000
check llama3-events-name-categories grep -q 'failure,.*category=faulty GPU' "$WORK/llama.csv"
check llama3-events-name-racks grep -q 'failure,.*category=network switch/cable rack=[0-9]' "$WORK/llama.csv"
finish
