// The batched solver: every problem of a CPU batch against a single solve of the same matrix (the tree
// Hungarian) and against its own dual certificate; infeasible problems flagged alone; the CUDA batch
// against the CPU batch (skips where no GPU is usable).
#include <QtTest/QtTest>

#include <algorithm>
#include <chrono>
#include <limits>
#include <random>

#include "solver/core/cuda_device.h"
#include "solver/lap/batch/batch_lap.h"
#include "solver/lap/batch/cpu/shortest_path.h"
#include "solver/lap/certificate.h"
#include "tests/lap/lap_test_support.h"

namespace ms::lap {
namespace {

// A batch of `count` random problems: integers in [-range, range) or reals in [0, 1) scaled by range, each
// entry forbidden with probability `forbiddenShare` (floating types only).
template <CostType T>
BatchCosts<T> randomBatch(int32_t count, int32_t n, int64_t range, double forbiddenShare, uint64_t seed) {
  BatchCosts<T> batch(count, n);
  std::mt19937_64 random(seed);
  std::bernoulli_distribution forbid(forbiddenShare);
  for (int32_t k = 0; k < count; ++k) {
    T* costs = batch.problem(k);
    for (int64_t e = 0; e < int64_t{n} * n; ++e) {
      if constexpr (std::is_integral_v<T>) {
        costs[e] = static_cast<T>(std::uniform_int_distribution<int64_t>(-range, range - 1)(random));
      } else {
        costs[e] = forbid(random)
                       ? std::numeric_limits<T>::infinity()
                       : static_cast<T>(std::uniform_real_distribution<double>(0, 1)(random) * range);
      }
    }
  }
  return batch;
}

template <CostType T>
double tolerance(const CostMatrix<T>& costs) {
  return 4 * static_cast<double>(zeroTolerance(costs));
}

// Integers exactly; floating optima to 1e-9 relative, or to the n x tolerance the Hungarian's zero test
// allows.
template <CostType T>
bool objectivesAgree(DualOf<T> got, DualOf<T> expected, const CostMatrix<T>& costs) {
  if constexpr (std::is_integral_v<T>) {
    return got == expected;
  } else {
    return std::abs(got - expected) <= std::max(1e-9 * std::abs(expected), costs.rows() * tolerance(costs));
  }
}

// Each problem: feasible exactly when a single solve is, the same optimum, and a valid certificate.
template <CostType T>
void checkAgainstSingleSolves(const BatchCosts<T>& batch, const BatchSolution<T>& solution,
                              const char* label) {
  for (int32_t k = 0; k < batch.count(); ++k) {
    const CostMatrix<T> single = batch.problemMatrix(k);
    auto solver = makeLapSolver(single, LapOptions{LapAlgorithm::Tree, Backend::Sequential});
    bool feasible = true;
    try {
      runToEnd(*solver);
    } catch (const InfeasibleError&) {
      feasible = false;
    }
    const std::string where = std::string(label) + " problem " + std::to_string(k);
    QVERIFY2(feasible == static_cast<bool>(solution.feasible[static_cast<std::size_t>(k)]), where.c_str());
    if (!feasible) continue;
    const DualOf<T> expected = solver->solution().objective;
    const DualOf<T> got = solution.objective[static_cast<std::size_t>(k)];
    QVERIFY2(objectivesAgree(got, expected, single),
             (where + ": " + std::to_string(got) + " != " + std::to_string(expected)).c_str());
    const CertificateReport report =
        checkCertificate(single, solution.problemRowToCol(k), solution.problemRowDual(k),
                         solution.problemColDual(k), tolerance(single));
    QVERIFY2(report.valid, (where + ": " + report.problem).c_str());
  }
}

template <CostType T>
void checkCpuBatch(int64_t range, double forbiddenShare) {
  const uint64_t seed = testing::baseSeed();
  for (const int32_t n : {1, 2, 3, 7, 16, 33, 64}) {
    const BatchCosts<T> batch = randomBatch<T>(40, n, range, forbiddenShare, seed + static_cast<uint64_t>(n));
    for (const Backend backend : {Backend::Sequential, Backend::Cpu}) {
      const BatchSolution<T> solution = solveBatch(batch, backend, 2);
      checkAgainstSingleSolves(batch, solution, backendName(backend).data());
    }
  }
}

}  // namespace

class TestLapBatch : public QObject {
  Q_OBJECT

 private slots:
  void int32SmallRange() { checkCpuBatch<int32_t>(3, 0); }  // many ties
  void int32() { checkCpuBatch<int32_t>(1000, 0); }
  void int64() { checkCpuBatch<int64_t>(int64_t{1} << 40, 0); }
  void float32() { checkCpuBatch<float>(100, 0); }
  void float64WithForbidden() { checkCpuBatch<double>(1, 0.3); }
  // Half the entries forbidden: many problems infeasible, each flagged without disturbing the others.
  void float64MostlyForbidden() { checkCpuBatch<double>(1, 0.6); }

  // The settle rule of the CUDA kernel's integer searches (every tied column in one step): exact, with a
  // valid certificate, the same objective, and fewer steps than one column per step on integer costs with
  // many ties.
  void tiedSettleRuleIsExactInFewerSteps() {
    const uint64_t seed = testing::baseSeed();
    for (const int32_t n : {1, 2, 7, 33, 64, 100}) {
      const BatchCosts<int32_t> batch =
          randomBatch<int32_t>(8, n, n / 2 + 1, 0, seed + static_cast<uint64_t>(n));
      ShortestPathLap<int32_t> one(n, SettleRule::One), tied(n, SettleRule::Tied);
      for (int32_t k = 0; k < batch.count(); ++k) {
        const CostMatrix<int32_t> single = batch.problemMatrix(k);
        std::vector<int32_t> rowToCol(static_cast<std::size_t>(n)), oneRowToCol(rowToCol);
        std::vector<int64_t> u(static_cast<std::size_t>(n)), v(u);
        QVERIFY(one.solve(single.data(), oneRowToCol.data(), u.data(), v.data()));
        QVERIFY(tied.solve(single.data(), rowToCol.data(), u.data(), v.data()));
        const CertificateReport report = checkCertificate(single, rowToCol, u, v, 0);
        QVERIFY2(report.valid, report.problem.c_str());
        int64_t objective = 0, oneObjective = 0;
        for (int32_t i = 0; i < n; ++i) {
          objective += single(i, rowToCol[static_cast<std::size_t>(i)]);
          oneObjective += single(i, oneRowToCol[static_cast<std::size_t>(i)]);
        }
        QCOMPARE(objective, oneObjective);
      }
      // Measured at the base seed: 661 against 1335 steps at n = 64, 1088 against 2307 at n = 100.
      if (n >= 64)
        QVERIFY2(
            3 * tied.steps() < 2 * one.steps(),
            qPrintable(QString("n = %1: %2 against %3 steps").arg(n).arg(tied.steps()).arg(one.steps())));
    }
  }

  void int64BeyondExactDualsRefused() {
    BatchCosts<int64_t> batch(1, 2);
    std::fill_n(batch.problem(0), 4, std::numeric_limits<int64_t>::max() / 2);
    QVERIFY_THROWS_EXCEPTION(SolveError, solveBatch(batch, Backend::Cpu, 1));
  }

  // Finite doubles whose sums would overflow to infinity: refused as the single solver refuses them.
  void floatBeyondFiniteSumsRefused() {
    BatchCosts<double> batch(2, 2);
    std::fill_n(batch.problem(0), 4, 1.0);
    std::fill_n(batch.problem(1), 4, 1e308);
    QVERIFY_THROWS_EXCEPTION(SolveError, solveBatch(batch, Backend::Cpu, 1));
  }

  void cudaMatchesCpu() {
    const CudaDeviceInfo& device = cudaDevice();
    if (!device.usable)
      QSKIP(qPrintable("no usable CUDA device (" + QString::fromStdString(device.reason) + ")"));
    const uint64_t seed = testing::baseSeed();
    for (const int32_t n : {1, 5, 31, 32, 33, 128, 300, 1024}) {
      const int32_t count = n >= 300 ? 8 : 64;
      compareCuda(randomBatch<int32_t>(count, n, n, 0, seed + 1), "int32");
      compareCuda(randomBatch<int64_t>(count, n, int64_t{1} << 36, 0, seed + 2), "int64");
      compareCuda(randomBatch<float>(count, n, 1, 0, seed + 3), "float32");
      compareCuda(randomBatch<double>(count, n, 1, 0.2, seed + 4), "float64 forbidden");
    }
  }

  // The CUDA batch goes in up to four chunks of at least 4 MiB of costs on as many streams: counts below, at
  // and off a multiple of four (1 to 4 chunks of unequal sizes), each problem's results back in its own
  // place (every third problem made infeasible by a forbidden row), and calls of growing and shrinking
  // sizes served from the same device pool.
  void cudaChunksKeepEachProblemInPlace() {
    const CudaDeviceInfo& device = cudaDevice();
    if (!device.usable)
      QSKIP(qPrintable("no usable CUDA device (" + QString::fromStdString(device.reason) + ")"));
    const uint64_t seed = testing::baseSeed();
    const int32_t n = 600;  // 2.9 MB a problem in doubles, 1.4 MB in int32
    for (const int32_t count : {1, 2, 5, 7, 13, 3}) {
      const uint64_t countSeed = seed + 100 * static_cast<uint64_t>(count);
      BatchCosts<double> reals = randomBatch<double>(count, n, 1, 0.1, countSeed);
      for (int32_t k = 1; k < count; k += 3)
        std::fill_n(reals.problem(k), n, std::numeric_limits<double>::infinity());
      compareCuda(reals, "float64 with infeasible problems");
      compareCuda(randomBatch<int32_t>(count, n, n, 0, countSeed + 1), "int32");
    }
  }

  // The batch's kernel time (CUDA events from the first chunk's launch to the last kernel's end) is part of
  // the whole solve's time and excludes the first upload and the downloads; the CPU backends report none.
  void cudaKernelTimeWithinTheSolve() {
    const BatchCosts<int32_t> batch = randomBatch<int32_t>(64, 200, 200, 0, testing::baseSeed());
    QCOMPARE(solveBatch(batch, Backend::Cpu, 2).kernelMs, 0.0);
    const CudaDeviceInfo& device = cudaDevice();
    if (!device.usable)
      QSKIP(qPrintable("no usable CUDA device (" + QString::fromStdString(device.reason) + ")"));
    solveBatch(batch, Backend::Cuda);  // the module's first load
    const auto start = std::chrono::steady_clock::now();
    const BatchSolution<int32_t> solution = solveBatch(batch, Backend::Cuda);
    const double wholeMs =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    QVERIFY2(solution.kernelMs > 0 && solution.kernelMs < wholeMs,
             qPrintable(QString("kernel %1 ms, whole solve %2 ms").arg(solution.kernelMs).arg(wholeMs)));
  }

 private:
  template <CostType T>
  void compareCuda(const BatchCosts<T>& batch, const char* label) {
    const BatchSolution<T> gpu = solveBatch(batch, Backend::Cuda);
    const BatchSolution<T> cpu = solveBatch(batch, Backend::Cpu, 2);
    for (int32_t k = 0; k < batch.count(); ++k) {
      const std::string where =
          std::string(label) + " n=" + std::to_string(batch.n()) + " problem " + std::to_string(k);
      QVERIFY2(gpu.feasible[static_cast<std::size_t>(k)] == cpu.feasible[static_cast<std::size_t>(k)],
               where.c_str());
      if (!cpu.feasible[static_cast<std::size_t>(k)]) continue;
      const CostMatrix<T> single = batch.problemMatrix(k);
      // Floating costs: both backends run shortest paths and choose columns by the same rule
      // (shortest_path_steps.h), so they return the same assignment.
      if constexpr (std::is_floating_point_v<T>)
        QVERIFY2(gpu.problemRowToCol(k) == cpu.problemRowToCol(k), where.c_str());
      QVERIFY2(objectivesAgree(gpu.objective[static_cast<std::size_t>(k)],
                               cpu.objective[static_cast<std::size_t>(k)], single),
               where.c_str());
      const CertificateReport report = checkCertificate(single, gpu.problemRowToCol(k), gpu.problemRowDual(k),
                                                        gpu.problemColDual(k), tolerance(single));
      QVERIFY2(report.valid, (where + ": " + report.problem).c_str());
    }
  }
};

}  // namespace ms::lap

QTEST_GUILESS_MAIN(ms::lap::TestLapBatch)
#include "test_lap_batch.moc"
