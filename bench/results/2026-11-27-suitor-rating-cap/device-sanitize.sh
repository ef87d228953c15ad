#!/usr/bin/env bash
# The CUDA hypergraph suite (test_hypergraph_cuda of .device/cap) on the H100, then each of its functions under
# compute-sanitizer memcheck, racecheck and synccheck, all eighteen at once (LIMIT s each, 520 by default), or
# only the TOOL:FUNCTION pairs given. Qt's runtime from the .debs in .device/qtmin. One archive comes back.
#   [LIMIT=s] bash device-sanitize.sh OUT [TOOL:FUNCTION ...]
set -u
out=$1; shift; bin=.device/cap; work=/tmp/cs-results; limit=${LIMIT:-520}
mkdir -p $work /tmp/qtrt /tmp/qtlib
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader > $work/gpu.txt
for deb in .device/qtmin/*.deb; do dpkg -x $deb /tmp/qtrt; done
for lib in /tmp/qtrt/usr/lib/x86_64-linux-gnu/*.so.* /tmp/qtrt/lib/x86_64-linux-gnu/*.so.*; do
  [ -e "$lib" ] || continue
  ldconfig -p | grep -q "^[[:space:]]$(basename "$lib") " || ln -sf "$lib" /tmp/qtlib/
done
export LD_LIBRARY_PATH=/tmp/qtlib QTEST_FUNCTION_TIMEOUT=560000
$bin/test_hypergraph_cuda > $work/tests.txt 2>&1
echo "test_hypergraph_cuda exit $? $(grep -E '^Totals' $work/tests.txt)" | tee $work/summary.txt
cs=$(ls /usr/local/cuda*/bin/compute-sanitizer 2>/dev/null | head -1)
pairs=("$@")
if [ ${#pairs[@]} -eq 0 ]; then
  for tool in memcheck racecheck synccheck; do
    for fn in smallRandomHypergraphsMatchTheOracle profilesMatchTheCpu heavyAndOverflowTiersMatchTheCpu \
              contractionFromRandomMatchingsMatchesTheCpu suitorLevelsContractOnTheDevice bipartitionOnTheGpuIsBalanced; do
      pairs+=("$tool:$fn")
    done
  done
fi
for pair in "${pairs[@]}"; do
  tool=${pair%%:*}; fn=${pair#*:}
  ( s=$(date +%s); timeout $limit $cs --tool $tool --error-exitcode 9 $bin/test_hypergraph_cuda $fn > $work/cs-$tool-$fn.log 2>&1
    echo "exit $? after $(( $(date +%s) - s )) s" >> $work/cs-$tool-$fn.log ) &
done
wait
for f in $work/cs-*.log; do echo "$(basename $f): $(grep -E "ERROR SUMMARY|RACECHECK SUMMARY|^Totals|^exit" $f | tr '\n' ' ')"; done | tee -a $work/summary.txt
tar -czf "$out/sanitizer.tar.gz" -C $work .
