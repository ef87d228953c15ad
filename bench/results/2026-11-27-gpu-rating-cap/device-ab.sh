#!/usr/bin/env bash
# Device call: the GPU bipartition without a cap, c776881 (.device/new, the build of the 10x runs) against
# a36c028 (.device/gcap, this session's), alternated on one machine: flickr-like three rounds,
# wikipedia-like two. One archive comes back.
#   bash device-ab.sh OUT
set -u
out=$1; work=/tmp/ab; mkdir -p $work
start=$(date +%s)
log() { echo "$(( $(date +%s) - start )) s: $*" | tee -a $work/log.txt; }
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader > $work/gpu.txt
echo "THP enabled: $(cat /sys/kernel/mm/transparent_hugepage/enabled)" >> $work/gpu.txt
for p in flickr wikipedia; do
  .device/gcap/matchscope-cli generate --problem hypergraph $p --n 0 --seed 1 --output /tmp/$p.hgr > /dev/null
  rounds=3; [ $p = wikipedia ] && rounds=2
  for round in $(seq $rounds); do
    for build in c776881:.device/new a36c028:.device/gcap; do
      commit=${build%%:*}; bin=${build#*:}
      /usr/bin/time -f "wall %e s" $bin/matchscope-cli solve --problem hypergraph --input /tmp/$p.hgr --epsilon 0.03 \
        --coarsen-with suitor --backend cuda --partition-out /tmp/$p.part > $work/$p-$commit-$round.txt 2>&1
      log "$p $commit round $round: $(grep -E '^(read_ms|cut|time_ms)|wall' $work/$p-$commit-$round.txt | tr '\n' ' ')"
    done
  done
  tar -czf "$out/ab.tar.gz" -C $work .
done
log "all done"; tar -czf "$out/ab.tar.gz" -C $work .
