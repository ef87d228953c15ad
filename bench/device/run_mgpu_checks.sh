#!/usr/bin/env bash
# The distributed Hungarian on GPUs (matchscope-mpi --backend cuda) on a machine without Open MPI: its
# runtime is unpacked from .debs into a private prefix, as run_distributed_checks.sh does.
#
#   bench/device/run_mgpu_checks.sh BUNDLE OUT all [SECONDS]
#   bench/device/run_mgpu_checks.sh BUNDLE OUT [build] [tests] [gpus SIZES RANKS] [shared SIZES RANKS]
#                                   [weak RANKS] [strong RANKS] [largest SIZES] [exchange RANKS]
#                                   [trace N ALGORITHM]
#
# BUNDLE holds ompi/*.deb (apt-get download openmpi-bin libopenmpi3 openmpi-common libopenmpi-dev libhwloc15
# libhwloc-plugins libevent-core-2.1-7 libevent-pthreads-2.1-7 libpmix2 libfabric1 libucx0 libibverbs1
# librdmacm1 libnl-3-200 libnl-route-3-200 libnuma1 libpsm2-2 libpsm-infinipath1 libmunge2 libxnvctrl0
# ocl-icd-libopencl1 libpciaccess0 libgomp1 libudev1: about 7 MB) and either matchscope-mpi, matchscope-cli
# (and exchange_cost, test_lap_distributed with qtrt/*.deb) built elsewhere, or nothing more: then they are
# taken from build/device (the `build` stage). SIZES and RANKS are comma-separated lists. Every stage stops
# starting solves when the budget (SECONDS, default 540, counted from the script's start) is nearly spent
# and records what it skipped. OUT receives at most 8 files: the CSVs below and logs.tar.gz (every log,
# gpu.txt; tarred again after each stage, so a run cut short keeps what it did).
# Stages:
#   all [SECONDS]    the one-call plan for a machine with two GPUs: tests; gpus 10000,20000 1,2; weak 1,2;
#                    strong 1,2; shared 10000,20000 2,3,4 (until 200 s are left); largest
#                    60000,100000,141421,180000 (each only while the last one's time says it can finish)
#   tests            BUNDLE/test_lap_distributed under mpirun -np 2 (one device per rank where two are
#                    visible: the device-resident slice search; the CPU kernel sets too)
#   build            `cmake --preset device` here against the unpacked Open MPI (libopenmpi-dev among the .debs)
#   gpus S R         every visible GPU, local rank modulo the devices (with a device per rank: the
#                    device-resident slice search, one launch per 16 iterations whose only host round trips
#                    are the exchanges); for n in S, [0,n), [0,10n) and real U[0,1), both variants, the
#                    single-process CUDA solver (matchscope-cli) against mpirun -np P (P in R) with --verify;
#                    every rank's device memory measured next to its slice + O(n) state. Rows of
#                    OUT/correctness.csv; a run fails when the objectives differ, the certificate is not valid
#                    or a rank's measured memory is more than 10 % off what its buffers should take
#   shared S R       the same with every rank on GPU 0 (CUDA_VISIBLE_DEVICES=0): ranks sharing a device run
#                    phase by phase (distributed_cuda.cpp says why)
#   weak R, strong R `bench --preset weak|strong --backend cuda` with P in R: OUT/weak-pP.csv ...
#   largest S        mpirun -np <GPUs> tree variant, [0,10n), each rank generating its slice, --verify, for n
#                    in S while the budget lasts: OUT/largest.csv
#   exchange R       exchange_cost with P in R: logs (latency and bandwidth of the collectives)
#   trace N A        one rank, phase granularity, n = N [0,10n), algorithm A: the per-level trace the scaling
#                    model fits (bench/lap/multi_gpu_model.py), in the logs
set -uo pipefail
bundle=$(realpath "$1")
out=$2
shift 2
budget=540
[ "${1:-}" = all ] && [ -n "${2:-}" ] && budget=$2
mkdir -p "$out"
out=$(realpath "$out")
logs=/tmp/mgpu-logs
rm -rf "$logs"
mkdir -p "$logs"
save_logs() { tar czf "$out/logs.tar.gz" -C "$(dirname "$logs")" "$(basename "$logs")"; }
left() { echo $((budget - SECONDS)); }
# A solve's time limit: `cap` seconds, or what the budget leaves beyond `reserve` (default 0) and a margin
# for the tar; at least 1 s.
limit() {
  local cap=$1 rest=$(($(left) - ${2:-0} - 10))
  [ "$rest" -lt "$cap" ] && cap=$rest
  [ "$cap" -lt 1 ] && cap=1
  echo "$cap"
}

nvidia-smi --query-gpu=index,name,memory.total,driver_version --format=csv | tee "$logs/gpu.txt"
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
listed() { value "$1" <"$2" | tr ' ' ';'; }

build() {
  export CMAKE_CXX_COMPILER_LAUNCHER= CMAKE_CUDA_COMPILER_LAUNCHER=
  cmake --preset device -DMPI_CXX_COMPILER="$prefix/usr/bin/mpicxx.openmpi" >"$logs/build.log" 2>&1 &&
    cmake --build --preset device --target matchscope-mpi matchscope-cli exchange_cost -j "$(nproc)" \
      >>"$logs/build.log" 2>&1
  echo "build: exit $? $(grep -m1 'MatchScope MPI' "$logs/build.log")"
  find_programs
}

# Within 10 %: every measured per-rank device memory against its expectation (space-separated lists).
memory_within() {
  python3 -c "import sys; m, e = [list(map(float, a.split())) for a in sys.argv[1:3]]; \
sys.exit(0 if m and len(m) == len(e) and all(abs(a - b) <= 0.1 * b for a, b in zip(m, e)) else 1)" "$1" "$2"
}

# The single-process CUDA solve of one instance, once per instance (its log is the cache).
single_log() {
  local n=$1 generator=$2 algorithm=$3 reserve=$4 log
  log=$logs/single-$n-${generator// /_}-$algorithm.log
  if [ ! -s "$log" ]; then
    CUDA_VISIBLE_DEVICES=0 timeout "$(limit 120 "$reserve")" "$cli" solve --generate $generator --n "$n" --seed 7 \
      --stream counter --algorithm "$algorithm" --backend cuda >"$log" 2>&1
  fi
  echo "$log"
}

# The device-resident slice search is what runs with a device per rank. Should two of its solves fail
# outright (exit status, not a wrong objective), the rest of the plan runs phase by phase (--granularity
# phase), so that one call still measures what it can; the CSVs' path column says which ran.
granularity=search
residentFailures=0
note_resident() {
  [ "$granularity" = search ] && [ "$1" -ne 0 ] && residentFailures=$((residentFailures + 1))
  if [ "$granularity" = search ] && [ "$residentFailures" -ge 2 ]; then
    granularity=phase
    echo "WARNING: two device-resident solves failed: the rest runs with --granularity phase"
  fi
}

csv=$out/correctness.csv
[ -e "$csv" ] || echo "device,gpus_used,path,n,generator,algorithm,ranks,single_objective,objective,same,certificate,single_ms,time_ms,rank_ms,rank_devices,device_mb,expected_device_mb,device_slice_mb,memory_within_10pct,exit,wall_s" >"$csv"

# Correctness runs: `visible` GPUs (all, or 1 for ranks sharing GPU 0), stopping `reserve` seconds before the
# budget ends, each solve limited to `cap` seconds.
run_correct() {
  local visible=$1 sizes=${2//,/ } rankCounts=${3//,/ } reserve=$4 cap=$5 failures=0 skipped=0
  local n generator algorithm ranks single log path
  for n in $sizes; do
    for ranks in $rankCounts; do
      for generator in "uniform --range n" "uniform --range 10n" real; do
        for algorithm in classical tree; do
          if [ "$(left)" -le "$reserve" ]; then
            skipped=$((skipped + 1))
            echo "\"$device\",$visible,,$n,${generator// /_},$algorithm,$ranks,,,,,,,,,,,,,skipped (budget),0" >>"$csv"
            continue
          fi
          single=$(single_log "$n" "$generator" "$algorithm" "$reserve")
          path=device-resident
          [ "$granularity" = phase ] && path=phase-by-phase
          [ "$ranks" -gt "$visible" ] && path=phase-by-phase
          log=$logs/mpi-g$visible-$n-${generator// /_}-$algorithm-p$ranks.log
          local began=$SECONDS
          CUDA_VISIBLE_DEVICES=$(seq -s, 0 $((visible - 1))) timeout "$(limit "$cap" "$reserve")" "${mpirun[@]}" \
            -np "$ranks" "$mpi" solve --generate $generator --n "$n" --seed 7 --algorithm "$algorithm" \
            --backend cuda --granularity "$granularity" --verify >"$log" 2>&1
          local status=$? objective certificate same=no memory=no singleObjective
          [ "$path" = device-resident ] && note_resident "$status"
          singleObjective=$(value objective <"$single")
          objective=$(value objective <"$log")
          certificate=$(value certificate <"$log")
          # Integer objectives must be equal; real ones agree to their printed precision's last digits.
          python3 -c "import math, sys; a, b = float(sys.argv[1]), float(sys.argv[2]); \
sys.exit(not (math.isfinite(a) and abs(a - b) <= 1e-9 * max(1.0, abs(a))))" "${singleObjective:-nan}" \
            "${objective:-nan}" 2>/dev/null && same=yes
          memory_within "$(value device_mb <"$log")" "$(value expected_device_mb <"$log")" && memory=yes
          echo "\"$device\",$visible,$path,$n,${generator// /_},$algorithm,$ranks,$singleObjective,$objective,$same,$certificate,$(value time_ms <"$single"),$(value time_ms <"$log"),$(listed rank_ms "$log"),$(listed rank_devices "$log"),$(listed device_mb "$log"),$(listed expected_device_mb "$log"),$(listed device_slice_mb "$log"),$memory,$status,$((SECONDS - began))" >>"$csv"
          if [ "$status" -ne 0 ] || [ "$same" != yes ] || [ "$certificate" != valid ] || [ "$memory" != yes ]; then
            failures=$((failures + 1))
            echo "FAILED: $visible GPU(s) n=$n $generator $algorithm P=$ranks: exit $status, single $singleObjective, distributed $objective, certificate $certificate, memory $memory"
          fi
          echo "$visible GPU(s) n=$n $generator $algorithm P=$ranks ($path): $(value time_ms <"$log") ms (single $(value time_ms <"$single") ms), $SECONDS s elapsed"
        done
      done
    done
  done
  echo "correctness on $visible GPU(s): $failures failures, $skipped skipped ($csv)"
  save_logs
}

run_bench() {
  local preset=$1 ranks
  for ranks in ${2//,/ }; do
    if [ "$(left)" -le 60 ]; then
      echo "bench $preset P=$ranks: skipped (budget)"
      continue
    fi
    timeout "$(limit 200)" "${mpirun[@]}" -np "$ranks" "$mpi" bench --preset "$preset" --backend cuda \
      --granularity "$granularity" --repeats 2 --output "$out/$preset-p$ranks.csv" >"$logs/$preset-p$ranks.log" 2>&1
    local status=$?
    [ "$ranks" -le "$gpus" ] && note_resident "$status"
    echo "bench $preset P=$ranks ($gpus GPUs, --granularity $granularity): exit $status $(tail -2 "$logs/$preset-p$ranks.log" | tr '\n' ' ') $SECONDS s elapsed"
  done
  save_logs
}

# The tree variant on every GPU, one rank each, each rank generating its slice; the next size only while the
# last solve's time, grown as n^2.5, fits in what is left.
run_largest() {
  local n log last=0 lastN=0 estimate
  local table=$out/largest.csv
  [ -e "$table" ] || echo "device,ranks,n,range,algorithm,granularity,exit,objective,certificate,time_ms,rank_ms,device_mb,expected_device_mb,wall_s" >"$table"
  for n in ${1//,/ }; do
    if [ "$lastN" -gt 0 ]; then
      estimate=$(python3 -c "print(int($last * ($n / $lastN) ** 2.5) + 5)")
      if [ "$estimate" -ge "$(($(left) - 15))" ]; then
        echo "largest: n=$n not tried (about $estimate s expected, $(left) s left)"
        echo "\"$device\",$gpus,$n,10n,tree,$granularity,not tried (budget: about $estimate s expected),,,,,,," >>"$table"
        break
      fi
    fi
    log=$logs/largest-$n.log
    local began=$SECONDS
    timeout "$(limit 400)" "${mpirun[@]}" -np "$gpus" "$mpi" solve --generate uniform --range 10n --n "$n" \
      --seed 1 --algorithm tree --backend cuda --granularity "$granularity" --verify >"$log" 2>&1
    local status=$?
    last=$((SECONDS - began))
    lastN=$n
    echo "\"$device\",$gpus,$n,10n,tree,$granularity,$status,$(value objective <"$log"),$(value certificate <"$log"),$(value time_ms <"$log"),$(listed rank_ms "$log"),$(listed device_mb "$log"),$(listed expected_device_mb "$log"),$last" >>"$table"
    echo "largest n=$n P=$gpus tree: exit $status, $(value time_ms <"$log") ms solve, certificate $(value certificate <"$log"), $last s wall"
    [ "$status" -ne 0 ] && tail -3 "$log" && break
  done
  save_logs
}

run_tests() {
  unpack_qt "$bundle"
  LD_LIBRARY_PATH=/tmp/qtlib:$LD_LIBRARY_PATH timeout "$(limit 90)" "${mpirun[@]}" -np 2 -x LD_LIBRARY_PATH \
    "$bundle/test_lap_distributed" >"$logs/tests.log" 2>&1
  echo "test_lap_distributed (2 ranks, $gpus GPUs): exit $?"
  grep -E "^(PASS|FAIL|SKIP|Totals)|Loc:" "$logs/tests.log" | sort -u | head -20
  save_logs
}

while [ $# -gt 0 ]; do
  case $1 in
    all)
      [ -x "$bundle/test_lap_distributed" ] && run_tests
      run_correct "$gpus" 10000,20000 1,2 0 60
      run_bench weak 1,2
      run_bench strong 1,2
      run_correct 1 10000,20000 2,3,4 200 90
      run_largest 60000,100000,141421,180000
      break ;;
    build) build; shift ;;
    tests) run_tests; shift ;;
    gpus) run_correct "$gpus" "$2" "$3" 0 150; shift 3 ;;
    shared) run_correct 1 "$2" "$3" 0 150; shift 3 ;;
    weak | strong) run_bench "$1" "$2"; shift 2 ;;
    largest) run_largest "$2"; shift 2 ;;
    exchange)
      for ranks in ${2//,/ }; do
        "${mpirun[@]}" -np "$ranks" "$exchange" >"$logs/exchange-p$ranks.csv" 2>"$logs/exchange-p$ranks.log"
        echo "exchange P=$ranks: exit $?"
      done
      save_logs
      shift 2 ;;
    trace)
      "${mpirun[@]}" -np 1 "$mpi" solve --generate uniform --range 10n --n "$2" --seed 1 \
        --algorithm "$3" --backend cuda --granularity phase --trace-out "$logs/trace-$3-$2.csv" >"$logs/trace-$3-$2.log" 2>&1
      echo "trace n=$2 $3: exit $? $(grep -E '^time_ms' "$logs/trace-$3-$2.log")"
      save_logs
      shift 3 ;;
    *) echo "unknown stage $1"; exit 2 ;;
  esac
done
save_logs
echo "done in $SECONDS s"
