# The alternatives to SPARe from the command line: bad values of every new key (hosts, elastic, rebalance,
# memory_checkpoint, progress) exit 2 naming the key, the value and the range; elastic and rebalance runs
# report their reconfigurations and progress; spare-cli regime-map's flags, its map and its CSV.
source "$(dirname "$0")/cli-test-lib.sh"

refuse_fragment prone-share '{"hosts": {"prone_share": 2}}' 'hosts.prone_share: 2 is out of range; allowed: 0 .. 1'
refuse_fragment prone-factor '{"hosts": {"prone_factor": 0.5}}' 'hosts.prone_factor: 0.5 is out of range; allowed: 1 .. 1000 x'
refuse_fragment remove-after '{"hosts": {"remove_after": 1.5}}' 'hosts.remove_after'
refuse_fragment slow-factor '{"hosts": {"slow_factor": 200}}' 'hosts.slow_factor: 200 is out of range; allowed: 1 .. 100 x'
refuse_fragment evict '{"hosts": {"evict_after_s": "never"}}' 'hosts.evict_after_s: "never" is not a known value; allowed: 0 .. 1e9, or "inf"'
refuse_fragment at-s '{"maintenance": {"at_s": [100, 50]}}' 'maintenance.at_s\[1\]: 50 is not after the entry before it'
refuse_fragment policy '{"run": {"policy": "torchft"}}' 'run.policy: "torchft" is not a known value; allowed: spare \| rep \| ckpt \| elastic \| rebalance'
refuse_fragment detect '{"elastic": {"detect_s": -1}}' 'elastic.detect_s: -1 is out of range; allowed: 0 .. 1e9 s'
refuse_fragment min-replicas '{"elastic": {"min_replicas": 13}}' 'elastic.min_replicas: 13 is out of range; allowed: 1 .. cluster.groups'
refuse_fragment spare-groups '{"elastic": {"spare_groups": 12}}' 'elastic.spare_groups: 12 is out of range'
refuse_fragment reconfigure '{"rebalance": {"reconfigure_s": "6s"}}' 'rebalance.reconfigure_s: expected a number'
refuse_fragment copies '{"memory_checkpoint": {"copies": 0}}' 'memory_checkpoint.copies: 0 is out of range'
refuse_fragment placement '{"memory_checkpoint": {"placement": "racks"}}' 'memory_checkpoint.placement: "racks" is not a known value; allowed: contiguous \| domain_separated'
refuse_fragment lost-share '{"memory_checkpoint": {"lost_share": -0.1}}' 'memory_checkpoint.lost_share: -0.1 is out of range; allowed: 0 .. 1'
refuse_fragment measure '{"progress": {"measure": "tokens"}}' 'progress.measure: "tokens" is not a known value; allowed: steps \| samples \| effective'
refuse_fragment phi '{"progress": {"phi": -2}}' 'progress.phi: -2 is out of range'
refuse_fragment semantics '{"run": {"policy": "elastic"}, "checkpoint": {"semantics": "paper"}}' 'checkpoint.semantics: "paper" is the authors'"'"' rule'

expect "elastic run reports reconfigurations and progress" 0 'reconfigurations .* steps lost' \
  "$SPARE_CLI" simulate "$SCEN/paper-n600-practice.json" --policy elastic --until 200000
expect "elastic run prints its batch" 0 'batch +mean 0\.9' \
  "$SPARE_CLI" simulate "$SCEN/paper-n600-practice.json" --policy elastic --until 200000
expect "in-memory restores are counted" 0 'in-memory checkpoints .* restarts from memory [1-9]' \
  "$SPARE_CLI" simulate "$SCEN/paper-n600-practice.json" --policy ckpt --until 200000

expect "sweep refuses elastic under the paper's checkpoint rule" 2 'policy elastic: checkpoint.semantics' \
  "$SPARE_CLI" sweep "$SCEN/paper-n200-exp.json" --policies spare,elastic -r 8 --seeds 1
expect "plan refuses rebalance under the paper's checkpoint rule" 2 'policies: rebalance: checkpoint.semantics' \
  "$SPARE_CLI" plan "$SCEN/paper-n200-exp.json" --policies spare,rebalance --redundancy 8
expect "sweep runs elastic and rebalance at r = 1, each with its best row" 0 'rebalance +1 +2/2 .*<- best' \
  "$SPARE_CLI" sweep "$SCEN/teaching-12.json" --policies spare,elastic,rebalance -r 3,4 --seeds 2
expect "plan races elastic once, not once per r" 0 '\| elastic \| 1 \| auto \|' \
  "$SPARE_CLI" plan "$SCEN/teaching-12.json" --policies spare,elastic --redundancy 2-4 --max-replicates 40

expect "regime-map draws a 2 x 2 map" 0 'legend: S spare M ckpt-memory E elastic B rebalance' \
  "$SPARE_CLI" regime-map "$SCEN/paper-n600-practice.json" --x restart.duration_s=60,600 \
  --y failures.system_mtbf_s=300,1200 --seeds 2 --out "$WORK/map.csv"
check "regime-map CSV has a row per cell and contender" test "$(wc -l <"$WORK/map.csv")" -eq 17
expect "regime-map refuses a key that is not numeric" 2 '"run.policy" is not a numeric scenario key' \
  "$SPARE_CLI" regime-map "$SCEN/teaching-12.json" --x run.policy=1,2
expect "regime-map refuses an unknown contender" 2 '"torchft" is not a contender' \
  "$SPARE_CLI" regime-map "$SCEN/teaching-12.json" --policies spare,torchft
expect "regime-map refuses one contender" 2 '1 contenders; allowed: 2 .. 6' \
  "$SPARE_CLI" regime-map "$SCEN/teaching-12.json" --policies spare
expect "regime-map refuses a value out of range" 2 'restart.duration_s.*out of range' \
  "$SPARE_CLI" regime-map "$SCEN/teaching-12.json" --x restart.duration_s=-5,10
expect "regime-map refuses a bad axis" 2 'allowed: 2 .. 100' \
  "$SPARE_CLI" regime-map "$SCEN/teaching-12.json" --x restart.duration_s=1:10:1
finish
