#!/usr/bin/env bash
# Device call: the CUDA suitor with a rating cap (.device/gcap). test_hypergraph_cuda (its new
# ratingCapMatchesTheCpu among them); compute-sanitizer memcheck, racecheck and synccheck on a capped
# coarsening of flickr-like 20k (three levels, cap 16); then one level and whole bipartitions of flickr- and
# wikipedia-like at original size on the GPU, cap 0 against 64, alternated. One archive comes back.
#   bash device-call.sh OUT
set -u
out=$1; bin=.device/gcap; work=/tmp/gcap; mkdir -p $work /tmp/qtrt /tmp/qtlib
start=$(date +%s)
log() { echo "$(( $(date +%s) - start )) s: $*" | tee -a $work/log.txt; }
save() { tar -czf "$out/results.tar.gz" -C $work .; }
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader > $work/gpu.txt
for deb in .device/qtmin/*.deb; do dpkg -x $deb /tmp/qtrt; done
for lib in /tmp/qtrt/usr/lib/x86_64-linux-gnu/*.so.* /tmp/qtrt/lib/x86_64-linux-gnu/*.so.*; do
  [ -e "$lib" ] || continue
  ldconfig -p | grep -q "^[[:space:]]$(basename "$lib") " || ln -sf "$lib" /tmp/qtlib/
done
LD_LIBRARY_PATH=/tmp/qtlib timeout 200 $bin/test_hypergraph_cuda > $work/tests.txt 2>&1
log "test_hypergraph_cuda exit $? $(grep -E '^(FAIL|Totals)' $work/tests.txt | tr '\n' ' ')"; save
cs=$(ls /usr/local/cuda*/bin/compute-sanitizer 2>/dev/null | head -1)
for tool in memcheck racecheck synccheck; do
  ( timeout 150 $cs --tool $tool --error-exitcode 9 $bin/matchscope-cli solve --problem hypergraph --generate flickr \
      --n 20000 --algorithm coarsen-suitor --backend cuda --levels 3 --suitor-rating-cap 16 > $work/cs-$tool.log 2>&1
    echo "exit $?" >> $work/cs-$tool.log ) &
done
wait
for tool in memcheck racecheck synccheck; do log "$tool: $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY|^nodes|^exit' $work/cs-$tool.log | tr '\n' ' ')"; done; save
for p in flickr wikipedia; do
  $bin/matchscope-cli generate --problem hypergraph $p --n 0 --seed 1 --output /tmp/$p.hgr > /dev/null
  for round in 1 2; do
    for cap in 0 64; do
      $bin/matchscope-cli solve --problem hypergraph --input /tmp/$p.hgr --algorithm coarsen-suitor --backend cuda \
        --levels 1 --suitor-rating-cap $cap > $work/level-$p-$cap-$round.txt 2>&1
      log "level $p cap $cap: $(grep -E '^(matching_ms|time_ms|nodes):' $work/level-$p-$cap-$round.txt | tr '\n' ' ')"
      /usr/bin/time -f "wall %e s" $bin/matchscope-cli solve --problem hypergraph --input /tmp/$p.hgr --epsilon 0.03 \
        --coarsen-with suitor --backend cuda --suitor-rating-cap $cap --partition-out /tmp/$p-$cap.part \
        > $work/bipartition-$p-$cap-$round.txt 2>&1
      log "bipartition $p cap $cap: $(grep -E '^(cut|levels|matching_ms|time_ms|read_ms)|wall' $work/bipartition-$p-$cap-$round.txt | tr '\n' ' ')"
    done
  done
  save
done
log "all done"; save
