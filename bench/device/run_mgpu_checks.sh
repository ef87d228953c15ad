#!/usr/bin/env bash
# The distributed Hungarian on GPUs (matchscope-mpi --backend cuda) on a machine without Open MPI: its
# runtime is unpacked from .debs into a private prefix, as run_distributed_checks.sh does.
#
#   bench/device/run_mgpu_checks.sh BUNDLE OUT [build] [tests] [shared SIZES RANKS] [weak RANKS]
#                                   [strong RANKS] [exchange RANKS] [trace N ALGORITHM] [largest SIZES]
#
# BUNDLE holds ompi/*.deb (apt-get download openmpi-bin libopenmpi3 openmpi-common libopenmpi-dev libhwloc15
# libhwloc-plugins libevent-core-2.1-7 libevent-pthreads-2.1-7 libpmix2 libfabric1 libucx0 libibverbs1
# librdmacm1 libnl-3-200 libnl-route-3-200 libnuma1 libpsm2-2 libpsm-infinipath1 libmunge2 libxnvctrl0
# ocl-icd-libopencl1 libpciaccess0 libgomp1 libudev1: about 7 MB) and either matchscope-mpi, matchscope-cli
# and exchange_cost built elsewhere, or nothing more: then they are taken from build/device (the `build`
# stage, in this call or an earlier one on the same machine). SIZES and RANKS are comma-separated lists.
# Stages:
#   tests            BUNDLE/test_lap_distributed (with BUNDLE/qtrt/*.deb, as run_lap_cuda_checks.sh) under
#                    mpirun -np 2: the CPU kernel sets and the CUDA one, ranks sharing the GPU
#   build            `cmake --preset device` in the current directory (the repository) against the unpacked
#                    Open MPI (libopenmpi-dev among the .debs)
#   shared S R       ranks sharing the machine's GPUs (local rank modulo the devices: one GPU, all share it):
#                    for n in S, [0,n), [0,10n) and real U[0,1) (SHARED_GENERATORS="uniform --range n|real"
#                    narrows them: generator options separated by |), both variants (SHARED_ALGORITHMS=tree
#                    narrows them), the single-process CUDA
#                    solver (matchscope-cli) against mpirun -np P (P in R) with --verify; every rank's
#                    device memory measured next to its slice + O(n) state. OUT/shared.csv (device named),
#                    one row per run; a run fails when the objectives differ, the certificate is not valid,
#                    or a rank's measured memory is more than 10 % off what its buffers should take
#   weak R, strong R `bench --preset weak|strong --backend cuda` with P in R (give a multi-GPU machine's
#                    counts, e.g. 1,2; REPEATS timed runs each, default 2): OUT/weak-pP.csv ...
#   exchange R       exchange_cost with P in R: OUT/exchange-pP.csv (latency and bandwidth of the collectives)
#   trace N A        one rank, phase granularity, n = N [0,10n), algorithm A: OUT/trace-A-N.rank0.csv, the
#                    per-level times the scaling model fits (bench/lap/multi_gpu_model.py)
#   largest SIZES    the tree variant on all GPUs, one rank each generating its own slice, [0,10n), --verify,
#                    for n in SIZES (ascending; `max` is the largest int32 n that both the GPUs' and the host's
#                    memory hold): OUT/largest.csv. Stops at the first failure.
# Logs go to OUT; each stage prints a short summary. Each solve is limited to 240 s.
set -uo pipefail
bundle=$(realpath "$1")
out=$2
shift 2
mkdir -p "$out"
out=$(realpath "$out")
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv | tee "$out/gpu.txt"
device=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1)
gpus=$(nvidia-smi --query-gpu=name --format=csv,noheader | wc -l)

source "$(dirname "$0")/ompi_runtime.sh"
source "$(dirname "$0")/qt_runtime.sh"
unpack_ompi "$bundle"
# matchscope-mpi, matchscope-cli and exchange_cost: the bundle's, else the device preset's build here.
find_programs() {
  if [ -x "$bundle/matchscope-mpi" ]; then
    mpi=$bundle/matchscope-mpi cli=$bundle/matchscope-cli exchange=$bundle/exchange_cost
  else
    mpi=$PWD/build/device/app/cli/matchscope-mpi cli=$PWD/build/device/app/cli/matchscope-cli
    exchange=$PWD/build/device/bench/exchange_cost
  fi
}
find_programs

value() { grep "^$1: " | head -1 | cut -d' ' -f2-; }

build() {
  export CMAKE_CXX_COMPILER_LAUNCHER= CMAKE_CUDA_COMPILER_LAUNCHER=
  cmake --preset device -DMPI_CXX_COMPILER="$prefix/usr/bin/mpicxx.openmpi" >"$out/build.log" 2>&1 &&
    cmake --build --preset device --target matchscope-mpi matchscope-cli exchange_cost -j "$(nproc)" \
      >>"$out/build.log" 2>&1
  echo "build: exit $? $(grep -m1 'MatchScope MPI' "$out/build.log")"
  find_programs
}

# Within 10 %: every measured per-rank device memory against its expectation (space-separated lists).
memory_within() {
  python3 -c "import sys; m, e = [list(map(float, a.split())) for a in sys.argv[1:3]]; \
sys.exit(0 if m and len(m) == len(e) and all(abs(a - b) <= 0.1 * b for a, b in zip(m, e)) else 1)" "$1" "$2"
}

run_shared() {
  local sizes=${1//,/ } rankCounts=${2//,/ } failures=0 n generator algorithm ranks single singleMs log
  local csv=$out/shared.csv
  echo "device,n,generator,algorithm,ranks,single_objective,objective,same,certificate,single_ms,time_ms,rank_ms,rank_devices,device_mb,expected_device_mb,device_slice_mb,memory_within_10pct,exit" >"$csv"
  for n in $sizes; do
    local generators
    IFS='|' read -r -a generators <<<"${SHARED_GENERATORS:-uniform --range n|uniform --range 10n|real}"
    for generator in "${generators[@]}"; do
      for algorithm in ${SHARED_ALGORITHMS:-classical tree}; do
        log=$out/single-$n-${generator// /_}-$algorithm.log
        timeout 240 "$cli" solve --generate $generator --n "$n" --seed 7 --stream counter \
          --algorithm "$algorithm" --backend cuda >"$log" 2>&1
        single=$(value objective <"$log")
        singleMs=$(value time_ms <"$log")
        for ranks in $rankCounts; do
          log=$out/mpi-$n-${generator// /_}-$algorithm-p$ranks.log
          timeout 240 "${mpirun[@]}" -np "$ranks" "$mpi" solve --generate $generator --n "$n" \
            --seed 7 --algorithm "$algorithm" --backend cuda --verify >"$log" 2>&1
          local status=$? objective certificate same=no memory=no
          objective=$(value objective <"$log")
          certificate=$(value certificate <"$log")
          # Integer objectives must be equal; real ones agree to their printed precision's last digits.
          python3 -c "import math, sys; a, b = float(sys.argv[1]), float(sys.argv[2]); \
sys.exit(not (math.isfinite(a) and abs(a - b) <= 1e-9 * max(1.0, abs(a))))" "${single:-nan}" "${objective:-nan}" \
            2>/dev/null && same=yes
          memory_within "$(value device_mb <"$log")" "$(value expected_device_mb <"$log")" && memory=yes
          echo "\"$device\",$n,${generator// /_},$algorithm,$ranks,$single,$objective,$same,$certificate,$singleMs,$(value time_ms <"$log"),$(value rank_ms <"$log" | tr ' ' ';'),$(value rank_devices <"$log" | tr ' ' ';'),$(value device_mb <"$log" | tr ' ' ';'),$(value expected_device_mb <"$log" | tr ' ' ';'),$(value device_slice_mb <"$log" | tr ' ' ';'),$memory,$status" >>"$csv"
          if [ "$status" -ne 0 ] || [ "$same" != yes ] || [ "$certificate" != valid ] || [ "$memory" != yes ]; then
            failures=$((failures + 1))
            echo "shared FAILED: n=$n $generator $algorithm P=$ranks: exit $status, single $single, distributed $objective, certificate $certificate, memory $memory"
          fi
          echo "shared n=$n $generator $algorithm P=$ranks: $(value time_ms <"$log") ms (single $singleMs ms) $SECONDS s elapsed"
        done
      done
    done
  done
  echo "shared: $failures failures ($csv)"
}

run_bench() {
  local preset=$1 ranks
  for ranks in ${2//,/ }; do
    timeout 600 "${mpirun[@]}" -np "$ranks" "$mpi" bench --preset "$preset" --backend cuda \
      --repeats "${REPEATS:-2}" --output "$out/$preset-p$ranks.csv" >"$out/$preset-p$ranks.log" 2>&1
    echo "bench $preset P=$ranks ($gpus GPUs): exit $? $(tail -2 "$out/$preset-p$ranks.log" | tr '\n' ' ')"
  done
}

# The largest n whose int32 slices fit every GPU (memory.total less 6 GiB for the context and the O(n)
# state) and, all of them, 80 % of the host's available memory (each rank keeps its slice for --verify).
largest_n() {
  local gpuMib hostKib
  gpuMib=$(nvidia-smi --query-gpu=memory.total --format=csv,noheader,nounits | sort -n | head -1)
  hostKib=$(awk '/MemAvailable/ {print $2}' /proc/meminfo)
  python3 -c "import math; g = $gpus * ($gpuMib - 6144) * 2**20 / 4; h = 0.8 * $hostKib * 1024 / 4; \
print(int(math.isqrt(int(min(g, h)))) // 1000 * 1000)"
}

run_largest() {
  local table=$out/largest.csv n log status began
  echo "device,ranks,n,range,algorithm,exit,objective,certificate,time_ms,rank_ms,device_mb,expected_device_mb,wall_s" >"$table"
  for n in ${1//,/ }; do
    [ "$n" = max ] && n=$(largest_n)
    log=$out/largest-$n.log
    began=$SECONDS
    timeout 400 "${mpirun[@]}" -np "$gpus" "$mpi" solve --generate uniform --range 10n --n "$n" --seed 1 \
      --algorithm tree --backend cuda --verify >"$log" 2>&1
    status=$?
    echo "\"$device\",$gpus,$n,10n,tree,$status,$(value objective <"$log"),$(value certificate <"$log"),$(value time_ms <"$log"),$(value rank_ms <"$log" | tr ' ' ';'),$(value device_mb <"$log" | tr ' ' ';'),$(value expected_device_mb <"$log" | tr ' ' ';'),$((SECONDS - began))" >>"$table"
    echo "largest n=$n P=$gpus tree: exit $status, $(value time_ms <"$log") ms, certificate $(value certificate <"$log"), $((SECONDS - began)) s wall"
    [ "$status" -ne 0 ] && tail -3 "$log" && break
  done
}

while [ $# -gt 0 ]; do
  case $1 in
    build) build; shift ;;
    tests)
      unpack_qt "$bundle"
      LD_LIBRARY_PATH=/tmp/qtlib:$LD_LIBRARY_PATH "${mpirun[@]}" -np 2 "$bundle/test_lap_distributed" >"$out/tests.log" 2>&1
      echo "test_lap_distributed (2 ranks): exit $?"
      grep -E "^(PASS|FAIL|SKIP|Totals)|Loc:" "$out/tests.log" | sort -u | head -20
      shift ;;
    shared) run_shared "$2" "$3"; shift 3 ;;
    weak | strong) run_bench "$1" "$2"; shift 2 ;;
    exchange)
      for ranks in ${2//,/ }; do
        "${mpirun[@]}" -np "$ranks" "$exchange" >"$out/exchange-p$ranks.csv" 2>"$out/exchange-p$ranks.log"
        echo "exchange P=$ranks: exit $?"
      done
      shift 2 ;;
    trace)
      "${mpirun[@]}" -np 1 "$mpi" solve --generate uniform --range 10n --n "$2" --seed 1 \
        --algorithm "$3" --backend cuda --granularity phase --trace-out "$out/trace-$3-$2.csv" >"$out/trace-$3-$2.log" 2>&1
      echo "trace n=$2 $3: exit $? $(grep -E '^time_ms' "$out/trace-$3-$2.log")"
      shift 3 ;;
    largest) run_largest "$2"; shift 2 ;;
    *) echo "unknown stage $1"; exit 2 ;;
  esac
done
