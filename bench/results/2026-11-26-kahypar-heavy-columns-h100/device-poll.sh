#!/usr/bin/env bash
# Waits up to $1 seconds for the detached side by side, then copies what it has to $OUT.
W=/tmp/wk
for ((i = 0; i < $1 / 10; i++)); do grep -q done $W/status 2>/dev/null && break; sleep 10; done
date; cat $W/status; tail -3 $W/build.log; tail -5 $W/run.log; ls -la $W/out/work 2>/dev/null
cp $W/out/kahypar-compare.csv $W/run.log $OUT/ 2>/dev/null
{ nvidia-smi --query-gpu=name --format=csv,noheader; lscpu | sed -n 's/^Model name: *//p'; nproc; } > $OUT/gpu.txt
cat $W/out/kahypar-compare.csv 2>/dev/null
