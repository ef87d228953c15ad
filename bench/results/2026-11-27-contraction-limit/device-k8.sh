#!/usr/bin/env bash
# flickr-like at k = 8 (original size) with Mt-KaHyPar and MatchScope --backend cpu at $COMMIT and 1b84267 (the
# bisections' contraction limit's effect on a k-way run), while compute-sanitizer racecheck runs the GPU
# suitor's tier test to the end beside it.
set -u
COMMIT=${COMMIT:?}
out=$1; p=.device/pipe; o=.device/old
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader > $out/gpu.txt; lscpu | grep -E "Model name|^CPU\(s\)" >> $out/gpu.txt
mkdir -p /tmp/qtrt /tmp/qtlib; for deb in .device/ck/qtrt/*.deb; do dpkg -x $deb /tmp/qtrt; done
for lib in /tmp/qtrt/usr/lib/x86_64-linux-gnu/*.so.* /tmp/qtrt/lib/x86_64-linux-gnu/*.so.*; do [ -e "$lib" ] || continue; ldconfig -p | grep -q "^[[:space:]]$(basename "$lib") " || ln -sf "$lib" /tmp/qtlib/; done
cs=$(ls /usr/local/cuda*/bin/compute-sanitizer 2>/dev/null | head -1)
( QTEST_FUNCTION_TIMEOUT=570000 LD_LIBRARY_PATH=/tmp/qtlib timeout 575 $cs --tool racecheck --error-exitcode 9 $p/test_hypergraph_cuda heavyAndOverflowTiersMatchTheCpu > $out/cs-racecheck-full.log 2>&1; echo "exit $?" >> $out/cs-racecheck-full.log ) &
start=$(date +%s)
bash bench/device/run_kahypar_compare.sh build .device/wk/deps /tmp/mtk > /tmp/mtk-build.log 2>&1 || { tail -20 /tmp/mtk-build.log; exit 1; }
echo "mtk build $(( $(date +%s) - start )) s"
COMMIT=$COMMIT ONLY="flickr" KS=8 OBJECTIVES=km1 SEEDS=1 MS_ARGS="--backend cpu" bash bench/device/run_kahypar_compare.sh run /tmp/mtk $p/matchscope-cli /tmp/cmp 16 >> /tmp/cmp.log 2>&1
echo "new done $(( $(date +%s) - start )) s"
COMMIT=1b84267 ONLY="flickr" KS=8 OBJECTIVES=km1 SEEDS=none MS_ARGS="--backend cpu" timeout $(( 560 - ($(date +%s) - start) )) bash bench/device/run_kahypar_compare.sh run /tmp/mtk $o/matchscope-cli /tmp/cmp 16 >> /tmp/cmp.log 2>&1
cp /tmp/cmp/kahypar-compare.csv $out/kahypar-compare-k8.csv
grep -E "^[0-9a-f]{7}," /tmp/cmp/kahypar-compare.csv | cut -d, -f1,5,11,13,18
wait
grep -E "RACECHECK SUMMARY|^Totals|^exit" $out/cs-racecheck-full.log
echo "all done $(( $(date +%s) - start )) s"
