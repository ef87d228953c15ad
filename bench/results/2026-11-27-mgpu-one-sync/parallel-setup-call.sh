#!/usr/bin/env bash
# Ranks on different GPUs allocate and upload their slices at once (new/: the tree of the commit that adds this
# script) instead of one after another (old/: the one-wait build of device-call.sh): test_lap_distributed on two
# ranks (on two GPUs, then sharing GPU 0), the shared-GPU check at P = 2, 3, then n = 100000 [0,10n) tree on 1, 2, 4 GPUs with new and on 2, 4 with old, one timed run each.
# .device/mg holds ompi/*.deb, qtrt/*.deb and bins2.tar.xz (new/, old/). Everything ends in OUT/all.tgz.
set -u
out=$(realpath -m "$1")
mkdir -p "$out" /tmp/b2
tar -xJf .device/mg/bins2.tar.xz -C /tmp/b2
for v in new old; do ln -sfn "$PWD/.device/mg/ompi" /tmp/b2/$v/ompi; ln -sfn "$PWD/.device/mg/qtrt" /tmp/b2/$v/qtrt; done
bash bench/device/run_mgpu_checks.sh /tmp/b2/new "$out/tests" tests 2>&1 | grep -E "^(test_lap|Totals|FAIL)"
# Ranks sharing GPU 0 still take turns: the suite, and the memory each measures at P = 2, 3.
CUDA_VISIBLE_DEVICES=0 bash bench/device/run_mgpu_checks.sh /tmp/b2/new "$out/tests-shared" tests 2>&1 |
  grep -E "^(test_lap|Totals|FAIL)"
CUDA_VISIBLE_DEVICES=0 SHARED_GENERATORS="uniform --range 10n" SHARED_ALGORITHMS=tree \
  bash bench/device/run_mgpu_checks.sh /tmp/b2/new "$out/shared" shared 10000 2,3 2>&1 | grep -E "^shared"
source bench/device/ompi_runtime.sh
unpack_ompi /tmp/b2/new
for run in "new 1" "new 2" "old 2" "new 4" "old 4"; do
  set -- $run
  timeout 240 "${mpirun[@]}" -np $2 /tmp/b2/$1/matchscope-mpi bench --preset strong --sizes 100000 --algorithms tree \
    --backend cuda --repeats 1 --warmups 0 --output "$out/bench-strong-100000-$1-p$2.csv" >"$out/strong-$1-p$2.log" 2>&1
  echo "$1 P=$2: exit $? $(grep -E '^strong n=' "$out/strong-$1-p$2.log")"
done
tar -czf /tmp/all2.tgz -C "$out" . && mv /tmp/all2.tgz "$out/all.tgz"
