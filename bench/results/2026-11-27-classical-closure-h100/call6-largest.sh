# Device call 6: test_lap_cuda; the classical variant at the largest n whose real matrix of doubles fits (as
# run_search_curve.sh's largest_n), solved once with its certificate checked on the host, peak device memory
# sampled every 100 ms; and real n = 10000 / 20000 classical, search granularity, peak memory.
set -u
B=.device/s24; O=/tmp/o6; mkdir -p $O
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv > $O/gpu.txt
source $B/qt_runtime.sh; unpack_qt $B
LD_LIBRARY_PATH=/tmp/qtlib timeout 120 $B/test_lap_cuda > $O/test_lap_cuda.log 2>&1
echo "test_lap_cuda exit $? $(grep -E '^Totals' $O/test_lap_cuda.log)" | tee -a $O/summary.txt
peak() {  # peak MiB of memory.used while "$@" runs
  nvidia-smi --query-gpu=memory.used --format=csv,noheader,nounits -lms 100 > /tmp/samples.txt & local s=$!
  "$@"; local status=$?
  kill $s; wait $s 2>/dev/null
  echo "exit $status peak_mib $(sort -n /tmp/samples.txt | tail -1)" > /tmp/peak.txt
}
for n in 10000 20000; do
  peak timeout 60 $B/matchscope-cli solve --generate real --n $n --algorithm classical --backend cuda --verify > $O/solve-$n.txt 2>&1
  echo "classical real n=$n: $(cat /tmp/peak.txt); $(grep -E 'time_ms|certificate' $O/solve-$n.txt | tr '\n' ' ')" | tee -a $O/summary.txt
done
free=$(nvidia-smi --query-gpu=memory.free --format=csv,noheader,nounits | head -1)
host=$(awk '/MemAvailable/ { print $2 }' /proc/meminfo)
n=$(python3 -c "import math; d=($free*2**20-1.5e9)/8; h=0.85*$host*1024/8; print(int(math.sqrt(min(d,h))//1000*1000))")
start=$SECONDS
peak timeout 420 $B/matchscope-cli solve --generate real --stream counter --n $n --algorithm classical --backend cuda --verify > $O/largest-real-classical.txt 2>&1
echo "largest real classical n=$n: $(cat /tmp/peak.txt) in $((SECONDS - start)) s; $(grep -E 'time_ms|certificate|objective|iterations' $O/largest-real-classical.txt | tr '\n' ' ')" | tee -a $O/summary.txt
tar -czf $OUT/all.tgz -C /tmp o6
