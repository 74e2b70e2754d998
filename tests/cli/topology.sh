# Topology and failure-domain-aware layouts from the command line: bad topology values exit 2 naming the
# key, the value and the range; layout --topology / --scenario reports the domains; golomb-domain
# separates where the golomb layout does not, and runs in a simulation.
source "$(dirname "$0")/cli-test-lib.sh"

# scenario NAME TOPOLOGY-JSON [LAYOUT]: teaching-12 at N = 60, r = 4 with this topology section.
scenario() {
  sed -e 's/"groups": 12/"groups": 60/' -e 's/"redundancy": [0-9]*/"redundancy": 4/' -e 's/"steps": [0-9]*/"steps": 200/' \
    -e "s/\"layout\": \"[a-z-]*\"/\"layout\": \"${3:-golomb}\"/" -e "s/\"gpus_per_group\": [0-9]*/\"gpus_per_group\": 16/" \
    -e "s|^{|{\n  \"topology\": $2,|" "$SCEN/teaching-12.json" >"$WORK/$1.json"
}

scenario bad-gpus '{"gpus_per_node": 0}'
expect bad-gpus-per-node 2 'topology.gpus_per_node: 0 is out of range; allowed: 1 .. 1024 GPUs' \
  "$SPARE_CLI" simulate "$WORK/bad-gpus.json"
scenario bad-rack '{"nodes_per_rack": 200000}'
expect bad-nodes-per-rack 2 'topology.nodes_per_rack: 200000 is out of range; allowed: 1 .. 100,000 nodes' \
  "$SPARE_CLI" simulate "$WORK/bad-rack.json"
scenario bad-pod '{"racks_per_pod": 1.5}'
expect bad-racks-per-pod 2 'topology.racks_per_pod: 1.5 is not an integer' "$SPARE_CLI" simulate "$WORK/bad-pod.json"
scenario bad-level '{"domain_level": "row"}'
expect bad-domain-level 2 'topology.domain_level: "row" is not a known value; allowed: node \| rack \| pod' \
  "$SPARE_CLI" simulate "$WORK/bad-level.json"
scenario bad-placement '{"placement": "missing-placement.json"}'
expect bad-placement-file 2 'topology.placement: .*missing-placement.json' "$SPARE_CLI" simulate "$WORK/bad-placement.json"
printf '{"group_nodes": [[0], [1]]}' >"$WORK/short-nodes.json"
scenario short-placement '{"placement": "short-nodes.json"}' golomb-domain
expect short-placement-file 2 'group_nodes has 2 entries; allowed: exactly cluster.groups = 60' \
  "$SPARE_CLI" simulate "$WORK/short-placement.json"
sed -e 's/"layout": "golomb"/"layout": "golomb-domain"/' "$SCEN/teaching-12.json" >"$WORK/no-topology.json"
expect domain-layout-needs-topology 2 'cluster.layout: golomb-domain needs a topology section' \
  "$SPARE_CLI" simulate "$WORK/no-topology.json"

scenario racks '{"gpus_per_node": 8, "nodes_per_rack": 8, "racks_per_pod": 4, "placement": "contiguous", "domain_level": "rack"}' \
  golomb-domain
expect simulate-golomb-domain 0 'layout_independence' "$SPARE_CLI" simulate "$WORK/racks.json" --json
expect layout-golomb-rack-report 0 'separated    NO: 0 of 60 types' \
  "$SPARE_CLI" layout -N 60 -r 4 --layout golomb --scenario "$WORK/racks.json"
expect layout-domain-rack-report 0 'separated    yes: 60 of 60 types have their 4 holders in 4 distinct racks' \
  "$SPARE_CLI" layout -N 60 -r 4 --layout golomb-domain --scenario "$WORK/racks.json"
expect layout-domain-json 0 '"separated": true' \
  "$SPARE_CLI" layout -N 60 -r 4 --layout golomb-domain --scenario "$WORK/racks.json" --json
expect layout-domain-level-pod 0 'NOT pod-separated \(impossible: the groups occupy 4 pods' \
  "$SPARE_CLI" layout -N 60 -r 8 --layout golomb-domain --scenario "$WORK/racks.json" --domain-level pod
printf '{"gpus_per_group": 16, "nodes_per_rack": 8}' >"$WORK/topology.json"
expect layout-topology-file 0 '"worst_types_lost": 0' "$SPARE_CLI" layout -N 60 -r 4 --topology "$WORK/topology.json" --json
printf '{"gpus_per_group": 16, "nodes_per_rack": 0}' >"$WORK/bad-topology.json"
expect layout-bad-topology-file 2 'topology.nodes_per_rack: 0 is out of range; allowed: 1 .. 100,000 nodes' \
  "$SPARE_CLI" layout -N 60 -r 4 --topology "$WORK/bad-topology.json"
expect layout-domain-needs-topology 2 "golomb-domain' needs a topology" "$SPARE_CLI" layout -N 60 -r 4 --layout golomb-domain
expect layout-level-needs-topology 2 '--domain-level needs --topology or --scenario' \
  "$SPARE_CLI" layout -N 60 -r 4 --domain-level rack
expect layout-bad-level 2 "--domain-level: 'row'" "$SPARE_CLI" layout -N 60 -r 4 --topology "$WORK/topology.json" --domain-level row
# A scenario without a topology still names N, r and the layout; failure domains need the topology.
expect layout-scenario-without-topology 2 'the scenario has no topology section' \
  "$SPARE_CLI" layout -N 60 -r 4 --scenario "$SCEN/teaching-12.json" --domain-level rack

# layout --scenario: N, r and the layout are the scenario's unless given here; bad combinations name the flag,
# the value, the allowed range and where the other value came from.
for shape in '"groups": 12,' '"redundancy": 3,' '"layout": "golomb",'; do
  expect "layout-scenario-shape: $shape" 0 "$shape" "$SPARE_CLI" layout --scenario "$SCEN/teaching-12.json" --json
done
expect layout-scenario-topology 0 'separated    yes: 60 of 60 types' "$SPARE_CLI" layout --scenario "$WORK/racks.json"
for shape in '"groups": 12,' '"redundancy": 4,' '"layout": "consecutive",'; do
  expect "layout-scenario-override: $shape" 0 "$shape" \
    "$SPARE_CLI" layout --scenario "$SCEN/teaching-12.json" -r 4 --layout consecutive --json
done
expect layout-scenario-r-too-big 2 '--redundancy 40 is out of range: allowed 1 \.\. 12 .*N = 12 from --scenario' \
  "$SPARE_CLI" layout --scenario "$SCEN/teaching-12.json" -r 40
expect layout-scenario-n-too-small 2 '--redundancy 3 is out of range: allowed 1 \.\. 2 .*r = 3 from --scenario' \
  "$SPARE_CLI" layout --scenario "$SCEN/teaching-12.json" -N 2
expect layout-scenario-bad-groups 2 "--groups: '1' .*allowed" "$SPARE_CLI" layout --scenario "$SCEN/teaching-12.json" -N 1
expect layout-needs-groups 2 '--groups is required \(or --scenario FILE' "$SPARE_CLI" layout -r 3
expect layout-needs-redundancy 2 '--redundancy is required \(or --scenario FILE' "$SPARE_CLI" layout -N 12
finish
