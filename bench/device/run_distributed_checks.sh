#!/usr/bin/env bash
# Runs the distributed Hungarian (matchscope-mpi, Date & Nagi Section 5) on a machine without Open MPI from
# binaries built elsewhere: Open MPI's runtime is unpacked from .debs into a private prefix.
#
#   bench/device/run_distributed_checks.sh BUNDLE OUT BACKEND THREADS [agreement SIZE] [weak] [strong]
#                                       [large N RANGE ALGORITHM RANKS]
#
# BUNDLE holds matchscope-mpi, matchscope-cli and ompi/*.deb (apt-get download openmpi-bin libopenmpi3
# openmpi-common libhwloc15 libhwloc-plugins libevent-core-2.1-7 libevent-pthreads-2.1-7 libpmix2 libfabric1
# libucx0 libibverbs1 librdmacm1 libnl-3-200 libnl-route-3-200 libnuma1 libpsm2-2 libpsm-infinipath1
# libmunge2 libxnvctrl0 ocl-icd-libopencl1 libpciaccess0 libgomp1 libudev1: about 6 MB). BACKEND is the
# kernel set of every rank (cpu, sequential), THREADS the OpenMP threads per rank. Stages:
#   agreement SIZE   every family, both variants: P = 1 and 2 against matchscope-cli's single-process
#                    optimum on the same counter-stream instance, certificates checked
#   weak, strong     `bench --preset weak|strong` with P = 1 and 2: OUT/weak-p1.csv ...
#   large N RANGE ALGORITHM RANKS   one solve generated slice by slice, with --verify: OUT/large.log
# Logs go to OUT; each stage prints a short summary.
set -uo pipefail
bundle=$1
out=$2
backend=$3
threads=$4
shift 4
mkdir -p "$out"

source "$(dirname "$0")/ompi_runtime.sh"
unpack_ompi "$bundle"
mpi=$bundle/matchscope-mpi
cli=$bundle/matchscope-cli
ldd "$mpi" | grep "not found"

value() { grep "^$1: " | head -1 | cut -d' ' -f2; }

run_agreement() {
  local n=$1 failures=0 generator algorithm ranks single distributed
  for generator in "uniform --range n/10" "uniform --range n" "uniform --range 10n" real exponential euclidean; do
    for algorithm in classical tree; do
      single=$("$cli" solve --generate $generator --n "$n" --seed 7 --stream counter --algorithm "$algorithm" \
        --backend cpu --threads "$threads" | value objective)
      for ranks in 1 2; do
        "${mpirun[@]}" -np "$ranks" "$mpi" solve --generate $generator --n "$n" --seed 7 --algorithm "$algorithm" \
          --backend "$backend" --threads "$threads" --verify >/tmp/distributed.log 2>&1
        distributed=$(value objective </tmp/distributed.log)
        { echo "=== $generator $algorithm P=$ranks"; cat /tmp/distributed.log; } >>"$out/agreement.log"
        # Integer objectives must be equal; real ones agree to their printed precision's last digits.
        if ! grep -q "certificate: valid" /tmp/distributed.log ||
          ! python3 -c "import sys; a, b = float(sys.argv[1]), float(sys.argv[2]); sys.exit(abs(a - b) > 1e-9 * max(1.0, abs(a)))" \
            "$single" "$distributed"; then
          failures=$((failures + 1))
          echo "agreement FAILED: $generator $algorithm P=$ranks: single $single, distributed $distributed"
        fi
      done
    done
  done
  echo "agreement n=$n: $failures failures"
}

run_bench() {
  local preset=$1 ranks
  for ranks in 1 2; do
    "${mpirun[@]}" -np "$ranks" "$mpi" bench --preset "$preset" --backend "$backend" --threads "$threads" \
      --output "$out/$preset-p$ranks.csv" >"$out/$preset-p$ranks.log" 2>&1
    echo "bench $preset P=$ranks: exit $? $(tail -2 "$out/$preset-p$ranks.log" | tr '\n' ' ')"
  done
}

while [ $# -gt 0 ]; do
  case $1 in
    agreement) run_agreement "$2"; shift 2 ;;
    weak | strong) run_bench "$1"; shift ;;
    large)
      "${mpirun[@]}" -np "$5" "$mpi" solve --generate uniform --n "$2" --range "$3" --algorithm "$4" \
        --backend "$backend" --threads "$threads" --verify >"$out/large.log" 2>&1
      echo "large n=$2 [0,$3) $4 P=$5: exit $? $(grep -E '^(objective|time_ms|rank_ms|slice_mb|certificate)' "$out/large.log" | tr '\n' ' ')"
      shift 5 ;;
    *) echo "unknown stage $1"; exit 2 ;;
  esac
done
