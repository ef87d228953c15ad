#pragma once
// Validators of numeric options shared by matchscope-cli and matchscope-mpi. CLI11's Range and
// NonNegativeNumber let NaN through (every comparison with it is false): floating options use finiteIn.

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

namespace ms::cli {

// OpenMP threads per process: beyond this the OpenMP runtime runs out of stacks long before it helps.
inline constexpr int kMaxThreads = 1024;

// Instances, repeats and warm-ups of a benchmark: a bound that keeps a typo from running for days.
inline constexpr int kMaxBenchRuns = 100000;

// Width and height of a rendered image: Vulkan guarantees 4096 and common devices 16384 per side.
inline constexpr int kMaxImageSide = 16384;

// A finite number in [lowest, highest]; NaN, infinities and text are refused naming the range.
CLI::Validator finiteIn(double lowest, double highest);

// Refuses (CLI::ValidationError naming the option) any output that is the input file itself, through links
// too, before anything is solved: the write would replace the instance with the result.
struct OutputOption {
  const char* option;
  std::string path;
};
void requireOutputsApartFromInput(const std::string& input, const std::vector<OutputOption>& outputs);

}  // namespace ms::cli
