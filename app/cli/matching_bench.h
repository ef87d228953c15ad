#pragma once
// `bench --preset roma-cpu|roma-gpu`: Hovland's experiments (Chapter 5) over the three weight distributions:
// time per ROMA phase, speedup over sequential ROMA, gap to LEMON's optimum, and on a GPU how a phase
// compares with reading the weight matrix once at the device's copy bandwidth. The subcommand and its shared
// options live in bench_command.cpp.

#include <CLI/CLI.hpp>
#include <memory>
#include <string>
#include <vector>

namespace ms::cli {

// Options of `bench` that only the matching presets use (empty = the preset's choice).
struct MatchingBenchOptions {
  std::vector<std::string> distributions;  // uniform, exponential, geometric
  // "max" (Hovland's experiments, whatever the distribution) or "min"; the same for every instance, so the
  // presets stay comparable with the thesis.
  std::string objective = "max";
  // ALGORITHM[:BACKEND[:INIT]], e.g. roma, greedy, parallel-roma-2:cuda, parallel-roma-2:cuda:greedy
  std::vector<std::string> configs;
  int32_t maxPhases = -1;
  int32_t flipRetries = 0;
  int32_t cpuUpTo = 0;     // largest n for configurations with CPU work (greedy, roma, cpu, greedy start)
  int32_t greedyUpTo = 0;  // largest n for greedy and greedy starts (slow on large geometric graphs)
  int32_t exactUpTo = 0;   // largest n solved by LEMON for the gap (uniform, exponential)
  int32_t exactGeometricUpTo = 0;  // the same for geometric graphs, which LEMON solves far more slowly
  int32_t boundUpTo = 0;           // largest n given the bipartite relaxation's upper bound on the optimum
};

// What the matching presets take from the options `bench` shares with the LAP presets.
struct SharedBenchSettings {
  std::string preset;
  std::vector<int32_t> sizes;
  std::vector<int> threads;
  int instances = 0;
  int repeats = 0;
  std::string output;
};

inline bool isMatchingPreset(const std::string& preset) {
  return preset == "roma-cpu" || preset == "roma-gpu";
}
inline constexpr const char* kMatchingPresetHelp =
    "roma-cpu: n=1024..4096, three distributions, greedy/ROMA/parallel ROMA on the CPU, gap to LEMON; "
    "roma-gpu: n=1024..73728, parallel ROMA 1 and 2 on CUDA against sequential ROMA (up to 32768), gap to "
    "LEMON "
    "(up to 4096; geometric 2048) and an upper bound on it from the bipartite relaxation (up to 8192), phase "
    "time "
    "over one read of the matrix";

std::shared_ptr<MatchingBenchOptions> addMatchingBenchOptions(CLI::App& bench);
void runMatchingBench(const SharedBenchSettings& shared, const MatchingBenchOptions& options);

}  // namespace ms::cli
