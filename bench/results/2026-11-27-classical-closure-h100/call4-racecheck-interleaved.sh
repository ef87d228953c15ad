# Device call 4 (issue 24): racecheck of the classical closure search at n = 2000 on real costs, then the
# integer search preset with this build and main's interleaved, three times each.
set -u
B=.device/s24; O=/tmp/o4; mkdir -p $O
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv > $O/gpu.txt
start=$SECONDS
timeout 280 compute-sanitizer --tool racecheck --error-exitcode 9 $B/matchscope-cli solve --generate real --n 2000 \
  --algorithm classical --backend cuda --verify > $O/racecheck-classical-real-2000.txt 2>&1
echo "racecheck classical real n=2000: exit $? in $((SECONDS - start)) s; $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY|certificate' $O/racecheck-classical-real-2000.txt | tr '\n' ' ')" | tee -a $O/summary.txt
for round in 1 2 3; do
  for build in new main; do
    bin=$B/matchscope-cli; [ $build = main ] && bin=$B/matchscope-cli-main
    timeout 60 $bin bench --preset search --sizes 10000 20000 --ranges n/10 n 10n --output $O/int-$build-$round.csv > $O/int-$build-$round.log 2>&1
    echo "round $round $build exit $? at $((SECONDS - start)) s" | tee -a $O/summary.txt
  done
done
tar -czf $OUT/all.tgz -C /tmp o4
