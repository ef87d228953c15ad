#!/usr/bin/env bash
# Device call 1 (issue 27): the compaction plan found on the device (commit NEW) against the build before it
# (OLD, 7236c37). The whole CUDA suite of NEW; the GPU pipeline (--coarsen-with suitor --backend cuda, default
# refinement) on flickr- and wikipedia-like at original size, OLD and NEW alternated, each program from start
# to exit, partitions compared byte for byte, traces kept; then compute-sanitizer (memcheck, racecheck,
# synccheck) on NEW through run_hypergraph_cuda_checks.sh. One archive comes back.
#   bash bench/results/2026-11-27-device-compaction/device-call.sh OUT [BUNDLE [ROUNDS [SANITIZER]]]
# BUNDLE: .device/cplan.tar.xz (call 1) by default, holding new/ and old/; ROUNDS 2; SANITIZER 1 (0: none).
# Each contraction's and the first level's proposal steps come out of the traces into steps.txt.
set -u
out=$1; bundle=${2:-.device/cplan.tar.xz}; rounds=${3:-2}; sanitize=${4:-1}
work=/tmp/dc; bin=/tmp/dcbin; rm -rf $work $bin; mkdir -p $work $bin
tar -xJf $bundle -C $bin
start=$(date +%s)
log() { echo "$(( $(date +%s) - start )) s: $*" | tee -a $work/log.txt; }
pack() { tar -czf $out/dc.tar.gz -C $work .; }
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader > $work/gpu.txt
lscpu | grep -E "Model name|^CPU\(s\)" >> $work/gpu.txt
mkdir -p /tmp/qtrt /tmp/qtlib; for deb in .device/qtmin/*.deb; do dpkg -x $deb /tmp/qtrt; done
for lib in /tmp/qtrt/usr/lib/x86_64-linux-gnu/*.so.* /tmp/qtrt/lib/x86_64-linux-gnu/*.so.*; do [ -e "$lib" ] || continue; ldconfig -p | grep -q "^[[:space:]]$(basename "$lib") " || ln -sf "$lib" /tmp/qtlib/; done
LD_LIBRARY_PATH=/tmp/qtlib timeout 240 $bin/new/test_hypergraph_cuda > $work/tests-all.txt 2>&1
log "whole suite exit $? $(grep -E "^(FAIL|Totals)" $work/tests-all.txt | tr '\n' ' ')"; pack
for g in flickr wikipedia; do $bin/new/matchscope-cli generate --problem hypergraph $g --n 0 --seed 1 --output /tmp/$g.hgr > /dev/null; done
log "generated"
for round in $(seq 1 $rounds); do
  for g in flickr wikipedia; do
    for b in old new; do
      t0=$(date +%s%N)
      $bin/$b/matchscope-cli solve --problem hypergraph --input /tmp/$g.hgr --coarsen-with suitor --backend cuda \
        --partition-out $work/$g-$b.part --trace-out $work/trace-$g-$b-$round.csv > $work/out-$g-$b-$round.txt 2>&1
      rc=$?; ms=$(( ($(date +%s%N) - t0) / 1000000 ))
      log "$g $b round $round: exit $rc, $ms ms, $(grep -E '^(cut|time_ms):' $work/out-$g-$b-$round.txt | tr '\n' ' ')"
      python3 -c "import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
first = sum(float(r['wall_ns']) for r in rows if r['phase'] == 'suitor_proposals' and r['level'] == '0') / 1e6
contraction = [round(float(r['wall_ns']) / 1e6, 1) for r in rows if r['phase'] == 'contraction']
print(sys.argv[2], 'level 0 proposals', round(first, 1), 'ms; contractions', contraction)" \
        $work/trace-$g-$b-$round.csv "$g $b $round" >> $work/steps.txt
    done
    cmp -s $work/$g-old.part $work/$g-new.part && log "$g partitions identical" || log "$g partitions DIFFER"
  done
  pack
done
rm -f $work/*.part
# Where the host waits on the CUDA API (page-locking, copies, synchronisations): one profiled run of NEW.
if command -v nsys > /dev/null; then
  timeout 120 nsys profile -o /tmp/wiki-prof --force-overwrite true --stats=false $bin/new/matchscope-cli solve \
    --problem hypergraph --input /tmp/wikipedia.hgr --coarsen-with suitor --backend cuda > $work/nsys-run.txt 2>&1
  nsys stats --report cuda_api_sum,cuda_gpu_kern_sum,osrt_sum --format csv --output $work/nsys /tmp/wiki-prof.nsys-rep > $work/nsys-stats.txt 2>&1
  log "nsys exit $?: $(ls $work | grep -c nsys_) reports"
else
  log "no nsys on this machine"
fi
if [ "$sanitize" = 1 ]; then
  timeout 330 bash bench/device/run_hypergraph_cuda_checks.sh $bin/new .device/qtmin $work/sanitizer sanitizer > $work/sanitizer-log.txt 2>&1
  log "sanitizer exit $?: $(grep -c 'exit 0' $work/sanitizer-log.txt) clean of $(grep -c '^compute-sanitizer' $work/sanitizer-log.txt)"
  grep '^compute-sanitizer' $work/sanitizer-log.txt | tee -a $work/log.txt
fi
log "all done"; pack
