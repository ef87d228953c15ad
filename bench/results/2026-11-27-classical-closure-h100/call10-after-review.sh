# Device call 10: after the review's refactor, test_lap_cuda and the search preset's real costs, both variants.
set -u
B=.device/s24; O=/tmp/o10; mkdir -p $O
source $B/qt_runtime.sh; unpack_qt $B
LD_LIBRARY_PATH=/tmp/qtlib timeout 120 $B/test_lap_cuda > $O/test_lap_cuda.log 2>&1
echo "test_lap_cuda exit $? $(grep -E '^Totals' $O/test_lap_cuda.log)" | tee -a $O/summary.txt
timeout 90 $B/matchscope-cli bench --preset search --sizes 10000 20000 --ranges real 10n --output $O/search.csv > $O/search.log 2>&1
echo "search exit $?" | tee -a $O/summary.txt
sed -n '/median total time/,$p' $O/search.log | tee -a $O/summary.txt
tar -czf $OUT/all.tgz -C /tmp o10
