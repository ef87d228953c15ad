#!/usr/bin/env bash
# HyLAC's stream solver, MatchScope's batched GPU LAP and scipy side by side on the same batches, the same
# timers on both GPU sides (issue 25, item 3; bench/lap/batch_compare.py says what is timed).
#
#   bench/device/run_batch_compare.sh prepare [BUNDLE] [BUILD]   # here: HyLAC's source, both binaries for sm_90
#   bench/device/run_batch_compare.sh run BUNDLE OUT [REPEATS]   # on the GPU machine, in one call
#
# prepare: HyLAC's Block-LAP branch at the commit pinned below (`fetch github:researchgroup-zx93920/HyLAC`
#   first; it lands in /work/.mirror) is packed into BUNDLE/hylac-block-lap.tar.gz and unpacked OUTSIDE the
#   tree, in /work/hylac-build/src; the configured BUILD (default build/release, CUDA, sm_90) is pointed at it
#   (HYLAC_SOURCE_DIR) and builds matchscope-cli and bench/hylac_batch (our driver: bench/lap/hylac_batch.cpp,
#   hylac_stream.cu, which include HyLAC's headers and call its TLAP; none of its code is copied), copied
#   into BUNDLE (default .device/batch-compare, git-ignored, about 8 MB) with BUNDLE/meta.txt. Nothing is
#   built on the GPU machine: it needs only nvidia's driver (libcuda) and python3 with numpy and scipy.
# run: batch_compare.py over every shape and cost type (SHAPES="16x300,..." and DTYPES="int32,..." narrow
#   them), medians of REPEATS (default 5) after a warm-up; MATCHSCOPE_CLI_NEW=PATH adds a second
#   matchscope-cli (side matchscope-cli-new) on the same batches; the instances stay in /tmp. Writes
#   OUT/batch-compare.csv, OUT/batch-compare.log, OUT/batch-compare-raw.tar.gz (each side's per-run CSV) and
#   OUT/gpu.txt (the GPU and BUNDLE/meta.txt). Estimated at 3 minutes on an H100 host of 16 cores (the
#   earlier scipy times), mostly scipy on one core.
set -euo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)
hylac_mirror=/work/.mirror/researchgroup-zx93920+HyLAC/repo
hylac_commit=d121172b1dc661973b2f523a1b068ed3667af2cf  # Block-LAP branch head, 2024-07-03 ("epsilon -> eps")
hylac_source=/work/hylac-build/src

prepare() {
  local bundle=${1:-$here/.device/batch-compare} build=${2:-$here/build/release}
  [ -d "$hylac_mirror" ] || { echo "no $hylac_mirror: fetch github:researchgroup-zx93920/HyLAC first" >&2; exit 1; }
  [ -f "$build/CMakeCache.txt" ] || { echo "configure $build first (cmake --preset release)" >&2; exit 1; }
  mkdir -p "$bundle"
  # The mirror lacks a PDF blob of the repository's Reference/ folder, which git archive reports though the
  # path excludes it: quiet, then checked.
  git -C "$hylac_mirror" archive --format=tar.gz -o "$bundle/hylac-block-lap.tar.gz" "$hylac_commit" \
    codebase/Block-LAP 2>/dev/null
  tar -tzf "$bundle/hylac-block-lap.tar.gz" | grep -q LAP/Hung_lap.cuh
  rm -rf "$hylac_source" && mkdir -p "$hylac_source"
  tar -xzf "$bundle/hylac-block-lap.tar.gz" -C "$hylac_source"
  export CMAKE_CXX_COMPILER_LAUNCHER=ccache CMAKE_CUDA_COMPILER_LAUNCHER=ccache CCACHE_BASEDIR=/work
  cmake -S "$here" -B "$build" -DHYLAC_SOURCE_DIR="$hylac_source/codebase/Block-LAP" >/dev/null
  cmake --build "$build" --target matchscope-cli hylac_batch -j "${JOBS:-1}"
  cp "$build/app/cli/matchscope-cli" "$build/bench/hylac_batch" "$bundle/"
  {
    echo "matchscope commit: $(git -C "$here" rev-parse --short HEAD)$(git -C "$here" diff --quiet HEAD || echo ' (uncommitted changes)')"
    echo "HyLAC: github.com/researchgroup-zx93920/HyLAC, branch Block-LAP, commit $hylac_commit, codebase/Block-LAP"
    echo "nvcc: $(nvcc --version 2>/dev/null | tail -1 || /usr/local/cuda/bin/nvcc --version | tail -1), sm_90"
    echo "built: $(date -u +%FT%TZ) on $(hostname)"
  } >"$bundle/meta.txt"
  cat "$bundle/meta.txt"
  du -sh "$bundle"
}

run() {
  local bundle=$1 out=$2 repeats=${3:-5} work=/tmp/batch-compare
  local options=(--repeats "$repeats")
  [ -n "${SHAPES:-}" ] && options+=(--shapes "$SHAPES")
  [ -n "${DTYPES:-}" ] && options+=(--dtypes "$DTYPES")
  # Rehearsal where there is no GPU: CLI_BACKEND=cpu and HYLAC=a stand-in taking hylac_batch's arguments.
  [ -n "${CLI_BACKEND:-}" ] && options+=(--cli-backend "$CLI_BACKEND")
  # A newer matchscope-cli beside the bundle's, the same batches in the same run (side matchscope-cli-new).
  [ -n "${MATCHSCOPE_CLI_NEW:-}" ] && options+=(--cli-new "$MATCHSCOPE_CLI_NEW")
  rm -rf "$work" && mkdir -p "$work" "$out"
  { nvidia-smi --query-gpu=name,memory.total,driver_version,clocks.sm,clocks.mem --format=csv || true
    cat "$bundle/meta.txt"; } | tee "$out/gpu.txt"
  local status=0
  "${PYTHON:-python3}" "$here/bench/lap/batch_compare.py" "$bundle/matchscope-cli" "${HYLAC:-$bundle/hylac_batch}" "$work" \
    "${options[@]}" >"$out/batch-compare.log" 2>&1 || status=$?
  cp "$work/batch-compare.csv" "$out/" 2>/dev/null || true
  tar -czf "$out/batch-compare-raw.tar.gz" -C "$work" --exclude=instances .
  tail -c 11000 "$out/batch-compare.log"
  return $status
}

stage=${1:-}
shift || true
case $stage in
  prepare) prepare "$@" ;;
  run) run "$@" ;;
  *) echo "usage: $0 prepare [BUNDLE] [BUILD] | run BUNDLE OUT [REPEATS]" >&2; exit 2 ;;
esac
