# Device call 22: the search preset in full (both variants; [0,n/10), [0,n), [0,10n), real; n = 10000, 20000) for
# fdb7edf (pending slack keys, rows queued without a compare-and-swap) with a profiled solve per configuration, and for c8c6c38 (main before it); then
# the integer ranges again, both builds, interleaved.
set -u
B=.device/s24; O=/tmp/o22; mkdir -p $O
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv > $O/gpu.txt
start=$SECONDS
for group in 10000:n/10,n,10n:40 10000:real:70 20000:n/10,n,10n:60 20000:real:170; do
  IFS=: read -r n ranges limit <<<"$group"
  name="ab-$n-${ranges//[\/,]/_}"
  timeout $limit $B/matchscope-cli bench --preset search --sizes $n --ranges $ranges --search-profile $O/$name-profile.csv --output $O/$name.csv > $O/$name.log 2>&1
  echo "new $name exit $? at $((SECONDS - start)) s" | tee -a $O/summary.txt
done
timeout 150 $B/matchscope-cli-main bench --preset search --output $O/baseline.csv > $O/baseline.log 2>&1
echo "main full preset exit $? at $((SECONDS - start)) s" | tee -a $O/summary.txt
for round in 2 3; do
  for build in main new; do
    bin=$B/matchscope-cli; [ $build = main ] && bin=$B/matchscope-cli-main
    [ $((SECONDS - start)) -gt 480 ] && continue
    timeout 60 $bin bench --preset search --sizes 10000 20000 --ranges n/10 n 10n --output $O/int-$build-$round.csv > $O/int-$build-$round.log 2>&1
    echo "round $round $build exit $? at $((SECONDS - start)) s" | tee -a $O/summary.txt
  done
done
grep -h "objectives agree\|certificates" $O/*.log | sort | uniq -c | tee -a $O/summary.txt
for f in $O/*-profile.csv; do python3 $B/summarize_search_profile.py $f >> $O/summary.txt 2>&1; done
tar -czf $OUT/all.tgz -C /tmp o22
