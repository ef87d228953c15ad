#!/usr/bin/env bash
# The heavy-block rule as landed ($COMMIT: 512 threads up to 32 heavy nodes per block, counters read only where
# needed) against the experiment build's 256 throughout and 512 up to 8 per block, per level, in one call, all
# with --coarsest-nodes 1 (every level down to brute force, as in the experiment); then the hypergraph suites.
set -u
COMMIT=${COMMIT:?}
out=$1; new=.device/pipe/matchscope-cli; exp=.device/exp/matchscope-cli
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader > $out/gpu.txt
mkdir -p /tmp/w
for inst in flickr wikipedia; do $new generate --problem hypergraph $inst --n 0 --seed 1 --output /tmp/w/$inst.hgr > /dev/null; done
summary=$out/heavy-rule.txt
for rep in 1 2; do
  for v in "$COMMIT" "exp-256" "exp-512-up-to-8-per-block"; do
    for inst in flickr wikipedia; do
      case $v in
        exp-256) cmd="env MS_HEAVY512=0 MS_READFIRST=0 $exp" ;;
        exp-512-up-to-8-per-block) cmd="env MS_HEAVY512=2 MS_READFIRST=0 $exp" ;;
        *) cmd=$new ;;
      esac
      $cmd solve --problem hypergraph --input /tmp/w/$inst.hgr --epsilon 0.03 --parts 2 --coarsen-with suitor --backend cuda --coarsest-nodes 1 --trace-out /tmp/t.csv > /tmp/r.txt 2>&1
      python3 - "$inst $v rep=$rep" /tmp/t.csv /tmp/r.txt >> $summary <<'PY'
import csv, sys, collections
first = {}; rest = collections.defaultdict(float); total = collections.defaultdict(float)
for r in csv.DictReader(open(sys.argv[2])):
    total[r['phase']] += int(r['wall_ns']) / 1e6
    if r['phase'] == 'suitor_proposals':
        l = int(r['level'])
        if l not in first: first[l] = int(r['device_ns']) / 1e6
        else: rest[l] += int(r['device_ns']) / 1e6
km1 = [l.strip() for l in open(sys.argv[3]) if l.startswith('km1')]
print(sys.argv[1], ' '.join(km1), 'suitor_proposals wall %.0f ms, device %.0f ms' % (total['suitor_proposals'], sum(first.values()) + sum(rest.values())))
print('  first', [round(first[l], 1) for l in sorted(first)])
print('  rest ', [round(rest[l], 1) for l in sorted(first)])
PY
    done
  done
done
mkdir -p /tmp/qtrt /tmp/qtlib; for deb in .device/ck/qtrt/*.deb; do dpkg -x $deb /tmp/qtrt; done
for lib in /tmp/qtrt/usr/lib/x86_64-linux-gnu/*.so.* /tmp/qtrt/lib/x86_64-linux-gnu/*.so.*; do [ -e "$lib" ] || continue; ldconfig -p | grep -q "^[[:space:]]$(basename "$lib") " || ln -sf "$lib" /tmp/qtlib/; done
for t in test_hypergraph_io test_hypergraph_algorithms test_hypergraph_cuda; do LD_LIBRARY_PATH=/tmp/qtlib .device/pipe/$t > /tmp/$t.log 2>&1; echo "$t exit $?"; grep -E "^(FAIL|Totals)" /tmp/$t.log; done
cat /tmp/test_hypergraph_*.log > $out/tests.txt
grep -v "^  " $summary
