# The repair section from the command line: each bad repair value exits 2 naming the key, the value and
# the allowed range (simulate and sweep read scenarios the same way); good sections, "inf" included, load.
source "$(dirname "$0")/cli-test-lib.sh"

# scenario NAME REPAIR-KEYS: teaching-12 with a repair section holding these keys.
scenario() {
  sed -e "s|^{|{ \"repair\": {$2},|" "$SCEN/teaching-12.json" >"$WORK/$1.json"
}

bad() {  # bad NAME REPAIR-KEYS REGEX
  scenario "$1" "$2"
  expect "$1" 2 "$3" "$SPARE_CLI" simulate "$WORK/$1.json"
}

bad spares-negative '"spare_nodes": -1' 'repair.spare_nodes: -1 is out of range; allowed: 0 \.\. 10,000,000 nodes'
bad spares-huge '"spare_nodes": 20000000' 'repair.spare_nodes: 20000000 is out of range; allowed: 0 \.\. 10,000,000'
bad spares-fraction '"spare_nodes": 2.5' 'repair.spare_nodes: 2.5 is not an integer'
bad swap-negative '"swap_s": -1' 'repair.swap_s: -1 is out of range; allowed: 0 \.\. 1e9, or "inf" s'
bad swap-huge '"swap_s": 1e12' 'repair.swap_s: 1000000000000 is out of range; allowed: 0 \.\. 1e9, or "inf"'
bad swap-word '"swap_s": "forever"' 'repair.swap_s: "forever" is not a known value; allowed: 0 \.\. 1e9, or "inf"'
bad swap-overflow '"swap_s": 1e999' 'repair.swap_s: 1e999 is not a finite number'
bad distribution '"repair_distribution": "gamma"' \
  'repair.repair_distribution: "gamma" is not a known value; allowed: exponential \| lognormal \| fixed'
bad repair-mean-zero '"repair_mean_s": 0' 'repair.repair_mean_s: 0 is out of range; allowed: > 0 \.\. 1e9 s'
bad repair-mean-huge '"repair_mean_s": 2e9' 'repair.repair_mean_s: 2000000000 is out of range; allowed: > 0 \.\. 1e9 s'
bad sigma-negative '"repair_sigma": -1' 'repair.repair_sigma: -1 is out of range; allowed: 0 \.\. 5'
bad sigma-big '"repair_sigma": 5.5' 'repair.repair_sigma: 5.5 is out of range; allowed: 0 \.\. 5'
bad escalation-share '"escalation_share": 1.5' 'repair.escalation_share: 1.5 is out of range; allowed: 0 \.\. 1'
bad escalation-mean '"escalation_mean_s": -3' 'repair.escalation_mean_s: -3 is out of range; allowed: > 0 \.\. 1e9 s'
bad rejoin '"rejoin": "later"' 'repair.rejoin: "later" is not a known value; allowed: none \| at_step'
bad state-transfer '"state_transfer_s": -0.5' 'repair.state_transfer_s: -0.5 is out of range; allowed: 0 \.\. 1e9 s'
bad unknown-key '"spares": 3' 'repair.spares: unknown key; known keys here: spare_nodes, swap_s'

# Every problem at once, one line each.
scenario several '"spare_nodes": -1, "rejoin": "later", "escalation_share": 2'
expect several-problems 2 'repair.spare_nodes: -1.*' "$SPARE_CLI" simulate "$WORK/several.json"
check several-problems-each-named test "$(printf '%s' "$ERR" | grep -cE 'repair\.(spare_nodes|rejoin|escalation_share): ')" -eq 3

# The sweep reads the same section the same way.
scenario sweep-sigma '"repair_sigma": 9'
expect sweep-names-the-key 2 'repair.repair_sigma: 9 is out of range; allowed: 0 \.\. 5' \
  "$SPARE_CLI" sweep "$WORK/sweep-sigma.json"

# Good sections load: every key, "inf" for the swap, an empty section (the defaults), the shipped scenario.
scenario good '"spare_nodes": 0, "swap_s": "inf", "repair_distribution": "fixed", "repair_mean_s": 60, "repair_sigma": 0, "escalation_share": 1, "escalation_mean_s": 1e9, "rejoin": "at_step", "state_transfer_s": 0'
expect good-section-loads 0 '' "$SPARE_CLI" simulate "$WORK/good.json" --until 1000
scenario empty ''
expect empty-section-loads 0 '' "$SPARE_CLI" simulate "$WORK/empty.json" --until 1000
expect shipped-repair-scenario-loads 0 '' "$SPARE_CLI" simulate "$SCEN/llama3-16k-repair.json" --until 3600
finish
