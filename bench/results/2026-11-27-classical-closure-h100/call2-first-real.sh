set -u
B=.device/s24; L=/tmp/l2; mkdir -p $L
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv > $L/gpu.txt
for alg in classical tree; do
  timeout 30 $B/matchscope-cli solve --generate real --n 2000 --algorithm $alg --backend cuda --verify > $L/solve-$alg-2000.txt 2>&1; echo "solve $alg exit $?" >> $L/summary.txt
done
timeout 200 $B/matchscope-cli bench --preset search --sizes 10000 20000 --ranges real --search-profile $L/new-profile.csv --output $L/new-real.csv > $L/new-real.log 2>&1; echo "new bench exit $?" >> $L/summary.txt
timeout 150 $B/matchscope-cli-main bench --preset search --sizes 10000 20000 --ranges real --output $L/main-real.csv > $L/main-real.log 2>&1; echo "main bench exit $?" >> $L/summary.txt
source $B/qt_runtime.sh; unpack_qt $B
LD_LIBRARY_PATH=/tmp/qtlib timeout 200 $B/test_lap_cuda > $L/test_lap_cuda.log 2>&1; echo "test exit $?" >> $L/summary.txt
python3 $B/summarize_search_profile.py $L/new-profile.csv > $L/profile-summary.txt 2>&1
tar -czf $OUT/all.tgz -C /tmp l2
cat $L/summary.txt; grep -A12 "median total" $L/new-real.log $L/main-real.log; grep -E "^Totals|^FAIL" -A2 $L/test_lap_cuda.log | head -20; cat $L/profile-summary.txt | head
