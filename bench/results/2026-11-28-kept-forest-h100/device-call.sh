# Device call 29 (2026-11-28): the search preset in full for 422bd2d (forest kept) with a profiled solve per
# configuration, fdb7edf's build (main: 911ac05's search code, its PTX identical) on the same preset, then the
# integer ranges twice more, the builds interleaved. BUNDLE = .device/s24 (matchscope-cli, matchscope-cli-main).
INTERLEAVE=2 CHECKS=0 bash bench/device/run_search_checks.sh .device/s24 "$OUT"
