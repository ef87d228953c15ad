#!/usr/bin/env bash
# MatchScope's k-way partitions side by side with Mt-KaHyPar 1.5.3 (issue 27, deliver 5): builds Mt-KaHyPar
# from its public source with Debian's TBB, hwloc and Boost, runs both on the instance set at k = 2, 8, 64,
# and recomputes cut, km1 and balance of every partition file with bench/hypergraph/compare_partitions.py.
#
#   bench/device/run_kahypar_compare.sh prepare DEPS            # here (network, the fetch mirrors): sources + .debs
#   bench/device/run_kahypar_compare.sh build DEPS BUILD        # on the GPU host (no network)
#   bench/device/run_kahypar_compare.sh run BUILD CLI OUT [THREADS] [SIZE]
#
# prepare: Mt-KaHyPar v1.5.3 and the header-only dependencies its CMakeLists pins (kahypar-shared-resources,
#   WHFC, parlaylib; growt only serves the Steiner tree metric, which stays off) as tarballs from the mirrors
#   under /work/.mirror (`fetch github:kahypar/mt-kahypar` and the three others first), and the Debian 12 .debs
#   the build needs where the host lacks them: libtbb-dev libtbb12 libtbbmalloc2 libtbbbind-2-5 libhwloc-dev
#   libhwloc15 libboost-program-options1.74-dev libboost-program-options1.74.0 libboost1.74-dev.
# build: unpacks the .debs into BUILD/prefix (dpkg -x, no root), lowers cmake_minimum_required to 3.25 (the
#   Debian 12 CMake), points the FetchContent_Populate calls at the local sources, builds the MtKaHyPar-CLI target.
# run: generates the instances with CLI (Table II profiles at original size, the 700k heavy-column matrix scaled
#   by SIZE (default 1 = the paper's), random hypergraphs of 100k and 1M nodes, 300 x 300 and 1000 x 1000 grids),
#   partitions each with Mt-KaHyPar (default preset, km1, eps 0.03, THREADS threads, default all cores, seeds
#   1-3) and with MatchScope (--objective km1 and cut), and appends one row per partition to OUT/kahypar-compare.csv.
#   ONLY="flickr grid-300" (generator names, or generator-n for one size) runs a subset; rows append, so the subsets can run one call each.
#   KS="2 8" (default "2 8 64"), SEEDS="1" (Mt-KaHyPar's seeds, default "1 2 3"; SEEDS=none skips it), OBJECTIVES="km1" (MatchScope's,
#   default "km1 cut") and MS_ARGS="--backend cpu" (more MatchScope options, named in its label) trim or vary a run.
set -euo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)

prepare() {
  local deps=$1
  mkdir -p "$deps/src" "$deps/debs"
  git -C /work/.mirror/kahypar+mt-kahypar/repo archive --prefix=mt-kahypar/ -o "$deps/src/mt-kahypar.tar.gz" v1.5.3
  local pin
  for pin in kahypar+kahypar-shared-resources:kahypar-shared-resources:6d5c8e2444e4310667ec1925e995f26179d7ee88 \
             larsgottesbueren+WHFC:WHFC:30b0eeb0e49577d06c3deb09a44b035d81c529d2 \
             cmuparlay+parlaylib:parlay:e1f1dc0ccf930492a2723f7fbef8510d35bf57f5; do
    IFS=: read -r mirror name commit <<<"$pin"
    git -C "/work/.mirror/$mirror/repo" archive --prefix="$name/" -o "$deps/src/$name.tar.gz" "$commit"
  done
  (cd "$deps/debs" && apt-get download libtbb-dev libtbb12 libtbbmalloc2 libtbbbind-2-5 libhwloc-dev libhwloc15 \
    libboost-program-options1.74-dev libboost-program-options1.74.0 libboost1.74-dev)
  du -sh "$deps"
}

build() {
  local deps out
  deps=$(realpath "$1")
  out=$(realpath -m "$2")  # FetchContent's URL needs absolute paths
  mkdir -p "$out/prefix" "$out/src"
  for deb in "$deps"/debs/*.deb; do dpkg -x "$deb" "$out/prefix"; done
  for archive in "$deps"/src/*.tar.gz; do tar -xzf "$archive" -C "$out/src"; done
  local cml="$out/src/mt-kahypar/CMakeLists.txt"
  sed -i 's/cmake_minimum_required(VERSION 3.26)/cmake_minimum_required(VERSION 3.25)/' "$cml"
  sed -i "s|GIT_REPOSITORY https://github.com/kahypar/kahypar-shared-resources.git|URL $out/src/kahypar-shared-resources|;
          s|GIT_REPOSITORY https://github.com/larsgottesbueren/WHFC.git|URL $out/src/WHFC|;
          s|GIT_REPOSITORY https://github.com/cmuparlay/parlaylib.git|URL $out/src/parlay|;
          /GIT_TAG        \${KAHYPAR_SHARED_RESOURCES_TAG}/d; /GIT_TAG        \${KAHYPAR_WHFC_TAG}/d;
          /GIT_TAG        \${KAHYPAR_PARLAY_TAG}/d" "$cml"
  local lib="$out/prefix/usr/lib/x86_64-linux-gnu"
  cmake -S "$out/src/mt-kahypar" -B "$out/build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_PREFIX_PATH="$out/prefix/usr" -DBoost_ROOT="$out/prefix/usr" -DTBB_DIR="$lib/cmake/TBB" \
    -DCMAKE_POLICY_VERSION_MINIMUM=3.5 -DKAHYPAR_DOWNLOAD_BOOST=OFF -DKAHYPAR_DOWNLOAD_TBB=OFF -DKAHYPAR_DISABLE_GROWT=ON \
    -DCMAKE_EXE_LINKER_FLAGS="-Wl,-rpath,$lib" -DCMAKE_CXX_FLAGS="-I$out/prefix/usr/include"
  cmake --build "$out/build" --target MtKaHyPar-CLI -j "$(nproc)"
  ls -l "$out/build/mt-kahypar/application/MtKaHyPar-CLI"
}

run() {
  local build=$1 cli=$2 out=$3 threads=${4:-$(nproc)} size=${5:-1}
  local mt="$build/build/mt-kahypar/application/MtKaHyPar-CLI" work="$out/work" csv="$out/kahypar-compare.csv"
  mkdir -p "$work"
  export LD_LIBRARY_PATH="$build/prefix/usr/lib/x86_64-linux-gnu:${LD_LIBRARY_PATH:-}"
  local instances=("flickr 0" "wikipedia 0" "stanford 0" "stanford-berkeley 0" "heavy-columns $((700000 * size))"
                   "random-hypergraph 100000" "random-hypergraph 1000000" "grid 300" "grid 1000")
  local instance generator n name hgr k seed objective start ms
  for instance in "${instances[@]}"; do
    read -r generator n <<<"$instance"
    # ONLY="flickr grid ..." restricts the run to those generators (a device command runs 10 minutes at most).
    name="$generator-$n"
    [ -n "${ONLY:-}" ] && [[ " $ONLY " != *" $generator "* && " $ONLY " != *" $name "* ]] && continue
    hgr="$work/$name.hgr"
    if [ "$generator" = grid ]; then
      python3 -c "import sys; sys.path.insert(0, '$here/bench/hypergraph'); from compare_with_zoltan import write_grid; write_grid('$hgr', $n)"
    else
      "$cli" generate --problem hypergraph "$generator" --n "$n" --seed 1 --output "$hgr" >/dev/null
    fi
    for k in ${KS:-2 8 64}; do
      local args=()
      for seed in ${SEEDS:-1 2 3}; do
        [ "$seed" = none ] && continue
        rm -rf "$work/mt" && mkdir -p "$work/mt"
        start=$(date +%s%N)
        "$mt" -h "$hgr" -k "$k" -e 0.03 -o km1 -m direct --preset-type=default -t "$threads" --seed "$seed" \
          --write-partition-file=true --partition-output-folder="$work/mt" >"$work/mt.log" 2>&1
        ms=$(( ($(date +%s%N) - start) / 1000000 ))
        cp "$work"/mt/*.KaHyPar "$work/mt-$seed.part"
        args+=(--partition "mtkahypar-default-seed$seed=$work/mt-$seed.part" --time "mtkahypar-default-seed$seed=$ms")
      done
      local label
      for objective in ${OBJECTIVES:-km1 cut}; do
        label="matchscope-$objective${MS_ARGS:+ $MS_ARGS}"
        start=$(date +%s%N)
        # shellcheck disable=SC2086 # MS_ARGS holds several options
        "$cli" solve --problem hypergraph --input "$hgr" --parts "$k" --objective "$objective" --epsilon 0.03 \
          ${MS_ARGS:-} --partition-out "$work/ms-$objective.part" >"$work/ms.log"
        ms=$(( ($(date +%s%N) - start) / 1000000 ))
        args+=(--partition "$label=$work/ms-$objective.part" --time "$label=$ms")
      done
      # COMMIT names the MatchScope build where the tree copy has no .git.
      python3 "$here/bench/hypergraph/compare_partitions.py" "$hgr" "$k" "$csv" --instance "$name" \
        ${COMMIT:+--commit "$COMMIT"} \
        --machine "$(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -1); $(lscpu | sed -n 's/^Model name: *//p'), $threads threads" \
        "${args[@]}"
    done
  done
}

stage=$1
shift
case $stage in
  prepare) prepare "$@" ;;
  build) build "$@" ;;
  run) run "$@" ;;
  *) echo "usage: $0 prepare DEPS | build DEPS BUILD | run BUILD CLI OUT [THREADS] [SIZE]"; exit 2 ;;
esac
