#!/usr/bin/env bash
# Device call (issue 27, item 2) on the GPU machine's host, CPU only: one coarsening level at the Table II
# profiles' original sizes, sequential greedy against greedy and the suitor on 16 OpenMP threads without and
# with --suitor-rating-cap 64 (medians of 3 interleaved runs, wikipedia-like of 2); then whole bipartitions
# coarsened by the suitor on 16 threads, cap 0 against 64 (cut and time). Binaries in .device/cap; the
# results come back as one archive (the device tool returns at most 8 files).
# The scaling stage: the same level with the cap on 1, 4 and 8 threads (flickr-like twice, wikipedia-like once).
#   bash device-call.sh OUT [matching] [scaling] [bipartition]
set -u
out=$1; shift; bin=.device/cap; work=/tmp/cap-results
mkdir -p $work
lscpu | grep -E "Model name|^CPU\(s\)" > $work/cpu.txt
start=$(date +%s)
log() { echo "$(( $(date +%s) - start )) s: $*" | tee -a $work/log.txt; }
export OMP_WAIT_POLICY=passive
for stage in "$@"; do
  case $stage in
    matching)
      python3 bench/hypergraph/measure_cpu.py $bin/matchscope-cli $work/m1 --n original --threads 16 --repeats 3 \
        --skip coarsening,kway,suitor-sequential --profiles flickr,stanford,stanford-berkeley --rating-caps 0,64 \
        > $work/m1.log 2>&1
      log "matching flickr, stanford, stanford-berkeley: exit $?"
      python3 bench/hypergraph/measure_cpu.py $bin/matchscope-cli $work/m2 --n original --threads 16 --repeats 2 \
        --skip coarsening,kway,suitor-sequential --profiles wikipedia --rating-caps 0,64 > $work/m2.log 2>&1
      log "matching wikipedia: exit $?"
      cat $work/m1.log $work/m2.log ;;
    scaling)
      python3 bench/hypergraph/measure_cpu.py $bin/matchscope-cli $work/s1 --n original --threads 1,4,8 --repeats 2 \
        --skip coarsening,kway,suitor-sequential --profiles flickr --rating-caps 64 > $work/s1.log 2>&1
      log "scaling flickr: exit $?"
      python3 bench/hypergraph/measure_cpu.py $bin/matchscope-cli $work/s2 --n original --threads 1,4,8 --repeats 1 \
        --skip coarsening,kway,suitor-sequential --profiles wikipedia --rating-caps 64 > $work/s2.log 2>&1
      log "scaling wikipedia: exit $?"
      cat $work/s1.log $work/s2.log ;;
    bipartition)
      for p in flickr stanford stanford-berkeley wikipedia; do
        for cap in 0 64; do
          $bin/matchscope-cli solve --problem hypergraph --generate $p --n 0 --coarsen-with suitor --backend cpu \
            --threads 16 --suitor-rating-cap $cap > $work/bipartition-$p-$cap.txt 2>&1
          log "bipartition $p cap $cap: $(grep -E '^(cut|levels|time_ms|imbalance):' $work/bipartition-$p-$cap.txt | tr '\n' ' ')"
        done
      done ;;
  esac
  tar -czf "$out/results.tar.gz" -C $work .
done
log "all done"
