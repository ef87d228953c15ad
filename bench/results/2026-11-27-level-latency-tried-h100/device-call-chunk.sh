# Device call 15: shortest chunk of a one-round level 16 (pending build), 8 or 4 rows; 4 rows with 4 items per block, interleaved three times,
# tree variant, integer ranges and real costs.
set -u
B=.device/s24; O=/tmp/o15; mkdir -p $O
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv > $O/gpu.txt
start=$SECONDS
for round in 1 2; do
  for build in r16 r8 r4 r4x4; do
    bin=$B/matchscope-cli; [ $build != r16 ] && bin=$B/matchscope-cli-$build
    timeout 60 $bin bench --preset search --sizes 10000 20000 --ranges n/10 n 10n --algorithms tree --output $O/int-$build-$round.csv > $O/int-$build-$round.log 2>&1
    echo "round $round $build exit $? at $((SECONDS - start)) s" | tee -a $O/summary.txt
  done
done
grep -h "objectives agree\|certificates" $O/*.log | sort | uniq -c | tee -a $O/summary.txt
tar -czf $OUT/all.tgz -C /tmp o15
