# Device call 20: the search kernel with __launch_bounds__(kBlock, 4) (64 registers, 4 resident blocks per
# multiprocessor) against the pending-keys build, interleaved three times, tree variant, integer ranges.
set -u
B=.device/s24; O=/tmp/o20; mkdir -p $O
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv > $O/gpu.txt
start=$SECONDS
for round in 1 2 3; do
  for build in pending lb4; do
    bin=$B/matchscope-cli; [ $build != pending ] && bin=$B/matchscope-cli-$build
    timeout 60 $bin bench --preset search --sizes 10000 20000 --ranges n/10 n 10n --algorithms tree --output $O/int-$build-$round.csv > $O/int-$build-$round.log 2>&1
    echo "round $round $build exit $? at $((SECONDS - start)) s" | tee -a $O/summary.txt
  done
done
grep -h "objectives agree\|certificates" $O/*.log | sort | uniq -c | tee -a $O/summary.txt
tar -czf $OUT/all.tgz -C /tmp o20
