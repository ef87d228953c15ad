# Device call 3: bench/device/run_search_checks.sh with BUNDLE = .device/s24 (matchscope-cli of this change,
# matchscope-cli-main of 481503a, test_lap_cuda, qtrt/*.deb, qt_runtime.sh, summarize_search_profile.py).
bash bench/device/run_search_checks.sh .device/s24 /tmp/o3
