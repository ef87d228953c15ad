set -u
mkdir -p /tmp/b && tar -xJf .device/mg/bins.tar.xz -C /tmp/b && ln -sfn $PWD/.device/mg/ompi /tmp/b/new/ompi
SHARED_GENERATORS="uniform --range n|uniform --range 10n" bash bench/device/run_mgpu_checks.sh /tmp/b/new /tmp/o/ints shared 10000,20000 2,3,4 2>&1 | grep -E "^shared|^NVIDIA"
SHARED_GENERATORS="real" timeout 330 bash bench/device/run_mgpu_checks.sh /tmp/b/new /tmp/o/real shared 10000 2,3 2>&1 | grep -E "^shared"
tar -czf $OUT/all.tgz -C /tmp/o .
