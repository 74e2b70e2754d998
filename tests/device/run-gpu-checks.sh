#!/usr/bin/env bash
# GPU checks for the Monte-Carlo CUDA backend, run on a machine with an NVIDIA GPU (sm_90) from the
# repository root:  bash tests/device/run-gpu-checks.sh
# Steps: configure (Release, SPARE_WITH_CUDA=ON, no UI), build the needed targets with -j16, print the
# kernel's `nvcc -Xptxas -v` resource usage, run the CPU-vs-GPU tests, compare spare-cli on both devices
# (10^6 trials, exact and --wipeout-only: identical results, and the exact / wipe-out-only time ratio on
# each), run the benchmark (GPU vs oneTBB on all cores), print a short table last. Logs go to $OUT when set (else build/gpu-checks).
#
# A GPU machine's image may have CUDA and CMake but not the project's Debian packages (TBB, fmt, nlohmann-json,
# CLI11, Qt6 Test, Google Benchmark). If configure fails for that, run tests/device/pack-deps.sh here
# first (it downloads those .debs into .device-deps/, which .git/info/exclude ignores) and copy that
# folder along: they are unpacked into /opt/spare-deps (not into /).
set -uo pipefail

ROOT=$(cd "$(dirname "$0")/../.." && pwd)
LOGS=${OUT:-$ROOT/build/gpu-checks}
BUILD=$ROOT/build/gpu-checks-build
TRIALS=${SPARE_GPU_TRIALS:-1000000}
mkdir -p "$LOGS"
exec > >(tee "$LOGS/gpu-checks.log") 2>&1
cd "$ROOT"
export PATH=/usr/local/cuda/bin:$PATH
started=$(date +%s)
step() { echo; echo "== $* ($(($(date +%s) - started)) s)"; }
declare -A summary

step "machine"
nvidia-smi -L || echo "nvidia-smi failed"
nvcc --version | tail -1
nproc

PREFIX_ARGS=()
if compgen -G ".device-deps/*.deb" >/dev/null; then
  step "unpacking carried packages into /opt/spare-deps"
  mkdir -p /opt/spare-deps
  for deb in .device-deps/*.deb; do dpkg -x "$deb" /opt/spare-deps; done
  export LD_LIBRARY_PATH=/opt/spare-deps/usr/lib/x86_64-linux-gnu:${LD_LIBRARY_PATH:-}
  PREFIX_ARGS=(-DCMAKE_PREFIX_PATH=/opt/spare-deps/usr -DCMAKE_CXX_FLAGS=-isystem\ /opt/spare-deps/usr/include)
fi

step "kernel resource usage (nvcc -Xptxas -v, sm_90)"
nvcc -std=c++17 -O3 -arch=sm_90 -Xptxas -v -I engine -c engine/cuda/CudaMonteCarloAccelerator.cu \
  -o "$BUILD-ptxas.o" 2>"$LOGS/ptxas.txt"
c++filt <"$LOGS/ptxas.txt" | grep -E "Compiling entry|registers|spill" | sed 's/ptxas info *: //'
summary[ptxas]=$(c++filt <"$LOGS/ptxas.txt" | grep -A2 "trialsKernel<unsigned short>" | grep -oE "Used [0-9]+ registers|[0-9]+ bytes spill stores" | paste -sd, -)

step "configure"
if ! cmake -S . -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=Release -DSPARE_WITH_CUDA=ON -DSPARE_BUILD_UI=OFF \
     -DSPARE_WARNINGS_AS_ERRORS=ON "${PREFIX_ARGS[@]}" >"$LOGS/configure.log" 2>&1; then
  tail -20 "$LOGS/configure.log"
  echo "configure failed: see above; missing packages can be carried (tests/device/pack-deps.sh)"
  exit 1
fi
grep -E "CUDA accelerator|Google Benchmark" "$LOGS/configure.log"

step "build"
targets=(spare-cli)
known=$(ninja -C "$BUILD" -t targets all 2>/dev/null | cut -d: -f1)
grep -qx test_montecarlo_cuda <<<"$known" && targets+=(test_montecarlo test_montecarlo_cuda)
grep -qx bench_montecarlo <<<"$known" && targets+=(bench_montecarlo)
cmake --build "$BUILD" -j16 --target "${targets[@]}" >"$LOGS/build.log" 2>&1 || { tail -30 "$LOGS/build.log"; exit 1; }
echo "built: ${targets[*]}"

step "GPU tests"
if [[ -x $BUILD/tests/engine/test_montecarlo_cuda ]]; then
  "$BUILD/tests/engine/test_montecarlo_cuda" | tee "$LOGS/test_montecarlo_cuda.txt" | grep -E "PASS|FAIL|SKIP|Totals"
  summary[cuda_tests]=$(grep Totals "$LOGS/test_montecarlo_cuda.txt")
  "$BUILD/tests/engine/test_montecarlo" | grep Totals
else
  echo "Qt6 Test not found: tests not built"
  summary[cuda_tests]="not built (no Qt6 Test)"
fi

step "spare-cli: CPU (all cores) vs CUDA, golomb N=1000 r=9, $TRIALS trials"
cli=$BUILD/app/spare-cli
"$cli" montecarlo -N 1000 -r 9 -T "$TRIALS" --seed 7 --device cuda --json >"$LOGS/cli-cuda.json"
"$cli" montecarlo -N 1000 -r 9 -T "$TRIALS" --seed 7 --device cpu --json >"$LOGS/cli-cpu.json"
field() { python3 -c "import json,sys; print(json.load(open('$1'))['$2'])"; }
same=identical
for key in mu mu_ci95 sbar sbar_ci95 sbar_lower_bound failures_histogram; do
  [[ "$(field "$LOGS/cli-cuda.json" $key)" == "$(field "$LOGS/cli-cpu.json" $key)" ]] || same="DIFFERENT ($key)"
done
echo "cpu vs cuda results: $same"
summary[cli_same]=$same
summary[cli_cuda_s]=$(field "$LOGS/cli-cuda.json" seconds)
summary[cli_cpu_s]=$(field "$LOGS/cli-cpu.json" seconds)
summary[mu]=$(field "$LOGS/cli-cuda.json" mu)
summary[sbar]=$(field "$LOGS/cli-cuda.json" sbar)

step "spare-cli --wipeout-only (the floor of the exact kernel): CPU vs CUDA, $TRIALS trials"
"$cli" montecarlo -N 1000 -r 9 -T "$TRIALS" --seed 7 --device cuda --wipeout-only --json >"$LOGS/cli-cuda-wipeout.json"
"$cli" montecarlo -N 1000 -r 9 -T "$TRIALS" --seed 7 --device cpu --wipeout-only --json >"$LOGS/cli-cpu-wipeout.json"
same=identical
for key in mu mu_ci95 failures_histogram; do
  for run in cli-cpu-wipeout cli-cpu; do
    [[ "$(field "$LOGS/cli-cuda-wipeout.json" $key)" == "$(field "$LOGS/$run.json" $key)" ]] || same="DIFFERENT ($key, $run)"
  done
done
echo "wipe-out only, cpu vs cuda vs exact: $same"
summary[wipeout_same]=$same
ratio() { python3 -c "print('%.1fx' % ($(field "$1" seconds) / $(field "$2" seconds)))"; }
summary[cuda_floor]=$(ratio "$LOGS/cli-cuda.json" "$LOGS/cli-cuda-wipeout.json")
summary[cpu_floor]=$(ratio "$LOGS/cli-cpu.json" "$LOGS/cli-cpu-wipeout.json")

if [[ -x $BUILD/bench/bench_montecarlo ]]; then
  step "benchmark: $TRIALS trials, CPU all cores vs CUDA; 20000 trials for 1 vs 2 threads"
  "$BUILD/bench/bench_montecarlo" --trials="$TRIALS" --benchmark_filter="cpu_threads:$(nproc)|cuda" \
    | tee "$LOGS/bench-gpu.txt"
  "$BUILD/bench/bench_montecarlo" --trials=20000 --benchmark_filter="cpu_threads:(1|2)/" | tee "$LOGS/bench-scaling.txt"
fi

step "summary"
printf '%-34s %s\n' "kernel (uint16 workspaces)" "${summary[ptxas]}"
printf '%-34s %s\n' "test_montecarlo_cuda" "${summary[cuda_tests]}"
printf '%-34s %s\n' "cpu vs cuda ($TRIALS trials)" "${summary[cli_same]}"
printf '%-34s %s\n' "wipe-out only: cpu, cuda, exact K" "${summary[wipeout_same]}"
printf '%-34s %s\n' "mu / S_bar (N=1000 r=9)" "${summary[mu]} / ${summary[sbar]}"
printf '%-34s %s s\n' "spare-cli cuda" "${summary[cli_cuda_s]}"
printf '%-34s %s s\n' "spare-cli cpu ($(nproc) threads)" "${summary[cli_cpu_s]}"
python3 -c "print('%-34s %.1fx' % ('cuda speed-up over cpu', ${summary[cli_cpu_s]} / ${summary[cli_cuda_s]}))"
printf '%-34s cuda %s, cpu %s\n' "exact / wipe-out only (time)" "${summary[cuda_floor]}" "${summary[cpu_floor]}"
[[ -f $LOGS/bench-gpu.txt ]] && grep -E "trials/s|x$" "$LOGS/bench-gpu.txt" "$LOGS/bench-scaling.txt" | sed 's/^[^:]*://'
echo "total $(($(date +%s) - started)) s"
