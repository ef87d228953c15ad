#pragma once
// Batches of small LAPs from the command line: `solve --batch FILE.npy` and `bench --preset batch`.

#include <string>
#include <vector>

namespace ms::cli {

struct BatchSolveOptions {
  std::string file;  // a 3-D .npy (problems, rows, cols)
  std::string backend = "auto";
  int threads = 0;
  bool verify = false;
};
void solveBatchFile(const BatchSolveOptions& options);

inline constexpr const char* kBatchPresetHelp =
    "batch: b x n = 16 x 300, 256 x 256, 1024 x 128, 64 x 1000, integer [0,n) and real U[0,1) costs, "
    "timed from host arrays to host results (or the 3-D .npy batches given with --npy)";
struct BatchBenchOptions {
  std::vector<std::string> backends;  // default: cuda when usable, and cpu
  std::vector<int> threads;           // cpu: default all cores
  int repeats = 0;                    // default 5
  std::string output;
  std::vector<std::string> inputs;  // 3-D .npy batches timed instead of the preset's generated ones
};
void runBatchBench(BatchBenchOptions options);

}  // namespace ms::cli
