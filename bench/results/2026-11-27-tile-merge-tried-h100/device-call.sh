# Device call 7: the tree level's chunk merge by the block done last with a tile (no merge round), against
# the same build without it (matchscope-cli-base2), interleaved three times on the search preset's integer
# ranges, once on real costs; and test_lap_cuda.
set -u
B=.device/s24; O=/tmp/o7; mkdir -p $O
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv > $O/gpu.txt
source $B/qt_runtime.sh; unpack_qt $B
LD_LIBRARY_PATH=/tmp/qtlib timeout 120 $B/test_lap_cuda > $O/test_lap_cuda.log 2>&1
echo "test_lap_cuda exit $? $(grep -E '^Totals' $O/test_lap_cuda.log)" | tee -a $O/summary.txt
start=$SECONDS
for round in 1 2 3; do
  for build in merge base; do
    bin=$B/matchscope-cli; [ $build = base ] && bin=$B/matchscope-cli-base2
    timeout 60 $bin bench --preset search --sizes 10000 20000 --ranges n/10 n 10n --output $O/int-$build-$round.csv > $O/int-$build-$round.log 2>&1
    echo "round $round $build exit $? at $((SECONDS - start)) s" | tee -a $O/summary.txt
  done
done
for build in merge base; do
  bin=$B/matchscope-cli; [ $build = base ] && bin=$B/matchscope-cli-base2
  timeout 60 $bin bench --preset search --sizes 10000 20000 --ranges real --output $O/real-$build.csv > $O/real-$build.log 2>&1
  echo "real $build exit $? at $((SECONDS - start)) s" | tee -a $O/summary.txt
done
grep -h "objectives agree\|certificates" $O/*.log | sort | uniq -c | tee -a $O/summary.txt
tar -czf $OUT/all.tgz -C /tmp o7
