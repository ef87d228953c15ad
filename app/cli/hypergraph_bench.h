#pragma once
// `bench --preset hypergraph`: the paper's Table III. One coarsening level (the coarsening map) of the four
// Table II profiles and of the 700,000 x 700,000 heavy-column matrix, by sequential Mondriaan + greedy
// matching (the paper's reference) against suitor matching on the GPU (and on OpenMP with --threads). The
// subcommand and its shared options live in bench_command.cpp.

#include <CLI/CLI.hpp>
#include <memory>

#include "app/cli/matching_bench.h"

namespace ms::cli {

struct HypergraphBenchOptions {
  int32_t scale = 0;       // profiles at original size / scale (0 = the preset's choice, 1)
  int32_t heavySize = -1;  // heavy-column matrix size (-1 = the paper's 700,000; 0 = leave out)
};

inline bool isHypergraphPreset(const std::string& preset) {
  return preset == "hypergraph";
}
inline constexpr const char* kHypergraphPresetHelp =
    "hypergraph: one coarsening level of the Table II profiles (original size / --scale) and the 700k "
    "heavy-column "
    "matrix, sequential greedy (the paper's reference) against suitor matching on CUDA (and OpenMP with "
    "--threads) "
    "(Table III)";

std::shared_ptr<HypergraphBenchOptions> addHypergraphBenchOptions(CLI::App& bench);
void runHypergraphBench(const SharedBenchSettings& shared, const HypergraphBenchOptions& options);

}  // namespace ms::cli
