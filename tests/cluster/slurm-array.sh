#!/usr/bin/env bash
# A campaign on a real Slurm: starts a one-node cluster on this machine (munged, slurmctld, slurmd on
# localhost, generated slurm.conf), submits the array job that `spare-cli campaign export --slurm` writes,
# merges and compares byte for byte with a single-process run; then kills one array task with SIGKILL,
# re-submits, and checks the campaign completes with no run twice; then runs a selection plan whose
# rounds are job arrays and checks it answers as in one process. Stops every daemon it started.
# Fails (never skips) when the daemons cannot start. Needs root (installs slurm-wlm and munge if missing).
# Usage: tests/cluster/slurm-array.sh [path/to/spare-cli]
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
CLI=$(readlink -f "${1:-${SPARE_CLI:-$ROOT/build/release/app/spare-cli}}")
start=$(date +%s)
fail() { echo "slurm-array: FAIL: $*" >&2; exit 1; }
say() { echo "slurm-array: $* ($(( $(date +%s) - start )) s)"; }
[ -x "$CLI" ] || fail "no spare-cli at $CLI (build it first)"

if ! command -v slurmctld >/dev/null || ! command -v slurmd >/dev/null || ! command -v munged >/dev/null; then
  say "installing slurm-wlm and munge"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends slurm-wlm munge >/dev/null \
    || fail "cannot install slurm-wlm and munge"
fi

TMP=$(mktemp -d /tmp/spare-slurm.XXXXXX)
chmod 755 "$TMP"
MUNGE="$TMP/munge"
daemons=()
cleanup() {
  local pid
  for pid in "${daemons[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${daemons[@]}"; do
    for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$pid" 2>/dev/null || true
  done
  rm -rf "$TMP"
}
trap cleanup EXIT
# Show the daemons' logs when something goes wrong.
diagnose() { for log in "$MUNGE/munged.log" "$TMP/slurmctld.log" "$TMP/slurmd.log"; do
  [ -f "$log" ] && { echo "--- $log"; tail -n 15 "$log"; }; done; fail "$*"; }

# munged as user munge with its own key, socket and logs under $TMP.
mkdir -p "$MUNGE"
dd if=/dev/urandom of="$MUNGE/munge.key" bs=1024 count=1 status=none
chown -R munge:munge "$MUNGE"; chmod 700 "$MUNGE"; chmod 400 "$MUNGE/munge.key"
runuser -u munge -- munged --force --key-file="$MUNGE/munge.key" --socket="$MUNGE/munge.socket" \
  --pid-file="$MUNGE/munged.pid" --log-file="$MUNGE/munged.log" --seed-file="$MUNGE/munged.seed" \
  || diagnose "munged did not start"
for _ in $(seq 1 50); do [ -s "$MUNGE/munged.pid" ] && break; sleep 0.1; done
daemons+=("$(cat "$MUNGE/munged.pid")")
munge -S "$MUNGE/munge.socket" -n | unmunge -S "$MUNGE/munge.socket" | grep -q "Success" \
  || diagnose "munge credentials do not round-trip"

HOST=$(hostname -s)
MEMORY_MB=$(( $(awk '/MemTotal/ {print $2}' /proc/meminfo) / 1024 * 9 / 10 ))
mkdir -p "$TMP/state" "$TMP/spool"
export SLURM_CONF="$TMP/slurm.conf"
cat >"$SLURM_CONF" <<CONF
ClusterName=sparetest
SlurmctldHost=$HOST
SlurmUser=root
SlurmdUser=root
SlurmctldPort=16817
SlurmdPort=16818
AuthType=auth/munge
AuthInfo=socket=$MUNGE/munge.socket
CredType=cred/munge
StateSaveLocation=$TMP/state
SlurmdSpoolDir=$TMP/spool
SlurmctldPidFile=$TMP/slurmctld.pid
SlurmdPidFile=$TMP/slurmd.pid
SlurmctldLogFile=$TMP/slurmctld.log
SlurmdLogFile=$TMP/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
MaxArraySize=1001
MpiDefault=none
NodeName=$HOST CPUs=$(nproc) RealMemory=$MEMORY_MB State=UNKNOWN
PartitionName=campaign Nodes=$HOST Default=YES MaxTime=INFINITE State=UP
CONF
slurmctld -f "$SLURM_CONF" || diagnose "slurmctld did not start"
for _ in $(seq 1 50); do [ -s "$TMP/slurmctld.pid" ] && break; sleep 0.1; done
[ -s "$TMP/slurmctld.pid" ] || diagnose "slurmctld wrote no pid file"
daemons+=("$(cat "$TMP/slurmctld.pid")")
slurmd -f "$SLURM_CONF" || diagnose "slurmd did not start"
for _ in $(seq 1 50); do [ -s "$TMP/slurmd.pid" ] && break; sleep 0.1; done
[ -s "$TMP/slurmd.pid" ] || diagnose "slurmd wrote no pid file"
daemons+=("$(cat "$TMP/slurmd.pid")")
for _ in $(seq 1 60); do [ "$(sinfo -h -o %T 2>/dev/null)" = idle ] && break; sleep 0.5; done
[ "$(sinfo -h -o %T 2>/dev/null)" = idle ] || diagnose "the node is not idle: $(sinfo -h -o '%T %E' 2>&1)"
say "cluster up: $HOST, $(nproc) CPUs, ${MEMORY_MB} MB"

# A small campaign: 24 runs of a fast scenario, each long enough (about 0.5 s) to be killed mid-run.
cat >"$TMP/small.json" <<'JSON'
{
  "name": "slurm-small",
  "base": {"cluster": {"groups": 20, "redundancy": 3}, "workload": {"steps": 30000, "allreduce_s": 0.4},
           "failures": {"system_mtbf_s": 200}},
  "grid": {"cluster.redundancy": "2-4", "run.policy": ["spare", "rep"], "failures.system_mtbf_s": [100, 300]},
  "replication": {"seeds": 2}
}
JSON
"$CLI" campaign run "$TMP/small.json" --shard 0/1 --out "$TMP/local" --threads "$(nproc)" >/dev/null 2>&1 \
  || fail "the local single-process run failed"
"$CLI" campaign merge "$TMP/local" --out "$TMP/local.csv" >/dev/null
say "local run merged: $(grep -vc '^#' "$TMP/local.csv") lines"

# wait_job ID: until squeue no longer lists the job (bounded).
wait_job() {
  for _ in $(seq 1 240); do [ -z "$(squeue -h -j "$1" 2>/dev/null)" ] && return 0; sleep 0.5; done
  diagnose "job $1 still queued after 120 s: $(squeue -h -j "$1" 2>&1 | head -n 5)"
}
# shard_lines DIR: every run_id in its shard files, one per line.
shard_ids() { cat "$1"/shard-*.tsv | cut -f1; }

# 1. The exported array, as is.
"$CLI" campaign export "$TMP/small.json" --slurm --runs-per-task 3 --out "$TMP/array" --script "$TMP/array.sbatch"
grep -q "^#SBATCH --array=0-7$" "$TMP/array.sbatch" || fail "expected an array of 8 tasks: $(grep array "$TMP/array.sbatch")"
job=$(sbatch --parsable "$TMP/array.sbatch") || diagnose "sbatch refused the exported script"
wait_job "$job"
"$CLI" campaign merge "$TMP/array" --out "$TMP/array.csv" || { cat "$TMP"/array/slurm-*.out; fail "merge after the array reports missing runs"; }
cmp "$TMP/local.csv" "$TMP/array.csv" || fail "the array's merged table differs from the single-process one"
say "array job $job: merged table byte-identical to the single-process run"

# 2. Kill one running array task with SIGKILL, then re-submit the whole array.
"$CLI" campaign export "$TMP/small.json" --slurm --runs-per-task 3 --out "$TMP/killed" --script "$TMP/killed.sbatch"
job=$(sbatch --parsable "$TMP/killed.sbatch")
victim=""
for _ in $(seq 1 200); do
  # A running task that has finished one or two of its three runs: it is inside a run when killed.
  for task in $(squeue -h -j "$job" -t R -o %K 2>/dev/null); do
    file=$(ls "$TMP"/killed/shard-0000"$task"-of-00008.tsv 2>/dev/null || true)
    lines=$([ -n "$file" ] && wc -l <"$file" || echo 0)
    if [ "$lines" -ge 1 ] && [ "$lines" -le 2 ]; then victim=$task; break 2; fi
  done
  sleep 0.05
done
[ -n "$victim" ] || fail "no running array task to kill (tasks finished too fast?)"
scancel --signal=KILL "${job}_${victim}"
wait_job "$job"
missing=$("$CLI" campaign status "$TMP/killed" | awk '/^missing/ {print $2}')
[ "$missing" -gt 0 ] || fail "killing task $victim lost no run (it finished before the kill)"
say "killed task $victim of job $job with SIGKILL: $missing runs missing"
job=$(sbatch --parsable "$TMP/killed.sbatch")
wait_job "$job"
"$CLI" campaign status "$TMP/killed" | grep -q "^missing  0" || fail "re-submitting did not complete the campaign"
duplicates=$(shard_ids "$TMP/killed" | sort | uniq -d | wc -l)
[ "$duplicates" -eq 0 ] || fail "$duplicates runs were written twice"
[ "$(shard_ids "$TMP/killed" | wc -l)" -eq 24 ] || fail "expected 24 result lines, got $(shard_ids "$TMP/killed" | wc -l)"
"$CLI" campaign merge "$TMP/killed" --out "$TMP/killed.csv" >/dev/null
cmp "$TMP/local.csv" "$TMP/killed.csv" || fail "after kill and re-submit the merged table differs"
say "re-submitted as job $job: complete, no run twice, byte-identical to the single-process run"
# A selection plan whose rounds run as job arrays: each round's campaign is exported and submitted, then
# the plan resumes; the answer equals the plan run in one process.
PLAN=("$ROOT/scenarios/teaching-12.json" --policies spare --redundancy 2-5 --indifference 2% --batch 20)
"$CLI" plan "${PLAN[@]}" --json --threads "$(nproc)" 2>/dev/null | grep -v '"command"' >"$TMP/plan-local.json"
rounds=0
while "$CLI" plan "${PLAN[@]}" --dir "$TMP/plan" --no-run >"$TMP/plan.out" 2>/dev/null && grep -Eq '^plan: round [0-9]+ needs' "$TMP/plan.out"; do
  round=$(awk '/^plan: round [0-9]+ needs/ {print $3}' "$TMP/plan.out")
  dir=$(printf '%s/plan/round-%03d' "$TMP" "$round")
  "$CLI" campaign export "$dir/campaign.json" --slurm --runs-per-task 10 --out "$dir/results" --script "$dir/round.sbatch" >/dev/null
  job=$(sbatch --parsable "$dir/round.sbatch") || diagnose "sbatch refused the plan round's script"
  wait_job "$job"
  rounds=$((rounds + 1))
  [ "$rounds" -le 20 ] || fail "the plan did not finish in 20 rounds"
done
"$CLI" plan --resume "$TMP/plan" --json 2>/dev/null | grep -v '"command"' >"$TMP/plan-array.json"
cmp "$TMP/plan-local.json" "$TMP/plan-array.json" || fail "the plan run on job arrays differs from the one-process plan"
say "plan: $rounds rounds as job arrays, the same answer as in one process"
say "PASS"
