// The CUDA backend of both Hungarian variants against independent references: its own dual certificate,
// the sequential CPU kernel set on the same instance, brute force for n <= 9, infeasibility, snapshots
// taken step by step, and the device times in the trace. Skips where no GPU is usable (CI).
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <random>
#include <string>
#include <variant>

#include "solver/core/cuda_device.h"
#include "solver/core/errors.h"
#include "solver/core/trace.h"
#include "solver/lap/certificate.h"
#include "solver/lap/cuda/cuda_kernels.h"
#include "solver/lap/generators.h"
#include "solver/lap/hungarian.h"
#include "solver/lap/lap_solver.h"

namespace {

using namespace ms;
using namespace ms::lap;

constexpr LapAlgorithm kVariants[] = {LapAlgorithm::Classical, LapAlgorithm::Tree};

struct GeneratorCase {
  Generator generator;
  CostRange range;
};
constexpr GeneratorCase kGenerators[] = {
    {Generator::Uniform, CostRange::TenthN}, {Generator::Uniform, CostRange::N}, {Generator::Uniform, CostRange::TenN},
    {Generator::Real, CostRange::N},         {Generator::Exponential, CostRange::N},
    {Generator::Euclidean, CostRange::N}};

std::string describe(const GeneratorCase& c, int32_t n, uint64_t seed) {
  std::string text = std::string(generatorName(c.generator));
  if (c.generator == Generator::Uniform) text += " range " + std::string(costRangeName(c.range));
  return text + " n=" + std::to_string(n) + " seed=" + std::to_string(seed);
}

AnyCostMatrix generateCase(const GeneratorCase& c, int32_t n, uint64_t seed) {
  return generate(GeneratorSpec{c.generator, n, c.range, seed});
}

template <CostType T>
LapSolution<T> solve(const CostMatrix<T>& costs, LapAlgorithm algorithm, Backend backend, Trace* trace = nullptr) {
  LapOptions options;
  options.algorithm = algorithm;
  options.backend = backend;
  auto solver = makeLapSolver(costs, options);
  Trace steps = runToEnd(*solver);
  if (trace != nullptr) *trace = std::move(steps);
  return solver->solution();
}

template <CostType T>
double certificateTolerance(const CostMatrix<T>& costs) {
  return 4 * static_cast<double>(zeroTolerance(costs));
}

// Integer objectives are exact; floating ones agree to within the documented n * tolerance.
template <CostType T>
bool sameObjective(DualOf<T> a, DualOf<T> b, const CostMatrix<T>& costs) {
  if constexpr (std::is_integral_v<T>) {
    return a == b;
  } else {
    const double slack = costs.rows() * certificateTolerance(costs) + 1e-12 * std::max(1.0, std::abs(a));
    return std::abs(a - b) <= slack;
  }
}

template <CostType T>
DualOf<T> assignmentCost(const CostMatrix<T>& costs, const std::vector<int32_t>& rowToCol) {
  DualOf<T> total = 0;
  for (int32_t i = 0; i < costs.rows(); ++i) total += static_cast<DualOf<T>>(costs(i, rowToCol[i]));
  return total;
}

std::string numberText(double value) { return QString::number(value, 'g', 17).toStdString(); }

// Both CUDA variants on one instance: certificate, reported objective = cost of the assignment, the
// sequential CPU optimum, and the brute-force optimum for n <= 9. Returns the first problem ("" if none).
template <CostType T>
std::string checkInstance(const CostMatrix<T>& costs, const std::string& label) {
  const LapSolution<T> cpu = solve(costs, LapAlgorithm::Tree, Backend::Sequential);
  const bool small = costs.rows() <= 9;
  const DualOf<T> brute = small ? solve(costs, LapAlgorithm::Brute, Backend::Sequential).objective : DualOf<T>{};
  for (LapAlgorithm algorithm : kVariants) {
    const std::string where = label + " " + std::string(algorithmName(algorithm)) + "/cuda: ";
    const LapSolution<T> gpu = solve(costs, algorithm, Backend::Cuda);
    const CertificateReport report =
        checkCertificate(costs, gpu.rowToCol, gpu.rowDual, gpu.colDual, certificateTolerance(costs));
    if (!report.valid) return where + "certificate: " + report.problem;
    if (gpu.objective != assignmentCost(costs, gpu.rowToCol)) return where + "objective is not the assignment's cost";
    if (!sameObjective(gpu.objective, cpu.objective, costs)) {
      return where + "objective " + numberText(gpu.objective) + " != CPU " + numberText(cpu.objective);
    }
    if (small && !sameObjective(gpu.objective, brute, costs)) {
      return where + "objective " + numberText(gpu.objective) + " != brute force " + numberText(brute);
    }
  }
  return "";
}

std::string checkAnyInstance(const AnyCostMatrix& costs, const std::string& label) {
  return std::visit([&](const auto& matrix) { return checkInstance(matrix, label); }, costs);
}

// The same instance in the other cost type of its kind: int32 -> int64 shifted past 2^32 (so 32-bit
// arithmetic would show), double -> float.
CostMatrix<int64_t> widened(const CostMatrix<int32_t>& costs) {
  CostMatrix<int64_t> out(costs.rows(), costs.cols());
  for (int64_t k = 0; k < costs.size(); ++k) out.data()[k] = int64_t{5'000'000'000} + 3 * int64_t{costs.data()[k]};
  return out;
}
CostMatrix<float> narrowed(const CostMatrix<double>& costs) {
  CostMatrix<float> out(costs.rows(), costs.cols());
  for (int64_t k = 0; k < costs.size(); ++k) out.data()[k] = static_cast<float>(costs.data()[k]);
  return out;
}

// A real instance with about `share` of its entries forbidden, kept feasible by one random permutation.
CostMatrix<double> withForbiddenEntries(int32_t n, double share, uint64_t seed) {
  CostMatrix<double> costs = std::get<CostMatrix<double>>(generate(GeneratorSpec{Generator::Real, n, {}, seed}));
  std::mt19937_64 random(seed * 7919 + 1);
  std::bernoulli_distribution forbid(share);
  std::vector<int32_t> keep(static_cast<std::size_t>(n));
  std::iota(keep.begin(), keep.end(), 0);
  std::shuffle(keep.begin(), keep.end(), random);
  for (int32_t i = 0; i < n; ++i) {
    for (int32_t j = 0; j < n; ++j) {
      if (j != keep[i] && forbid(random)) costs(i, j) = std::numeric_limits<double>::infinity();
    }
  }
  return costs;
}

}  // namespace

class LapCudaTest : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    const CudaDeviceInfo& device = cudaDevice();
    if (!device.usable) QSKIP(("no usable CUDA device, CUDA backend tests skipped: " + device.reason).c_str());
    qInfo("device: %s, %d multiprocessors", device.name.c_str(), device.multiprocessors);
  }

  // Every generator, sizes 1..64, four seeds each: 256 instances per generator, both variants.
  void everyGeneratorAndSmallSize() {
    int instances = 0;
    for (const GeneratorCase& c : kGenerators) {
      for (int32_t n = 1; n <= 64; ++n) {
        for (uint64_t seed = 1; seed <= 4; ++seed) {
          const std::string problem = checkAnyInstance(generateCase(c, n, seed), describe(c, n, seed));
          QVERIFY2(problem.empty(), problem.c_str());
          ++instances;
        }
      }
    }
    qInfo("%d instances, each solved by both CUDA variants", instances);
  }

  void everyGeneratorAtLargerSizes() {
    for (const GeneratorCase& c : kGenerators) {
      for (int32_t n : {200, 333, 512, 1000}) {
        const uint64_t seed = 11 + static_cast<uint64_t>(n);
        const std::string problem = checkAnyInstance(generateCase(c, n, seed), describe(c, n, seed));
        QVERIFY2(problem.empty(), problem.c_str());
      }
    }
  }

  // int64 and float32 costs (the generators make int32 and float64).
  void otherCostTypes() {
    for (int32_t n = 1; n <= 64; n += 3) {
      for (uint64_t seed = 1; seed <= 3; ++seed) {
        for (CostRange range : {CostRange::TenthN, CostRange::TenN}) {
          const GeneratorCase c{Generator::Uniform, range};
          const auto wide = widened(std::get<CostMatrix<int32_t>>(generateCase(c, n, seed)));
          const std::string problem = checkInstance(wide, "int64 " + describe(c, n, seed));
          QVERIFY2(problem.empty(), problem.c_str());
        }
        for (Generator generator : {Generator::Real, Generator::Exponential, Generator::Euclidean}) {
          const GeneratorCase c{generator, CostRange::N};
          const auto single = narrowed(std::get<CostMatrix<double>>(generateCase(c, n, seed)));
          const std::string problem = checkInstance(single, "float32 " + describe(c, n, seed));
          QVERIFY2(problem.empty(), problem.c_str());
        }
      }
    }
    const auto wide = widened(std::get<CostMatrix<int32_t>>(generateCase({Generator::Uniform, CostRange::N}, 700, 5)));
    const std::string problem = checkInstance(wide, "int64 uniform n=700");
    QVERIFY2(problem.empty(), problem.c_str());
  }

  void forbiddenEntriesInFeasibleInstances() {
    for (int32_t n = 2; n <= 40; ++n) {
      for (double share : {0.3, 0.8}) {
        const uint64_t seed = static_cast<uint64_t>(n) * 10 + (share > 0.5 ? 1 : 0);
        const std::string problem = checkInstance(withForbiddenEntries(n, share, seed),
                                                  "forbidden share " + numberText(share) + " n=" + std::to_string(n));
        QVERIFY2(problem.empty(), problem.c_str());
      }
    }
  }

  void infeasibleInstancesThrow() {
    const double inf = std::numeric_limits<double>::infinity();
    for (int32_t n : {1, 2, 5, 17, 64}) {
      for (LapAlgorithm algorithm : kVariants) {
        // A row with only forbidden entries: found by the initial reduction.
        auto costs = std::get<CostMatrix<double>>(generate(GeneratorSpec{Generator::Real, n, {}, 3}));
        for (int32_t j = 0; j < n; ++j) costs(n / 2, j) = inf;
        QVERIFY_THROWS_EXCEPTION(InfeasibleError, solve(costs, algorithm, Backend::Cuda));
        if (n < 2) continue;
        // Two rows that can only use column 0 (Hall's condition fails): found when theta is infinite.
        costs = std::get<CostMatrix<double>>(generate(GeneratorSpec{Generator::Real, n, {}, 4}));
        for (int32_t j = 1; j < n; ++j) costs(0, j) = costs(n - 1, j) = inf;
        QVERIFY_THROWS_EXCEPTION(InfeasibleError, solve(costs, algorithm, Backend::Cuda));
      }
    }
  }

  // Step by step with a snapshot after every step: duals stay feasible, assigned pairs tight, the two
  // assignment arrays inverse, the augmenting paths alternate and end assigned, and the counts agree with
  // the trace record.
  void snapshotsAfterEveryStep() {
    for (const GeneratorCase& c : kGenerators) {
      for (LapAlgorithm algorithm : kVariants) {
        const AnyCostMatrix any = generateCase(c, 48, 21);
        const std::string problem = std::visit(
            [&](const auto& costs) { return checkSnapshots(costs, algorithm, describe(c, 48, 21)); }, any);
        QVERIFY2(problem.empty(), problem.c_str());
      }
    }
  }

  void traceCarriesDeviceTimes() {
    const auto costs = std::get<CostMatrix<int32_t>>(generateCase({Generator::Uniform, CostRange::TenN}, 300, 2));
    for (LapAlgorithm algorithm : kVariants) {
      Trace trace;
      solve(costs, algorithm, Backend::Cuda, &trace);
      int64_t deviceTotal = 0;
      for (const StepRecord& record : trace.records()) {
        QVERIFY2(record.device_ns >= 0, ("step " + std::to_string(record.step) + " has no device time").c_str());
        deviceTotal += record.device_ns;
      }
      QVERIFY(deviceTotal > 0);
      QVERIFY(deviceTotal <= trace.totalWallNs());
    }
  }

  void oversizedInstanceIsAResourceError() {
    // The estimate fails before the (tiny) host buffer is read: 10^6 x 10^6 int32 costs need 4 TB.
    const int32_t dummy = 0;
    CudaKernels<int32_t> kernels(&dummy, 1'000'000, HungarianVariant::Tree);
    try {
      kernels.allocate();
      QFAIL("allocate() accepted a 4 TB instance");
    } catch (const ResourceError& error) {
      const std::string message = error.what();
      QVERIFY2(message.find("device memory") != std::string::npos, message.c_str());
      QVERIFY2(message.find('\n') == std::string::npos, message.c_str());
    }
  }

 private:
  template <CostType T>
  static std::string checkSnapshots(const CostMatrix<T>& costs, LapAlgorithm algorithm, const std::string& label) {
    LapOptions options;
    options.algorithm = algorithm;
    options.backend = Backend::Cuda;
    auto solver = makeLapSolver(costs, options);
    const double tolerance = certificateTolerance(costs) + 1e-9;
    const int32_t n = costs.rows();
    Snapshot any;
    while (!solver->done()) {
      const StepRecord record = solver->step();
      solver->snapshot(any);
      const LapSnapshot& s = std::get<LapSnapshot>(any);
      const std::string where = label + " " + std::string(algorithmName(algorithm)) + " step " +
                                std::to_string(record.step) + " (" + std::string(record.phase) + "): ";
      if (s.n != n || static_cast<int32_t>(s.rowDual.size()) != n) return where + "snapshot has the wrong size";
      for (int32_t i = 0; i < n; ++i) {
        const int32_t j = s.rowAssignment[i];
        if (j != -1 && s.colAssignment[j] != i) return where + "assignment arrays are not inverse";
        for (int32_t col = 0; col < n; ++col) {
          if (isForbidden(costs(i, col))) continue;
          const double slack = static_cast<double>(costs(i, col)) - s.rowDual[i] - s.colDual[col];
          if (slack < -tolerance) return where + "dual infeasible at (" + std::to_string(i) + ", " + std::to_string(col) + ")";
          if (col == j && slack > tolerance) return where + "assigned pair not tight";
        }
      }
      if (record.phase == "optimality_check" && record.counters[kAssigned] != s.assignedCount) {
        return where + "assigned count differs from the trace";
      }
      if (algorithm == LapAlgorithm::Tree && static_cast<int32_t>(s.columnSlack.size()) != n) {
        return where + "tree snapshot lacks the column slacks";
      }
      if (record.phase == "augment") {
        for (const std::vector<int32_t>& path : s.augmentingPaths) {
          for (std::size_t k = 0; k + 1 < path.size(); k += 2) {
            if (s.rowAssignment[path[k]] != path[k + 1]) return where + "augmented path not assigned";
          }
        }
      }
    }
    return "";
  }
};

QTEST_GUILESS_MAIN(LapCudaTest)
#include "test_lap_cuda.moc"
