#!/usr/bin/env bash
# What ran on the device for this folder (issue 23): one host wait per BFS level of the distributed CUDA
# kernel set (new/) against the three of its parent (old/), then the scaling model's inputs.
#   device-call.sh OUT multi P   on a machine with P GPUs: test_lap_distributed (2 ranks), weak and strong
#                                for 1..P ranks (powers of two) with old and new, exchange_cost for 1..P ranks,
#                                one-rank phase traces at the sizes of weak scaling to P = 16 (n = 10000 sqrt(P))
#   device-call.sh OUT shared    all ranks on GPU 0: weak P = 2, 4 and strong P = 2, 4 (n = 20000), new only,
#                                one timed run after a warm-up each
# .device/mg holds ompi/*.deb and qtrt/*.deb (as run_mgpu_checks.sh wants them) and bins.tar.xz (new/, old/).
# Everything under OUT ends in OUT/all.tgz (the device tool returns at most eight files).
set -u
out=$(realpath -m "$1")
mode=$2
mkdir -p "$out" /tmp/b
bundle=$PWD/.device/mg
tar -xJf "$bundle/bins.tar.xz" -C /tmp/b
for v in new old; do
  ln -sfn "$bundle/ompi" /tmp/b/$v/ompi
  ln -sfn "$bundle/qtrt" /tmp/b/$v/qtrt
done
for p in matchscope-cli exchange_cost; do ln -sf /tmp/b/new/$p /tmp/b/old/$p; done
checks=bench/device/run_mgpu_checks.sh
if [ "$mode" = multi ]; then
  gpus=$3
  ranks=1 exchanges=1
  for p in 2 4 8; do [ "$p" -le "$gpus" ] && ranks=$ranks,$p; done
  for p in $(seq 2 "$gpus"); do exchanges=$exchanges,$p; done
  traces=()
  for n in 10000 14142 20000 28284 40000; do traces+=(trace $n classical trace $n tree); done
  REPEATS=3 bash $checks /tmp/b/new "$out/new" tests weak $ranks strong $ranks exchange $exchanges "${traces[@]}" \
    2>&1 | tee "$out/new.txt"
  REPEATS=3 bash $checks /tmp/b/old "$out/old" weak $ranks strong $ranks 2>&1 | tee "$out/old.txt"
else
  source bench/device/ompi_runtime.sh
  unpack_ompi /tmp/b/new
  export CUDA_VISIBLE_DEVICES=0
  nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv >"$out/gpu.txt"
  for p in 2 4; do
    timeout 250 "${mpirun[@]}" -np $p /tmp/b/new/matchscope-mpi bench --preset weak --backend cuda --repeats 1 \
      --warmups 1 --output "$out/bench-weak-p$p.csv" >"$out/weak-p$p.log" 2>&1
    echo "shared weak P=$p: exit $? $(grep -E '^weak n=' "$out/weak-p$p.log" | tr '\n' ' ')"
    timeout 250 "${mpirun[@]}" -np $p /tmp/b/new/matchscope-mpi bench --preset strong --sizes 20000 --backend cuda \
      --repeats 1 --warmups 1 --output "$out/bench-strong-p$p.csv" >"$out/strong-p$p.log" 2>&1
    echo "shared strong P=$p: exit $? $(grep -E '^strong n=' "$out/strong-p$p.log" | tr '\n' ' ')"
  done
fi
tar -czf /tmp/all.tgz -C "$out" . && mv /tmp/all.tgz "$out/all.tgz"
