#!/usr/bin/env bash
# One device call: Mt-KaHyPar built on the host; flickr- and wikipedia-like at k = 2 side by side with the GPU
# coarsening at $COMMIT and at 6d555bf (before this session's host changes), flickr with --backend cpu at both;
# the hypergraph suites; traces of the GPU pipeline at $COMMIT.
# Run from the repository root: .device/pipe holds matchscope-cli and the three test binaries of COMMIT,
# .device/old the matchscope-cli of 6d555bf, .device/wk/deps what run_kahypar_compare.sh prepare fetched,
# .device/ck/qtrt the Qt runtime .debs (bench/device/run_lap_cuda_checks.sh lists them).
#   COMMIT=fbb6317 bash device-call.sh OUT
set -u
COMMIT=${COMMIT:?name the commit of .device/pipe}
out=$1; p=.device/pipe
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader > $out/gpu.txt; lscpu | grep -E "Model name|^CPU\(s\)" >> $out/gpu.txt
start=$(date +%s)
bash bench/device/run_kahypar_compare.sh build .device/wk/deps /tmp/mtk > /tmp/mtk-build.log 2>&1 || { tail -20 /tmp/mtk-build.log; exit 1; }
echo "mtk build $(( $(date +%s) - start )) s"
run() {  # COMMIT CLI SEEDS MS_ARGS
  COMMIT=$1 ONLY="flickr wikipedia" KS=2 OBJECTIVES=km1 SEEDS=$3 MS_ARGS="$4"     bash bench/device/run_kahypar_compare.sh run /tmp/mtk $2 /tmp/cmp 16 >> /tmp/cmp.log 2>&1
}
run $COMMIT $p/matchscope-cli 1 "--coarsen-with suitor --backend cuda"
run 6d555bf .device/old/matchscope-cli none "--coarsen-with suitor --backend cuda"
cp /tmp/cmp/kahypar-compare.csv $out/
echo "compare done $(( $(date +%s) - start )) s"
for b in "$COMMIT $p/matchscope-cli" "6d555bf .device/old/matchscope-cli"; do
  set -- $b
  /usr/bin/time -f "wall %e s" $2 solve --problem hypergraph --input /tmp/cmp/work/flickr-0.hgr --epsilon 0.03 --parts 2 --objective km1 --backend cpu --partition-out /tmp/fc.part > /tmp/fc.txt 2>&1
  echo "flickr cpu $1: $(grep -E "km1|time_ms|wall" /tmp/fc.txt | tr '\n' ' ')"
done
mkdir -p /tmp/qtrt /tmp/qtlib; for deb in .device/ck/qtrt/*.deb; do dpkg -x $deb /tmp/qtrt; done
for lib in /tmp/qtrt/usr/lib/x86_64-linux-gnu/*.so.* /tmp/qtrt/lib/x86_64-linux-gnu/*.so.*; do [ -e "$lib" ] || continue; ldconfig -p | grep -q "^[[:space:]]$(basename "$lib") " || ln -sf "$lib" /tmp/qtlib/; done
for t in test_hypergraph_io test_hypergraph_algorithms test_hypergraph_cuda; do LD_LIBRARY_PATH=/tmp/qtlib $p/$t > /tmp/$t.log 2>&1; echo "$t exit $?"; grep -E "^(FAIL|Totals)" /tmp/$t.log; done
cat /tmp/test_hypergraph_io.log /tmp/test_hypergraph_algorithms.log /tmp/test_hypergraph_cuda.log > $out/tests.txt
for inst in flickr wikipedia; do
  /usr/bin/time -f "wall %e s" $p/matchscope-cli solve --problem hypergraph --input /tmp/cmp/work/$inst-0.hgr --epsilon 0.03 --parts 2 --objective km1 --coarsen-with suitor --backend cuda --partition-out /tmp/$inst.part --trace-out /tmp/trace-$inst-cuda.csv > $out/$inst-cuda.txt 2>&1
  gzip -c /tmp/trace-$inst-cuda.csv > $out/trace-$inst-cuda.csv.gz
  grep -E "km1|time_ms|wall" $out/$inst-cuda.txt | tr '\n' ' '; echo
done
grep -E "^[0-9a-f]{7}," /tmp/cmp/kahypar-compare.csv | cut -d, -f1,4,11,12,18
echo "all done $(( $(date +%s) - start )) s"
