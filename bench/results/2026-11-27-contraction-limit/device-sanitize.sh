#!/usr/bin/env bash
# compute-sanitizer memcheck, racecheck and synccheck on the GPU suitor's tiers (heavy blocks of 256 and 512
# threads, overflow) and a whole GPU bipartition, test_hypergraph_cuda of .device/pipe.
set -u
out=$1; p=.device/pipe
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader > $out/gpu.txt
mkdir -p /tmp/qtrt /tmp/qtlib; for deb in .device/ck/qtrt/*.deb; do dpkg -x $deb /tmp/qtrt; done
for lib in /tmp/qtrt/usr/lib/x86_64-linux-gnu/*.so.* /tmp/qtrt/lib/x86_64-linux-gnu/*.so.*; do [ -e "$lib" ] || continue; ldconfig -p | grep -q "^[[:space:]]$(basename "$lib") " || ln -sf "$lib" /tmp/qtlib/; done
cs=$(ls /usr/local/cuda*/bin/compute-sanitizer 2>/dev/null | head -1)
start=$(date +%s)
for tool in memcheck racecheck synccheck; do
  for fn in heavyAndOverflowTiersMatchTheCpu bipartitionOnTheGpuIsBalanced; do
    ( s=$(date +%s); LD_LIBRARY_PATH=/tmp/qtlib timeout 540 $cs --tool $tool --error-exitcode 9 $p/test_hypergraph_cuda $fn > $out/cs-$tool-$fn.log 2>&1; echo "exit $? after $(( $(date +%s) - s )) s" >> $out/cs-$tool-$fn.log ) &
  done
done
wait
for f in $out/cs-*.log; do echo "$(basename $f): $(grep -E "ERROR SUMMARY|RACECHECK SUMMARY|^Totals|^exit" $f | tr '\n' ' ')"; done
