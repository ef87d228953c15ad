#!/usr/bin/env bash
# The frontier's or over the ranks sending only the words some rank has set (new/: the tree of the commit that
# adds this script) against one allreduce of both n-bit sets (old/: the parallel set-up build of
# parallel-setup-call.sh): test_lap_distributed on two GPUs, then the tree variant on [0,10n) at n = 40000 and
# 100000 on 2 and 4 GPUs, both builds in turn, one timed run each (n = 40000: three after a warm-up).
# .device/mg holds ompi/*.deb, qtrt/*.deb and bins3.tar.xz (new/, old/). Everything ends in OUT/all.tgz.
set -u
out=$(realpath -m "$1")
mkdir -p "$out" /tmp/b3
tar -xJf .device/mg/bins3.tar.xz -C /tmp/b3
for v in new old; do ln -sfn "$PWD/.device/mg/ompi" /tmp/b3/$v/ompi; ln -sfn "$PWD/.device/mg/qtrt" /tmp/b3/$v/qtrt; done
bash bench/device/run_mgpu_checks.sh /tmp/b3/new "$out/tests" tests 2>&1 | grep -E "^(test_lap|Totals|FAIL)"
source bench/device/ompi_runtime.sh
unpack_ompi /tmp/b3/new
for p in 2 4; do
  for v in new old; do
    timeout 120 "${mpirun[@]}" -np $p /tmp/b3/$v/matchscope-mpi bench --preset strong --sizes 40000 --algorithms tree \
      --backend cuda --repeats 3 --warmups 1 --output "$out/bench-strong-40000-$v-p$p.csv" >"$out/strong-40000-$v-p$p.log" 2>&1
    echo "n=40000 $v P=$p: exit $? $(grep -E '^strong n=' "$out/strong-40000-$v-p$p.log" | tr '\n' ' ')"
    timeout 200 "${mpirun[@]}" -np $p /tmp/b3/$v/matchscope-mpi bench --preset strong --sizes 100000 --algorithms tree \
      --backend cuda --repeats 1 --warmups 0 --output "$out/bench-strong-100000-$v-p$p.csv" >"$out/strong-100000-$v-p$p.log" 2>&1
    echo "n=100000 $v P=$p: exit $? $(grep -E '^strong n=' "$out/strong-100000-$v-p$p.log")"
  done
done
tar -czf /tmp/all3.tgz -C "$out" . && mv /tmp/all3.tgz "$out/all.tgz"
