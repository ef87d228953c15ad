#!/usr/bin/env bash
# Device call (issue 27): Mt-KaHyPar 1.5.3 (default preset, km1, eps 0.03, 16 threads, seed 1) and MatchScope
# $COMMIT (--coarsen-with suitor --backend cuda) alternated on flickr-like (3 rounds) and wikipedia-like (2 rounds)
# at k = 2, each program timed from start to exit (reading the .hgr to writing the partition); the first round's
# partitions of both checked by compare_partitions.py. Everything lands in OUT as it is made.
#   COMMIT=x bash .device/new/repeats.sh OUT
set -u
COMMIT=${COMMIT:?}
out=$1; n=.device/new; work=/tmp/rep
mkdir -p $work/mt
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader > $out/gpu.txt; lscpu | grep -E "Model name|^CPU\(s\)" >> $out/gpu.txt
start=$(date +%s)
log() { echo "$(( $(date +%s) - start )) s: $*" | tee -a $out/log.txt; }
bash bench/device/run_kahypar_compare.sh build .device/wk/deps /tmp/mtk > /tmp/mtk-build.log 2>&1 || { tail -20 /tmp/mtk-build.log; exit 1; }
mt=/tmp/mtk/build/mt-kahypar/application/MtKaHyPar-CLI
export LD_LIBRARY_PATH="/tmp/mtk/prefix/usr/lib/x86_64-linux-gnu:${LD_LIBRARY_PATH:-}"
log "mtk built"
echo "instance,program,round,time_ms,km1_reported" > $out/times.csv
for spec in "flickr 3" "wikipedia 3"; do
  set -- $spec; inst=$1; rounds=$2; hgr=$work/$inst.hgr
  $n/matchscope-cli generate --problem hypergraph $inst --n 0 --seed 1 --output $hgr > /dev/null
  for r in $(seq 1 $rounds); do
    [ $inst = wikipedia ] && [ $r = 3 ] && [ $(( $(date +%s) - start )) -gt 430 ] && break
    rm -rf $work/mt/*; t0=$(date +%s%N)
    $mt -h $hgr -k 2 -e 0.03 -o km1 -m direct --preset-type=default -t 16 --seed 1 --write-partition-file=true --partition-output-folder=$work/mt > $work/mt.log 2>&1
    t1=$(date +%s%N); cp $work/mt/*.KaHyPar $work/mt-$inst-$r.part
    echo "$inst,mtkahypar-default-seed1,$r,$(( (t1 - t0) / 1000000 )),$(grep -m1 -E "^ *km1 *=" $work/mt.log | tr -dc 0-9)" >> $out/times.csv
    t0=$(date +%s%N)
    $n/matchscope-cli solve --problem hypergraph --input $hgr --parts 2 --objective km1 --epsilon 0.03 --coarsen-with suitor --backend cuda --partition-out $work/ms-$inst-$r.part > $work/ms.log 2>&1
    t1=$(date +%s%N)
    echo "$inst,matchscope-$COMMIT,$r,$(( (t1 - t0) / 1000000 )),$(sed -n 's/^km1: //p' $work/ms.log)" >> $out/times.csv
    cp $out/times.csv /dev/null; log "$inst round $r: $(tail -n 2 $out/times.csv | tr '\n' ' ')"
  done
  python3 bench/hypergraph/compare_partitions.py $hgr 2 $out/kahypar-compare.csv --instance $inst-0 --commit $COMMIT \
    --machine "$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1); $(lscpu | sed -n 's/^Model name: *//p'), 16 threads" \
    --partition mtkahypar-default-seed1=$work/mt-$inst-1.part --partition "matchscope-km1 --coarsen-with suitor --backend cuda=$work/ms-$inst-1.part" >> $out/log.txt 2>&1
  log "$inst checked: $(grep "$inst" $out/kahypar-compare.csv | cut -d, -f10-17 | tr '\n' ' ')"
done
log "all done"
