# Device call 21: the search kernel whose settling thread queues a reached row without a compare-and-swap on its state
# (settleRowThroughColumn) against the pending-keys build, interleaved three times, tree variant, integer ranges.
set -u
B=.device/s24; O=/tmp/o21; mkdir -p $O
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv > $O/gpu.txt
start=$SECONDS
for round in 1 2 3; do
  for build in pending settle; do
    bin=$B/matchscope-cli; [ $build != pending ] && bin=$B/matchscope-cli-$build
    timeout 60 $bin bench --preset search --sizes 10000 20000 --ranges n/10 n 10n --algorithms tree --output $O/int-$build-$round.csv > $O/int-$build-$round.log 2>&1
    echo "round $round $build exit $? at $((SECONDS - start)) s" | tee -a $O/summary.txt
  done
done
grep -h "objectives agree\|certificates" $O/*.log | sort | uniq -c | tee -a $O/summary.txt
cp $B/matchscope-cli-settle $B/matchscope-cli
source $B/qt_runtime.sh; unpack_qt $B
LD_LIBRARY_PATH=/tmp/qtlib timeout 170 $B/test_lap_cuda > $O/test_lap_cuda.log 2>&1
echo "test_lap_cuda exit $? $(grep -E '^Totals' $O/test_lap_cuda.log) at $((SECONDS - start)) s" | tee -a $O/summary.txt
grep -E "^(FAIL|SKIP)|Loc:" $O/test_lap_cuda.log | head -20 | tee -a $O/summary.txt
for tool in memcheck synccheck racecheck; do
  n=2000; [ $tool = racecheck ] && n=300
  timeout 60 compute-sanitizer --tool $tool --error-exitcode 9 $B/matchscope-cli solve --generate uniform --range 10n --n $n --algorithm tree --backend cuda --verify > $O/san-$tool.txt 2>&1
  echo "sanitizer $tool tree 10n n=$n exit $? $(grep -E 'ERROR SUMMARY|certificate|RACECHECK SUMMARY' $O/san-$tool.txt | tr '\n' ' ')" | tee -a $O/summary.txt
done
timeout 60 $B/matchscope-cli solve --generate uniform --range 10n --n 3000 --algorithm tree --backend cuda --granularity phase --verify > $O/phase.txt 2>&1
echo "phase granularity tree 10n n=3000 exit $? $(grep -E 'certificate|objective' $O/phase.txt | tr '\n' ' ')" | tee -a $O/summary.txt
tar -czf $OUT/all.tgz -C /tmp o21
