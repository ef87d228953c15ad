# Device call 23: compute-sanitizer racecheck at n = 2000 on the final build (b4f70b1 = fdb7edf's code), [0, 10n)
# and real costs, tree variant first, then the classical variant while time allows.
set -u
B=.device/s24; O=/tmp/o23; mkdir -p $O
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv > $O/gpu.txt
start=$SECONDS
run() {  # algorithm instance limit
  local name="$1-${2%% *}"
  [ $((SECONDS - start + $3)) -gt 560 ] && { echo "skip $name (time)" | tee -a $O/summary.txt; return; }
  timeout $3 compute-sanitizer --tool racecheck --error-exitcode 9 $B/matchscope-cli solve --generate $2 --n 2000 --algorithm $1 --backend cuda --verify > $O/racecheck-$name.txt 2>&1
  echo "racecheck $name n=2000 exit $? $(grep -E 'certificate|RACECHECK SUMMARY' $O/racecheck-$name.txt | tr '\n' ' ') at $((SECONDS - start)) s" | tee -a $O/summary.txt
}
run tree "uniform --range 10n" 150
run tree real 150
run classical real 200
run classical "uniform --range 10n" 150
tar -czf $OUT/all.tgz -C /tmp o23
