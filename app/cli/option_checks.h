#pragma once
// Validators of numeric options shared by matchscope-cli and matchscope-mpi. CLI11's Range and
// NonNegativeNumber let NaN through (every comparison with it is false) and describe a refusal with the
// 309-digit expansion of the double's maximum; these refuse in one short line naming the value and the range
// ("--n: expected an integer >= 0, got 'x1'"), and an integer option's range ends at its type's limit, so a
// value the option cannot hold is refused here rather than by CLI11's conversion.

#include <CLI/CLI.hpp>
#include <concepts>
#include <cstdint>
#include <limits>
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
// A finite number >= lowest (or > lowest when `strictly`).
CLI::Validator finiteAtLeast(double lowest, bool strictly = false);

// A decimal integer in [lowest, highest]; text, fractions and values outside are refused naming the range.
// `highest` is the option type's largest value when the option has no upper bound of its own: the
// message then reads ">= lowest".
CLI::Validator integerRange(int64_t lowest, uint64_t highest, bool highestIsTypeLimit);

// An option of integer type T with values in [lowest, highest].
template <std::integral T>
CLI::Validator integerIn(T lowest, T highest) {
  return integerRange(static_cast<int64_t>(lowest), static_cast<uint64_t>(highest), false);
}
// An option of integer type T with values >= lowest, up to T's largest value.
template <std::integral T>
CLI::Validator integerAtLeast(T lowest) {
  return integerRange(static_cast<int64_t>(lowest), static_cast<uint64_t>(std::numeric_limits<T>::max()),
                      true);
}

// Outputs are written in the format their name says, so that the project's readers (and anyone else) read
// them back as what they are: an extension outside the option's list is refused in one line before anything
// is solved (a hypergraph written as h.mtx was .hgr text that the .mtx reader refused; a render to r.jpg
// was a PNG). Standard output ("-") and devices (/dev/...) have no name to go by and are taken as they are.
inline const std::vector<std::string> kCsvFile = {".csv"};
inline const std::vector<std::string> kPngFile = {".png"};
inline const std::vector<std::string> kCostMatrixFile = {".npy", ".txt"};
inline const std::vector<std::string> kGraphFile = {".npy", ".txt", ".points", ".pts"};
inline const std::vector<std::string> kHypergraphFile = {".hgr"};
inline const std::vector<std::string> kPartitionFile = {".part", ".txt"};
void requireOutputFormat(const char* option, const std::string& path,
                         const std::vector<std::string>& extensions);
CLI::Validator outputFormat(const std::vector<std::string>& extensions);

// Refuses (CLI::ValidationError naming the option) any output that is the input file itself, through links
// too, before anything is solved: the write would replace the instance with the result.
struct OutputOption {
  const char* option;
  std::string path;
};
void requireOutputsApartFromInput(const std::string& input, const std::vector<OutputOption>& outputs);

}  // namespace ms::cli
