# Device call 14: scanChunk's inner loop unrolled 4 (pending slack keys build), 8 or 16, interleaved three times,
# tree variant, integer ranges and real costs.
set -u
B=.device/s24; O=/tmp/o14; mkdir -p $O
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv > $O/gpu.txt
start=$SECONDS
for round in 1 2 3; do
  for build in u4 u8 u16; do
    bin=$B/matchscope-cli; [ $build != u4 ] && bin=$B/matchscope-cli-$build
    timeout 60 $bin bench --preset search --sizes 10000 20000 --ranges n/10 n 10n real --algorithms tree --output $O/int-$build-$round.csv > $O/int-$build-$round.log 2>&1
    echo "round $round $build exit $? at $((SECONDS - start)) s" | tee -a $O/summary.txt
  done
done
grep -h "objectives agree\|certificates" $O/*.log | sort | uniq -c | tee -a $O/summary.txt
tar -czf $OUT/all.tgz -C /tmp o14
