#include "app/cli/batch_commands.h"

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <random>
#include <variant>

#include "app/cli/bench_support.h"
#include "app/cli/instance_options.h"
#include "solver/core/csv_table.h"
#include "solver/core/cuda_device.h"
#include "solver/core/errors.h"
#include "solver/core/number_format.h"
#include "solver/core/provenance.h"
#include "solver/lap/batch/batch_lap.h"
#include "solver/lap/certificate.h"
#include "solver/lap/io/matrix_io.h"

namespace ms::cli {
namespace {

// Every problem's certificate; the first failure, or "" when all hold.
template <lap::CostType T>
std::string certificateProblem(const lap::BatchCosts<T>& costs, const lap::BatchSolution<T>& solution) {
  for (int32_t k = 0; k < costs.count(); ++k) {
    if (!solution.feasible[static_cast<std::size_t>(k)]) continue;
    const lap::CostMatrix<T> single = costs.problemMatrix(k);
    const lap::CertificateReport report = lap::checkCertificate(
        single, solution.problemRowToCol(k), solution.problemRowDual(k), solution.problemColDual(k),
        4 * static_cast<double>(lap::zeroTolerance(single)));
    if (!report.valid) return "problem " + std::to_string(k) + ": " + report.problem;
  }
  return "";
}

template <lap::CostType T>
lap::DualOf<T> objectiveSum(const lap::BatchSolution<T>& solution) {
  lap::DualOf<T> sum = 0;
  for (const auto objective : solution.objective) sum += objective;
  return sum;
}

struct TimedBatch {
  double ms;
  double kernelMs = 0;  // CUDA: the kernels' span (BatchSolution::kernelMs); 0 on the CPU
  std::string objectiveSum;
  std::string certificate;
  int32_t infeasible = 0;
};

// Host arrays in, host results out: upload, solve and download are inside the timer.
template <lap::CostType T>
TimedBatch timeBatch(const lap::BatchCosts<T>& costs, lap::Backend backend, int threads, bool verify) {
  const auto start = std::chrono::steady_clock::now();
  const lap::BatchSolution<T> solution = lap::solveBatch(costs, backend, threads);
  TimedBatch timed;
  timed.ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  timed.kernelMs = solution.kernelMs;
  timed.objectiveSum = formatNumber(objectiveSum(solution));
  for (const uint8_t feasible : solution.feasible) timed.infeasible += feasible ? 0 : 1;
  if (verify) timed.certificate = certificateProblem(costs, solution);
  return timed;
}

// b problems of n x n: integers uniform in [0, n), or doubles uniform in [0, 1).
template <lap::CostType T>
lap::BatchCosts<T> randomBatch(int32_t count, int32_t n, uint64_t seed) {
  lap::BatchCosts<T> costs(count, n);
  std::mt19937_64 random(seed);
  std::uniform_int_distribution<int32_t> integer(0, n - 1);
  std::uniform_real_distribution<double> real(0, 1);
  T* data = costs.problem(0);
  for (int64_t e = 0; e < costs.stacked().size(); ++e) {
    if constexpr (std::is_integral_v<T>) {
      data[e] = integer(random);
    } else {
      data[e] = real(random);
    }
  }
  return costs;
}

}  // namespace

void solveBatchFile(const BatchSolveOptions& options) {
  std::string notice;
  const lap::Backend backend = lap::resolveBackend(lap::parseBackend(options.backend), &notice);
  if (!notice.empty()) std::fprintf(stderr, "matchscope-cli: notice: %s\n", notice.c_str());
  int32_t problems = 0;
  lap::AnyCostMatrix stacked = lap::readNpyBatch(options.file, &problems);
  std::visit(
      [&](auto& matrix) {
        using T = typename std::decay_t<decltype(matrix)>::value_type;
        const int32_t rows = matrix.rows() / problems, cols = matrix.cols();
        const lap::BatchCosts<T> costs = lap::BatchCosts<T>::fromStacked(std::move(matrix), problems);
        std::printf("batch: %s (%d problems of %d x %d, %s)\n", options.file.c_str(), problems, rows, cols,
                    std::string(lap::costTypeName<T>()).c_str());
        std::printf("backend: %s\n", std::string(lap::backendName(backend)).c_str());
        const TimedBatch timed = timeBatch(costs, backend, options.threads, options.verify);
        std::printf("objective_sum: %s\n", timed.objectiveSum.c_str());
        std::printf("infeasible: %d\n", timed.infeasible);
        std::printf("time_ms: %.3f\n", timed.ms);
        if (backend == lap::Backend::Cuda) std::printf("kernel_ms: %.3f\n", timed.kernelMs);
        if (options.verify) {
          std::printf("certificates: %s\n", timed.certificate.empty() ? "valid" : timed.certificate.c_str());
          if (!timed.certificate.empty())
            throw SolveError("the dual certificate does not hold: " + timed.certificate);
        }
      },
      stacked);
}

namespace {

// One batch of the bench: generated, or read from a 3-D .npy.
struct BenchBatch {
  std::string label;  // "integer" / "real", or the file name
  int32_t count = 0, n = 0;
  std::variant<lap::BatchCosts<int32_t>, lap::BatchCosts<int64_t>, lap::BatchCosts<float>,
               lap::BatchCosts<double>>
      costs;
};

std::vector<BenchBatch> benchBatches(const BatchBenchOptions& options) {
  std::vector<BenchBatch> batches;
  for (const std::string& file : options.inputs) {
    int32_t problems = 0;
    lap::AnyCostMatrix stacked = lap::readNpyBatch(file, &problems);
    std::visit(
        [&](auto& matrix) {
          using T = typename std::decay_t<decltype(matrix)>::value_type;
          auto costs = lap::BatchCosts<T>::fromStacked(std::move(matrix), problems);
          const int32_t n = costs.n();
          batches.push_back({std::filesystem::path(file).filename().string(), problems, n, std::move(costs)});
        },
        stacked);
  }
  if (!options.inputs.empty()) return batches;
  for (const auto& [count, n] : {std::pair{16, 300}, {256, 256}, {1024, 128}, {64, 1000}}) {
    const uint64_t seed = static_cast<uint64_t>(count) * 1000 + static_cast<uint64_t>(n);
    batches.push_back({"integer", count, n, randomBatch<int32_t>(count, n, seed)});
    batches.push_back({"real", count, n, randomBatch<double>(count, n, seed)});
  }
  return batches;
}

}  // namespace

void runBatchBench(BatchBenchOptions options) {
  const CudaDeviceInfo& device = cudaDevice();  // the CUDA context exists before any timer starts
  if (options.backends.empty()) {
    if (device.usable) options.backends.push_back("cuda");
    options.backends.push_back("cpu");
  }
  if (options.threads.empty()) options.threads = {lap::cpuThreads(0)};
  if (options.repeats == 0) options.repeats = 5;
  if (options.output.empty()) options.output = "bench-batch.csv";
  // time_ms: host arrays in, host results out (allocation, upload, launch, download); kernel_ms (CUDA
  // only): from the first chunk's launch to the last kernel's end, timed by CUDA events.
  CsvTable table({"device", "preset", "problems", "n", "costs", "backend", "threads", "repeat", "time_ms",
                  "kernel_ms", "objective_sum", "infeasible", "certificates"});
  addProvenanceColumns(table);
  std::string failure;
  for (const BenchBatch& batch : benchBatches(options)) {
    std::visit(
        [&](const auto& costs) {
          std::string firstObjective;
          for (const std::string& backendName : options.backends) {
            const lap::Backend backend = lap::parseBackend(backendName);
            for (const int threads : backendName == "cpu" ? options.threads : std::vector<int>{1}) {
              timeBatch(costs, backend, threads, false);  // warm-up: allocations, the kernel's first launch
              std::vector<double> times, kernelTimes;
              for (int repeat = 0; repeat < options.repeats; ++repeat) {
                const TimedBatch timed = timeBatch(costs, backend, threads, repeat == 0);
                if (firstObjective.empty()) firstObjective = timed.objectiveSum;
                if (timed.objectiveSum != firstObjective && failure.empty())
                  failure = "backends disagree on " + batch.label + " " + std::to_string(batch.count) +
                            " x " + std::to_string(batch.n);
                if (!timed.certificate.empty() && failure.empty()) failure = timed.certificate;
                times.push_back(timed.ms);
                kernelTimes.push_back(timed.kernelMs);
                CsvTable::Row& row = table.addRow();
                row.set("device", deviceName(backend, threads)).set("preset", "batch");
                row.set("problems", batch.count).set("n", batch.n).set("costs", batch.label);
                row.set("backend", backendName).set("threads", threads).set("repeat", repeat);
                row.set("time_ms", timed.ms).set("objective_sum", timed.objectiveSum);
                if (backend == lap::Backend::Cuda) row.set("kernel_ms", timed.kernelMs);
                row.set("infeasible", timed.infeasible);
                if (repeat == 0) row.set("certificates", timed.certificate.empty() ? "valid" : "invalid");
              }
              std::printf("  %4d x %4d %-28s %-4s threads=%-3d median %10.3f ms", batch.count, batch.n,
                          batch.label.c_str(), backendName.c_str(), threads, median(times));
              if (backend == lap::Backend::Cuda) std::printf(" (kernel %.3f ms)", median(kernelTimes));
              std::printf("\n");
            }
          }
        },
        batch.costs);
  }
  table.writeFile(options.output);
  std::printf("wrote %s\n", options.output.c_str());
  if (!failure.empty()) throw SolveError(failure);
}

}  // namespace ms::cli
