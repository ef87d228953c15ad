# Device call 12: team mode for frontiers of up to 32 or 64 rows (kTeamFrontier; 16 in this build, as
# kMinRowsPerChunk), against this build, interleaved three times on the search preset's integer ranges.
set -u
B=.device/s24; O=/tmp/o12; mkdir -p $O
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv > $O/gpu.txt
start=$SECONDS
for round in 1 2 3; do
  for build in base team32 team64; do
    bin=$B/matchscope-cli; [ $build != base ] && bin=$B/matchscope-cli-$build
    timeout 60 $bin bench --preset search --sizes 10000 20000 --ranges n/10 n 10n --output $O/int-$build-$round.csv > $O/int-$build-$round.log 2>&1
    echo "round $round $build exit $? at $((SECONDS - start)) s" | tee -a $O/summary.txt
  done
done
grep -h "objectives agree\|certificates" $O/*.log | sort | uniq -c | tee -a $O/summary.txt
tar -czf $OUT/all.tgz -C /tmp o12
