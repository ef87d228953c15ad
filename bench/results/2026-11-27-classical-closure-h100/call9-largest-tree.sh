# Device call 9: call 8 again for the tree variant alone: call 8 had run a binary with the tried tile merge (bench/results/2026-11-27-tile-merge-tried-h100).
# largest_n), counter stream, seed 1, one certified solve each (host check of all n^2 entries), step traces
# and peak device memory (nvidia-smi every 100 ms).
set -u
B=.device/s24; O=/tmp/o9; mkdir -p $O
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv > $O/gpu.txt
free=$(nvidia-smi --query-gpu=memory.free --format=csv,noheader,nounits | head -1)
host=$(awk '/MemAvailable/ { print $2 }' /proc/meminfo)
n=$(python3 -c "import math; d=($free*2**20-1.5e9)/8; h=0.85*$host*1024/8; print(int(math.sqrt(min(d,h))//1000*1000))")
echo "n,run,peak_mib,wall_s" > $O/memory.csv
for algorithm in tree; do
  nvidia-smi --query-gpu=memory.used --format=csv,noheader,nounits -lms 100 > /tmp/samples.txt & s=$!
  start=$SECONDS
  timeout 270 $B/matchscope-cli solve --generate real --stream counter --n $n --algorithm $algorithm --backend cuda \
    --verify --trace-out $O/largest-real-$algorithm.csv > $O/largest-real-$algorithm.txt 2>&1
  status=$?
  kill $s; wait $s 2>/dev/null
  echo "$n,largest-real-$algorithm,$(sort -n /tmp/samples.txt | tail -1),$((SECONDS - start))" >> $O/memory.csv
  echo "$algorithm n=$n exit $status in $((SECONDS - start)) s: $(grep -E 'time_ms|certificate|iterations' $O/largest-real-$algorithm.txt | tr '\n' ' ')" | tee -a $O/summary.txt
  gzip -f $O/largest-real-$algorithm.csv
done
cat $O/memory.csv
tar -czf $OUT/all.tgz -C /tmp o9
