#!/usr/bin/env bash
# Device call: CUDA hypergraph suite, side by side k = 2 (flickr, wikipedia), CPU matching at 1/16 threads.
set -uo pipefail
B=.device/run27; O=/tmp/o; rm -rf $O; mkdir -p $O
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv > $O/gpu.txt; lscpu > $O/cpu.txt
bash bench/device/run_hypergraph_cuda_checks.sh $B .device/final/qtrt $O/suite tests > $O/tests.txt 2>&1
echo "tests: $(grep -E 'Totals' -r $O | head -2)"; tail -2 $O/tests.txt
for p in flickr wikipedia; do
  s=$SECONDS
  COMMIT=41bd21e OBJECTIVES=km1 KS=2 ONLY=$p SEEDS=1 MS_ARGS="--coarsen-with suitor --backend cuda" \
    bash bench/device/run_kahypar_compare.sh run .device/mtk/build $B/matchscope-cli $O/cmp 16 > $O/cmp-$p.log 2>&1
  echo "$p compare: $((SECONDS - s)) s"
done
COMMIT=41bd21e OBJECTIVES=km1 KS=2 ONLY=flickr SEEDS=none MS_ARGS="--backend cpu" \
  bash bench/device/run_kahypar_compare.sh run .device/mtk/build $B/matchscope-cli $O/cmp 16 > $O/cmp-flickr-cpu.log 2>&1
cat $O/cmp/kahypar-compare.csv
s=$SECONDS
python3 bench/hypergraph/measure_cpu.py $B/matchscope-cli $O/m1 --before-cli $B/cli-before --n original --threads 16 \
  --repeats 3 --skip coarsening,kway --profiles flickr,stanford,stanford-berkeley > $O/m1.log 2>&1
echo "matching 1: $((SECONDS - s)) s"; cat $O/m1/matching.csv
s=$SECONDS
timeout $((560 - SECONDS)) python3 bench/hypergraph/measure_cpu.py $B/matchscope-cli $O/m2 --before-cli $B/cli-before --n original \
  --threads 16 --repeats 2 --skip coarsening,kway --profiles wikipedia > $O/m2.log 2>&1
echo "matching 2: $((SECONDS - s)) s"; cat $O/m2/matching.csv
rm -rf $O/cmp/work
tar czf $1/r.tgz -C $O .
