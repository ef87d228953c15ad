# Device call 17: test_lap_cuda and compute-sanitizer on this build (pending slack keys): memcheck and synccheck on
# both variants at n = 2000, real and [0, 10n); racecheck at n = 2000 of the tree variant ([0, 10n): the search
# this change rewrites; real: the closure search, racechecked at 2000 last on 2026-11-26's build) and at n = 300
# on the other configurations.
set -u
B=.device/s24; O=/tmp/o17; mkdir -p $O
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv > $O/gpu.txt
start=$SECONDS
source $B/qt_runtime.sh; unpack_qt $B
LD_LIBRARY_PATH=/tmp/qtlib timeout 170 $B/test_lap_cuda > $O/test_lap_cuda.log 2>&1
echo "test_lap_cuda exit $? $(grep -E '^Totals' $O/test_lap_cuda.log) at $((SECONDS - start)) s" | tee -a $O/summary.txt
grep -E "^(FAIL|SKIP)|Loc:" $O/test_lap_cuda.log | head -20 | tee -a $O/summary.txt
run() {  # tool algorithm instance n limit
  local name="$1-$2-${3%% *}-$4"
  [ $((SECONDS - start)) -gt $((585 - $5)) ] && { echo "skip $name (time)" | tee -a $O/summary.txt; return; }
  timeout $5 compute-sanitizer --tool $1 --error-exitcode 9 $B/matchscope-cli solve --generate $3 --n $4 --algorithm $2 --backend cuda --verify > $O/san-$name.txt 2>&1
  echo "sanitizer $name exit $? $(grep -E 'ERROR SUMMARY|certificate|RACECHECK SUMMARY' $O/san-$name.txt | tr '\n' ' ') at $((SECONDS - start)) s" | tee -a $O/summary.txt
}
for algorithm in tree classical; do
  for tool in memcheck synccheck; do
    run $tool $algorithm "uniform --range 10n" 2000 60
    run $tool $algorithm real 2000 60
  done
done
run racecheck tree "uniform --range 10n" 2000 200
run racecheck classical "uniform --range 10n" 300 40
run racecheck classical real 300 40
run racecheck tree real 2000 200
tar -czf $OUT/all.tgz -C /tmp o17
