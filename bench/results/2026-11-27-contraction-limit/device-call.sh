#!/usr/bin/env bash
# One device call (issue 27): Mt-KaHyPar built on the host; flickr- and wikipedia-like at k = 2 with the GPU
# pipeline at $COMMIT and at 1b84267 (before), alternated twice; the hypergraph suites; traces of both; the
# CUDA suite under compute-sanitizer memcheck, racecheck and synccheck.
# Run from the repository root: .device/pipe holds matchscope-cli and the three test binaries of COMMIT,
# .device/old the matchscope-cli of 1b84267, .device/wk/deps what run_kahypar_compare.sh prepare fetched,
# .device/ck/qtrt the Qt runtime .debs (bench/device/run_lap_cuda_checks.sh lists them).
#   COMMIT=65e4bde bash .device/pipe/call.sh OUT
set -u
COMMIT=${COMMIT:?}
out=$1; p=.device/pipe; o=.device/old
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader > $out/gpu.txt; lscpu | grep -E "Model name|^CPU\(s\)" >> $out/gpu.txt
start=$(date +%s)
bash bench/device/run_kahypar_compare.sh build .device/wk/deps /tmp/mtk > /tmp/mtk-build.log 2>&1 || { tail -20 /tmp/mtk-build.log; exit 1; }
echo "mtk build $(( $(date +%s) - start )) s"
run() {  # COMMIT CLI SEEDS
  COMMIT=$1 ONLY="flickr wikipedia" KS=2 OBJECTIVES=km1 SEEDS=$3 MS_ARGS="--coarsen-with suitor --backend cuda" bash bench/device/run_kahypar_compare.sh run /tmp/mtk $2 /tmp/cmp 16 >> /tmp/cmp.log 2>&1
}
run $COMMIT $p/matchscope-cli 1
run 1b84267 $o/matchscope-cli none
run $COMMIT $p/matchscope-cli none
run 1b84267 $o/matchscope-cli none
cp /tmp/cmp/kahypar-compare.csv $out/
echo "compare done $(( $(date +%s) - start )) s"
mkdir -p /tmp/qtrt /tmp/qtlib; for deb in .device/ck/qtrt/*.deb; do dpkg -x $deb /tmp/qtrt; done
for lib in /tmp/qtrt/usr/lib/x86_64-linux-gnu/*.so.* /tmp/qtrt/lib/x86_64-linux-gnu/*.so.*; do [ -e "$lib" ] || continue; ldconfig -p | grep -q "^[[:space:]]$(basename "$lib") " || ln -sf "$lib" /tmp/qtlib/; done
for t in test_hypergraph_io test_hypergraph_algorithms test_hypergraph_cuda; do LD_LIBRARY_PATH=/tmp/qtlib $p/$t > /tmp/$t.log 2>&1; echo "$t exit $?"; grep -E "^(FAIL|Totals)" /tmp/$t.log; done
for inst in flickr wikipedia; do
  for b in "$COMMIT $p/matchscope-cli" "1b84267 $o/matchscope-cli"; do
    set -- $b
    /usr/bin/time -f "wall %e s" $2 solve --problem hypergraph --input /tmp/cmp/work/$inst-0.hgr --epsilon 0.03 --parts 2 --objective km1 --coarsen-with suitor --backend cuda --partition-out /tmp/$inst.part --trace-out /tmp/trace-$inst-$1.csv > /tmp/$inst-$1.txt 2>&1
    echo "$inst $1: $(grep -E "km1|time_ms|wall" /tmp/$inst-$1.txt | tr '\n' ' ')"
  done
done
tar -czf $out/traces.tar.gz -C /tmp trace-flickr-$COMMIT.csv trace-flickr-1b84267.csv trace-wikipedia-$COMMIT.csv trace-wikipedia-1b84267.csv
echo "timed part done $(( $(date +%s) - start )) s"
cs=$(ls /usr/local/cuda*/bin/compute-sanitizer 2>/dev/null | head -1)
for tool in memcheck racecheck synccheck; do
  ( LD_LIBRARY_PATH=/tmp/qtlib timeout $(( 585 - ($(date +%s) - start) )) $cs --tool $tool --error-exitcode 9 $p/test_hypergraph_cuda > /tmp/cs-$tool.log 2>&1; echo "exit $?" >> /tmp/cs-$tool.log ) &
done
wait
for tool in memcheck racecheck synccheck; do echo "$tool: $(grep -E "ERROR SUMMARY|RACECHECK SUMMARY|^Totals|^exit" /tmp/cs-$tool.log | tr '\n' ' ')"; done
cat /tmp/test_hypergraph_io.log /tmp/test_hypergraph_algorithms.log /tmp/test_hypergraph_cuda.log /tmp/cs-*.log > $out/tests.txt
grep -E "^[0-9a-f]{7}," /tmp/cmp/kahypar-compare.csv | cut -d, -f1,5,11,13,18
echo "all done $(( $(date +%s) - start )) s"
