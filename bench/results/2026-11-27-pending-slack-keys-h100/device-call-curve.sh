# Device call 19: the integer cost curve again with pending slack keys (HEAD 9381ad5's search): both variants on
# [0, n) for n = 1000 ... 40000 and the tree variant on the largest int32 matrix.
SIZES="1000 2000 5000 10000 20000 40000" COSTS=n LARGEST=int BUDGET=420 bash bench/device/run_search_curve.sh .device/s24 /tmp/o19
tar -czf $OUT/all.tgz -C /tmp o19
