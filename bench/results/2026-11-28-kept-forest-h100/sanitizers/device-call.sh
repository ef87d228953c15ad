# Device call 30 (2026-11-28): compute-sanitizer memcheck, synccheck and racecheck at n = 2000 on the committed
# build (422bd2d, forest kept), [0, 10n) and real costs, tree variant first (its kernel changed), then the
# classical variant while time allows.
set -u
B=.device/s24; O=/tmp/o30; mkdir -p $O
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv > $O/gpu.txt
start=$SECONDS
run() {  # tool algorithm instance limit
  local name="$1-$2-${3%% *}"
  [ $((SECONDS - start + $4)) -gt 560 ] && { echo "skip $name (time)" | tee -a $O/summary.txt; return; }
  timeout $4 compute-sanitizer --tool $1 --error-exitcode 9 $B/matchscope-cli solve --generate $3 --n 2000 --algorithm $2 --backend cuda --verify > $O/$name.txt 2>&1
  echo "$name n=2000 exit $? $(grep -E 'certificate|ERROR SUMMARY|RACECHECK SUMMARY' $O/$name.txt | tr '\n' ' ') at $((SECONDS - start)) s" | tee -a $O/summary.txt
}
run memcheck tree "uniform --range 10n" 60
run synccheck tree "uniform --range 10n" 60
run racecheck tree "uniform --range 10n" 130
run memcheck tree real 60
run synccheck tree real 60
run racecheck tree real 120
run memcheck classical "uniform --range 10n" 60
run racecheck classical "uniform --range 10n" 60
run synccheck classical "uniform --range 10n" 60
run memcheck classical real 60
tar -czf $OUT/all.tgz -C /tmp o30
