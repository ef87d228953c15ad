# Device call 24 (2026-11-28): keeping the surviving trees between iterations (tree variant, integer search).
# A quick solve each, test_lap_cuda, then the integer rows of the search preset: new (profiled) and main, interleaved.
set -u
B=.device/s24; O=/tmp/o24; mkdir -p $O
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv > $O/gpu.txt
start=$SECONDS
for bin in matchscope-cli matchscope-cli-main; do
  timeout 60 $B/$bin solve --generate uniform --range 10n --n 10000 --algorithm tree --backend cuda --verify > $O/solve-$bin.txt 2>&1
  echo "solve $bin exit $? at $((SECONDS - start)) s: $(grep -iE 'objective|certificate|time' $O/solve-$bin.txt | tr '\n' ' ')" | tee -a $O/summary.txt
done
source $B/qt_runtime.sh; unpack_qt $B
QT_QPA_PLATFORM=offscreen LD_LIBRARY_PATH=/tmp/qtlib timeout 240 $B/test_lap_cuda > $O/test_lap_cuda.txt 2>&1
echo "test_lap_cuda exit $? at $((SECONDS - start)) s: $(grep -E '^Totals|^FAIL' $O/test_lap_cuda.txt | head -5 | tr '\n' ' ')" | tee -a $O/summary.txt
timeout 60 $B/matchscope-cli bench --preset search --sizes 10000 20000 --ranges n/10 n 10n --search-profile $O/profile.csv --output $O/int-new-1.csv > $O/int-new-1.log 2>&1
echo "new profiled exit $? at $((SECONDS - start)) s" | tee -a $O/summary.txt
for round in 2 3; do
  for build in main new; do
    bin=$B/matchscope-cli; [ $build = main ] && bin=$B/matchscope-cli-main
    [ $((SECONDS - start)) -gt 480 ] && continue
    timeout 60 $bin bench --preset search --sizes 10000 20000 --ranges n/10 n 10n --output $O/int-$build-$round.csv > $O/int-$build-$round.log 2>&1
    echo "round $round $build exit $? at $((SECONDS - start)) s" | tee -a $O/summary.txt
  done
done
grep -h "objectives agree\|certificates" $O/*.log | sort | uniq -c | tee -a $O/summary.txt
python3 $B/summarize_search_profile.py $O/profile.csv >> $O/summary.txt 2>&1
tar -czf $OUT/all.tgz -C /tmp o24
