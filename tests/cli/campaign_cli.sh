#!/usr/bin/env bash
# spare-cli campaign: plan counts of the shipped campaigns, bad campaign files and flags (exit 2, message
# naming the key or flag), shards merged equal to one process, auto shards from scheduler variables,
# a results folder of another campaign, and the export scripts.
source "$(dirname "$0")/cli-test-lib.sh"
C="$SPARE_SOURCE_DIR/campaigns"

expect plan-mtbf-vs-r 0 "^950$" "$SPARE_CLI" campaign plan --count "$C/mtbf-vs-r.json"
expect plan-scale-vs-r 0 "^540$" "$SPARE_CLI" campaign plan --count "$C/scale-vs-r.json"
expect plan-llama3-sensitivity 0 "^95\.\.570$" "$SPARE_CLI" campaign plan --count "$C/llama3-sensitivity.json"
expect plan-summary 0 "cluster.groups = total_gpus / cluster.gpus_per_group" "$SPARE_CLI" campaign plan "$C/scale-vs-r.json"
expect plan-list 0 "^[0-9a-f]{16}	0	[0-9]+	cluster.redundancy=2;failures.system_mtbf_s=150.0;run.policy=spare$" \
  "$SPARE_CLI" campaign plan --list "$C/mtbf-vs-r.json"

base='"base": {"cluster": {"groups": 20, "redundancy": 3}, "workload": {"steps": 150, "allreduce_s": 0.4}}'
good="{\"name\": \"cli\", $base, \"grid\": {\"cluster.redundancy\": \"2-4\", \"run.policy\": [\"spare\", \"rep\"]}, \"replication\": {\"seeds\": 2}}"
echo "$good" >"$WORK/good.json"
echo "{\"name\": \"other\", $base, \"grid\": {\"cluster.redundancy\": [2, 5]}}" >"$WORK/other.json"
echo '{"grid": ' >"$WORK/syntax.json"
echo "{$base, \"grid\": {\"cluster.redundancy\": [2, 70], \"cluster.nodes\": [1]}, \"colour\": 1}" >"$WORK/bad.json"
echo "{$base, \"grid\": {}}" >"$WORK/empty-grid.json"
echo "{$base, \"grid\": {\"run.policy\": []}}" >"$WORK/empty-list.json"
echo "{$base, \"grid\": {\"cluster.groups\": [4, 40], \"cluster.redundancy\": [3, 10]}}" >"$WORK/combination.json"
echo "{\"base\": \"no-such-scenario.json\", \"grid\": {\"cluster.redundancy\": [2]}}" >"$WORK/no-base.json"

expect syntax-error 2 "syntax.json: \(syntax\)" "$SPARE_CLI" campaign plan "$WORK/syntax.json"
expect unknown-top-key 2 "bad.json: colour: unknown key" "$SPARE_CLI" campaign plan "$WORK/bad.json"
expect unknown-grid-key 2 "grid.cluster.nodes: unknown key" "$SPARE_CLI" campaign plan "$WORK/bad.json"
expect out-of-range-value 2 "grid.cluster.redundancy\[1\] = 70: cluster.redundancy: 70 is out of range; allowed" \
  "$SPARE_CLI" campaign plan "$WORK/bad.json"
expect empty-grid 2 "grid: expected a non-empty object" "$SPARE_CLI" campaign plan "$WORK/empty-grid.json"
expect empty-list 2 "grid.run.policy: empty list" "$SPARE_CLI" campaign plan "$WORK/empty-list.json"
expect bad-combination 2 "cell \{cluster.groups=4;cluster.redundancy=10\}: cluster.redundancy: 10 is out of range" \
  "$SPARE_CLI" campaign plan "$WORK/combination.json"
expect missing-base 2 "no-such-scenario.json" "$SPARE_CLI" campaign plan "$WORK/no-base.json"
expect missing-file 2 "cannot open the campaign file" "$SPARE_CLI" campaign plan "$WORK/none.json"
expect bad-shard 2 "--shard 3/3 .*0 <= I < K" "$SPARE_CLI" campaign run "$WORK/good.json" --shard 3/3 --out "$WORK/x"
expect shard-auto-without-scheduler 2 "none of SLURM_ARRAY_TASK_ID" env -u SLURM_ARRAY_TASK_ID -u JOB_COMPLETION_INDEX \
  -u OMPI_COMM_WORLD_RANK -u PMI_RANK "$SPARE_CLI" campaign run "$WORK/good.json" --shard auto --out "$WORK/x"
expect bad-threads 2 "--threads 5000 is out of range" "$SPARE_CLI" campaign run "$WORK/good.json" --shard 0/1 --threads 5000
expect merge-bad-extension 2 "--out x.txt: .*csv or .json" "$SPARE_CLI" campaign merge "$WORK" --out x.txt
expect status-not-a-results-folder 2 "not a campaign results folder" "$SPARE_CLI" campaign status "$WORK"

# One process, then three shards (one via Slurm variables, one via a Kubernetes index), merged identically.
expect run-one-process 0 "12 runs done now" "$SPARE_CLI" campaign run "$WORK/good.json" --shard 0/1 --out "$WORK/one"
expect merge-one 0 "merged 12 runs" "$SPARE_CLI" campaign merge "$WORK/one" --out "$WORK/one.csv"
expect shard-0-of-3 0 "shard 0/3 \(--shard\)" "$SPARE_CLI" campaign run "$WORK/good.json" --shard 0/3 --out "$WORK/three"
expect merge-incomplete 1 "runs are missing" "$SPARE_CLI" campaign merge "$WORK/three" --out "$WORK/partial.csv"
expect status-missing 0 "missing  [1-9]" "$SPARE_CLI" campaign status "$WORK/three"
expect shard-auto-slurm 0 "shard 1/3 \(SLURM_ARRAY_TASK_ID" env SLURM_ARRAY_TASK_ID=1 SLURM_ARRAY_TASK_COUNT=3 \
  "$SPARE_CLI" campaign run "$WORK/good.json" --shard auto --out "$WORK/three"
expect shard-auto-kubernetes 0 "shard 2/3 \(JOB_COMPLETION_INDEX" env -u SLURM_ARRAY_TASK_ID JOB_COMPLETION_INDEX=2 \
  "$SPARE_CLI" campaign run "$WORK/good.json" --shard auto --shard-count 3 --out "$WORK/three"
expect merge-three 0 "merged 12 runs .*0 missing" "$SPARE_CLI" campaign merge "$WORK/three" --out "$WORK/three.csv"
check three-shards-equal-one-process cmp -s "$WORK/one.csv" "$WORK/three.csv"
expect rerun-skips-finished 0 "0 runs done now, 12 already done" "$SPARE_CLI" campaign run "$WORK/good.json" --shard 0/1 --out "$WORK/three"
expect status-done 0 "done     12" "$SPARE_CLI" campaign status "$WORK/three"
expect merge-json 0 "merged 12 runs" "$SPARE_CLI" campaign merge "$WORK/one" --out "$WORK/one.json"
check merged-json-parses python3 -c "import json,sys; d=json.load(open(sys.argv[1])); assert len(d['runs'])==12 and d['provenance']['campaign']=='cli'" "$WORK/one.json"
expect hash-mismatch 2 "holds results of another campaign" "$SPARE_CLI" campaign run "$WORK/other.json" --shard 0/1 --out "$WORK/one"

# Runs that throw are recorded as failed with their reason, listed by status and kept in the table.
echo "{\"name\": \"fails\", \"base\": {\"failures\": {\"model\": \"trace\", \"trace\": \"$WORK/no-trace.csv\"}},
  \"grid\": {\"cluster.redundancy\": [2, 3]}}" >"$WORK/fails.json"
expect failed-runs-exit-1 1 "0 runs done now, 0 already done, 2 failed" "$SPARE_CLI" campaign run "$WORK/fails.json" --shard 0/1 --out "$WORK/fails"
expect status-lists-failures 0 "failed   [0-9a-f]{16} \{cluster.redundancy=2\}: .*no-trace.csv: cannot open" \
  "$SPARE_CLI" campaign status "$WORK/fails"
expect merge-keeps-failures 0 "merged 2 runs .*2 failed" "$SPARE_CLI" campaign merge "$WORK/fails" --out "$WORK/fails.csv"

expect export-slurm 0 "#SBATCH --array=0-2" "$SPARE_CLI" campaign export "$WORK/good.json" --slurm --runs-per-task 5 \
  --partition batch --out "$WORK/exp"
expect export-slurm-partition 0 "#SBATCH --partition=batch" "$SPARE_CLI" campaign export "$WORK/good.json" --slurm \
  --partition batch --out "$WORK/exp"
expect export-slurm-max-array 0 "#SBATCH --array=0-3$" "$SPARE_CLI" campaign export "$WORK/good.json" --slurm \
  --runs-per-task 1 --max-array-size 4 --out "$WORK/exp"
expect export-make 0 "shard-%:" "$SPARE_CLI" campaign export "$WORK/good.json" --make --out "$WORK/exp"
expect export-parallel 0 "^seq 0 [0-9]+ \| parallel" "$SPARE_CLI" campaign export "$WORK/good.json" --parallel --out "$WORK/exp"
expect export-needs-one-kind 2 "exactly one of --slurm, --make, --parallel" "$SPARE_CLI" campaign export "$WORK/good.json"
expect export-other-campaign 2 "holds results of another campaign" "$SPARE_CLI" campaign export "$WORK/other.json" --slurm --out "$WORK/one"
finish
