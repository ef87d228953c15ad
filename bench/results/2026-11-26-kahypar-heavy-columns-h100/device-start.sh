#!/usr/bin/env bash
# Copies what the side by side needs to /tmp/wk (the working tree is replaced at each call) and starts it
# detached: Mt-KaHyPar's build, then run_kahypar_compare.sh run on wikipedia-like at k = 8.
set -u
W=/tmp/wk
rm -rf $W && mkdir -p $W/repo
cp -r bench $W/repo/ && cp -r .device/wk/deps .device/wk/matchscope-cli $W/
cat > $W/driver.sh <<DRIVER
cd $W/repo
echo running > $W/status
COMMIT=$1 ONLY=${2:-wikipedia} KS="${3:-8}" OBJECTIVES=km1 SEEDS=1 MS_ARGS="--backend cpu" \
  bash bench/device/run_kahypar_compare.sh run $W/mtk $W/matchscope-cli $W/out 16 > $W/run.log 2>&1
echo "done rc=\$?" > $W/status
DRIVER
(cd $W/repo && bash bench/device/run_kahypar_compare.sh build $W/deps $W/mtk > $W/build.log 2>&1) || { tail -20 $W/build.log; exit 1; }
tail -2 $W/build.log
setsid nohup bash $W/driver.sh > $W/driver.log 2>&1 < /dev/null &
sleep 2; cat $W/status
