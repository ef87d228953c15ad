# Device call 5: the cost curve on real costs, both variants, n = 1000 .. 40000 (bench/device/run_search_curve.sh).
SIZES="1000 2000 5000 10000 20000 40000" COSTS=real LARGEST=" " BUDGET=550 \
  bash bench/device/run_search_curve.sh .device/s24 /tmp/o5 > /tmp/o5-run.log 2>&1
cp /tmp/o5-run.log /tmp/o5/curve/ 2>/dev/null
tar -czf $OUT/all.tgz -C /tmp o5
tail -30 /tmp/o5/curve/summary.txt
