# Device call 13 (2026-11-27 session 8): pending slack keys (int32 chunked levels in one round) against c8c6c38,
# interleaved three times on the search preset's integer ranges; profile; test_lap_cuda; sanitizers.
set -u
B=.device/s24; O=/tmp/o13; mkdir -p $O
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv > $O/gpu.txt
start=$SECONDS
for round in 1 2 3; do
  for build in main new; do
    bin=$B/matchscope-cli; [ $build = main ] && bin=$B/matchscope-cli-main
    timeout 70 $bin bench --preset search --sizes 10000 20000 --ranges n/10 n 10n --output $O/int-$build-$round.csv > $O/int-$build-$round.log 2>&1
    echo "round $round $build exit $? at $((SECONDS - start)) s" | tee -a $O/summary.txt
  done
done
grep -h "objectives agree\|certificates" $O/*.log | sort | uniq -c | tee -a $O/summary.txt
for build in main new; do
  bin=$B/matchscope-cli; [ $build = main ] && bin=$B/matchscope-cli-main
  timeout 40 $bin bench --preset search --sizes 10000 --ranges 10n --algorithms tree --search-profile $O/profile-$build.csv --output $O/prof-$build.csv > $O/prof-$build.log 2>&1
  echo "profile $build exit $?" | tee -a $O/summary.txt
  python3 $B/summarize_search_profile.py $O/profile-$build.csv >> $O/summary.txt 2>&1
done
source $B/qt_runtime.sh; unpack_qt $B
LD_LIBRARY_PATH=/tmp/qtlib timeout 170 $B/test_lap_cuda > $O/test_lap_cuda.log 2>&1
echo "test_lap_cuda exit $? $(grep -E '^Totals' $O/test_lap_cuda.log) at $((SECONDS - start)) s" | tee -a $O/summary.txt
grep -E "^(FAIL|SKIP)|Loc:" $O/test_lap_cuda.log | head -20 | tee -a $O/summary.txt
for tool in memcheck synccheck racecheck; do
  n=2000; [ $tool = racecheck ] && n=300
  for range in 10n n/10; do
    [ $((SECONDS - start)) -gt 500 ] && { echo "skip $tool $range" >> $O/summary.txt; continue; }
    timeout 45 compute-sanitizer --tool $tool --error-exitcode 9 $B/matchscope-cli solve --generate uniform --range $range --n $n --algorithm tree --backend cuda --verify > $O/san-$tool-${range//\//_}.txt 2>&1
    echo "sanitizer $tool tree $range n=$n exit $? $(grep -E 'ERROR SUMMARY|certificate' $O/san-$tool-${range//\//_}.txt | tr '\n' ' ')" | tee -a $O/summary.txt
  done
done
echo "done at $((SECONDS - start)) s" >> $O/summary.txt
tar -czf $OUT/all.tgz -C /tmp o13
