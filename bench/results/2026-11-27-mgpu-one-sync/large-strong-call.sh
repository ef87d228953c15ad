#!/usr/bin/env bash
# Strong scaling where a level's work is large (n = 100000, [0,10n), tree variant, 40 GB of int32 costs): the
# one-wait build (.device/mg's new/) on 1, 2 and 4 GPUs, one timed run each, the one-rank phase trace the model
# needs, and the single-process device-resident solve of the same matrix. Everything ends in OUT/all.tgz.
set -u
out=$(realpath -m "$1")
mkdir -p "$out" /tmp/b
tar -xJf .device/mg/bins.tar.xz -C /tmp/b
ln -sfn "$PWD/.device/mg/ompi" /tmp/b/new/ompi
source bench/device/ompi_runtime.sh
unpack_ompi /tmp/b/new
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv >"$out/gpu.txt"
for p in 1 2 4; do
  timeout 240 "${mpirun[@]}" -np $p /tmp/b/new/matchscope-mpi bench --preset strong --sizes 100000 --algorithms tree \
    --backend cuda --repeats 1 --warmups 0 --output "$out/bench-strong-p$p.csv" >"$out/strong-p$p.log" 2>&1
  echo "P=$p: exit $? $(grep -E '^strong n=' "$out/strong-p$p.log")"
done
timeout 200 "${mpirun[@]}" -np 1 /tmp/b/new/matchscope-mpi solve --generate uniform --range 10n --n 100000 --seed 1 \
  --algorithm tree --backend cuda --granularity phase --trace-out "$out/trace-tree-100000.csv" >"$out/trace.log" 2>&1
echo "trace: exit $? $(grep -E '^time_ms' "$out/trace.log")"
timeout 200 /tmp/b/new/matchscope-cli solve --generate uniform --range 10n --n 100000 --seed 1 --stream counter \
  --algorithm tree --backend cuda >"$out/single.log" 2>&1
echo "single process: exit $? $(grep -E '^(objective|time_ms)' "$out/single.log" | tr '\n' ' ')"
tar -czf /tmp/all.tgz -C "$out" . && mv /tmp/all.tgz "$out/all.tgz"
