// HyLAC's stream solver on the 3-D .npy batches MatchScope and scipy solve
// (bench/device/run_batch_compare.sh), so that all three time the very same instances. Built where HyLAC's
// source is given (HYLAC_SOURCE_DIR).
//
//   hylac_batch OUT.csv REPEATS FILE.npy...
//
// Per file: one warm-up solve, then REPEATS timed ones, each from the batch in host memory to the
// assignments in host memory (time_ms: TLAP construction, allocation, upload, solve, download, freeing;
// the CUDA context exists before). solve_ms is TLAP::solve alone (hylac_stream.h). The objective of each
// problem is summed on the host from its assignment and the costs read (int64 or double), and every
// assignment is checked to be a permutation.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <type_traits>
#include <variant>
#include <vector>

#include "bench/lap/hylac_stream.h"
#include "solver/core/csv_table.h"
#include "solver/core/cuda_device.h"
#include "solver/core/errors.h"
#include "solver/core/provenance.h"
#include "solver/lap/io/matrix_io.h"

namespace {

// HyLAC's src/Hung.cu refuses larger problems ("implementation not ready yet").
constexpr int32_t kHylacMaxN = 512;

template <class T>
struct Checked {
  std::conditional_t<std::is_integral_v<T>, int64_t, double> objectiveSum = 0;
  int32_t permutations = 0;  // problems whose assignment uses every column once
};

template <class T>
Checked<T> check(const T* costs, int32_t count, int32_t n, const std::vector<int32_t>& rowToCol) {
  Checked<T> checked;
  for (int32_t k = 0; k < count; ++k) {
    std::vector<bool> used(static_cast<std::size_t>(n), false);
    bool permutation = true;
    for (int32_t i = 0; i < n; ++i) {
      const std::size_t row = static_cast<std::size_t>(k) * n + static_cast<std::size_t>(i);
      const int32_t col = rowToCol[row];
      if (col < 0 || col >= n || used[static_cast<std::size_t>(col)]) {
        permutation = false;
        continue;
      }
      used[static_cast<std::size_t>(col)] = true;
      checked.objectiveSum += costs[row * static_cast<std::size_t>(n) + static_cast<std::size_t>(col)];
    }
    checked.permutations += permutation ? 1 : 0;
  }
  return checked;
}

double median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  const std::size_t middle = values.size() / 2;
  return values.size() % 2 == 1 ? values[middle] : (values[middle - 1] + values[middle]) / 2;
}

// n of a batch HyLAC's stream solver takes: square problems of n <= 512 (a one-line error otherwise).
template <class T>
int32_t hylacProblemSize(const std::filesystem::path& file, const ms::lap::CostMatrix<T>& stacked,
                         int32_t count) {
  if (count == 0) throw ms::InputError(file.string(), "header", "the batch holds no problem");
  const int32_t n = stacked.rows() / count;
  if (n != stacked.cols())
    throw ms::InputError(file.string(), "header", "HyLAC's stream solver takes square problems only");
  if (n > kHylacMaxN)
    throw ms::InputError(file.string(), "header",
                         "n = " + std::to_string(n) + " exceeds HyLAC's stream solver's limit of 512");
  return n;
}

template <class T>
void timeFile(const std::filesystem::path& file, const ms::lap::CostMatrix<T>& stacked, int32_t count,
              int32_t n, int repeats, const std::string& device, ms::CsvTable& table) {
  using Hylac = std::conditional_t<std::is_same_v<T, int32_t>, int, T>;  // HyLAC's `data`: int, float, double
  const Hylac* costs = stacked.data();
  solveWithHylacStream(costs, count, n);  // warm-up: the module's first load, first allocations
  std::vector<double> times, solveTimes;
  for (int repeat = 0; repeat < repeats; ++repeat) {
    const auto start = std::chrono::steady_clock::now();
    const HylacStreamRun run = solveWithHylacStream(costs, count, n);
    const double ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    const Checked<T> checked = check(stacked.data(), count, n, run.rowToCol);
    ms::CsvTable::Row& row = table.addRow();
    row.set("device", device).set("file", file.filename().string()).set("problems", count).set("n", n);
    row.set("costs", std::string(ms::lap::costTypeName<T>())).set("repeat", repeat);
    row.set("time_ms", ms).set("solve_ms", run.solveMs);
    row.set("objective_sum", checked.objectiveSum).set("permutations", checked.permutations);
    times.push_back(ms);
    solveTimes.push_back(run.solveMs);
    if (checked.permutations != count)
      std::fprintf(stderr, "hylac_batch: %s repeat %d: %d of %d assignments are not permutations\n",
                   file.string().c_str(), repeat, count - checked.permutations, count);
  }
  std::printf("  %s: %d x %d %s, median %.3f ms (solve %.3f ms)\n", file.filename().c_str(), count, n,
              std::string(ms::lap::costTypeName<T>()).c_str(), median(times), median(solveTimes));
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 4) {
    std::fprintf(stderr, "usage: %s OUT.csv REPEATS FILE.npy...\n", argv[0]);
    return 2;
  }
  try {
    const int repeats = std::atoi(argv[2]);
    if (repeats <= 0) throw ms::InputError("command line", "REPEATS", "must be a positive count");
    std::string device;
    ms::CsvTable table({"device", "file", "problems", "n", "costs", "repeat", "time_ms", "solve_ms",
                        "objective_sum", "permutations"});
    ms::addProvenanceColumns(table);
    for (int a = 3; a < argc; ++a) {
      const std::filesystem::path file = argv[a];
      int32_t count = 0;
      // The batch lands in page-locked memory, as matchscope-cli's does: the CUDA probe installs the
      // project's cached page-locked allocator before the read (uploads from pageable memory are far slower).
      if (!ms::cudaDevice().usable) throw ms::SolveError("no usable GPU: " + ms::cudaDevice().reason);
      ms::lap::AnyCostMatrix stacked = ms::lap::readNpyBatch(file, &count);
      std::visit(
          [&](auto& matrix) {
            using T = typename std::decay_t<decltype(matrix)>::value_type;
            if constexpr (std::is_same_v<T, int64_t>) {
              throw ms::InputError(file.string(), "header",
                                   "HyLAC's cost types are int32, float32 and float64");
            } else {
              const int32_t n = hylacProblemSize(file, matrix, count);
              if (device.empty()) device = hylacDeviceName();  // the CUDA context exists before any timer
              timeFile(file, matrix, count, n, repeats, device, table);
            }
          },
          stacked);
    }
    table.writeFile(argv[1]);
    std::printf("wrote %s\n", argv[1]);
  } catch (const std::exception& error) {
    std::fprintf(stderr, "hylac_batch: %s\n", error.what());
    return 1;
  }
  return 0;
}
