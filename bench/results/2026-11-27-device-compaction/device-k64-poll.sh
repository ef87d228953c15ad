#!/usr/bin/env bash
# Waits up to $2 seconds for device-k64-start.sh's detached Mt-KaHyPar run, then copies what there is to $1.
W=/tmp/k64
for ((i = 0; i < ${2:-480} / 10; i++)); do grep -q done $W/status 2>/dev/null && break; sleep 10; done
date; cat $W/status; tail -3 $W/out/mtk-build.log; cat $W/out/mt-time.txt 2>/dev/null; tail -5 $W/out/mt.log
tar -czf $1/k64.tar.gz -C $W/out .
