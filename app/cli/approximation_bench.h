#pragma once
// `bench --preset approximation|auction-gpu`: the experiments of greedy-lap-approximation.txt and the
// auction.
//   approximation: standard exponential matrices (120 per n), approximation factor (mean cost / mean optimum
//     of the Hungarian solver) of random, greedy naive, greedy and auction against the theory curves
//     (greedy H_n / H_n^(2), random n / H_n^(2)), and median running time on one thread with the fitted
//     exponent. Writes the summary CSV, the per-instance CSV beside it, and the two PNG plots through
//     matchscope-plot when that tool is built beside matchscope-cli.
//   auction-gpu: the CUDA auction beside the Hungarian CUDA solvers on the same instances (real U[0,1) at
//     n = 10000; integers in [0,n) and [0,10n) at n = 10000 and 20000), with its distance to the optimum.

#include <cstdint>
#include <string>
#include <vector>

namespace ms::cli {

inline bool isApproximationPreset(const std::string& preset) {
  return preset == "approximation" || preset == "auction-gpu";
}
inline constexpr const char* kApproximationPresetHelp =
    "approximation: 120 exponential matrices per n = 10..2000, approximation factor of random, greedy-naive, "
    "greedy, auction against theory, time vs n with fitted exponents, plots via matchscope-plot; "
    "auction-gpu: CUDA auction vs Hungarian CUDA (real n=10000; [0,n), [0,10n) at n=10000, 20000)";

struct ApproximationBenchSettings {
  std::string preset;
  std::vector<int32_t> sizes;  // empty = the preset's
  int instances = 0;           // 0 = the preset's (approximation: 120)
  int repeats = 0;             // auction-gpu: timed runs per configuration (0 = 3)
  std::string output;          // summary CSV (default bench-<preset>.csv)
};

void runApproximationBench(const ApproximationBenchSettings& settings);

}  // namespace ms::cli
