// The distributed Hungarian (Date & Nagi, Section 5) over the CPU kernel set, and over the CUDA one where a
// device is usable (the ranks then share it), run by ctest with 2 ranks under mpirun: on fresh instances of
// every family, each rank generates only its slice, and the distributed
// solution must be optimal (same objective as the single-process solve of the whole matrix), carry a valid
// dual certificate, and be the same on every rank. (The slices themselves, generated or read from .npy, are
// tested without MPI in test_lap_solvers and test_lap_io.)

#include <QtTest/QtTest>

#include <bit>
#include <random>
#include <vector>

#include "lap_test_support.h"
#include "solver/core/cuda_device.h"
#include "solver/core/errors.h"
#include "solver/lap/hungarian/distributed/distributed_solver.h"
#include "solver/lap/hungarian/distributed/mpi_communicator.h"

namespace ms::lap {
namespace {

using testing::baseSeed;

GeneratorSpec counterSpec(GeneratorSpec spec) {
  spec.stream = GeneratorStream::Counter;
  return spec;
}

// An order-sensitive fingerprint of a solution and of its trace's counters (frontier sizes, paths, theta...;
// the phase granularity records no times), to compare them across ranks with two reductions: every rank
// keeps the whole state, so every rank must record the same steps.
template <CostType T>
int64_t fingerprint(const LapSolution<T>& solution, const Trace& trace) {
  uint64_t hash = 1469598103934665603ULL;
  const auto add = [&](double v) { hash = (hash ^ std::bit_cast<uint64_t>(v)) * 1099511628211ULL; };
  for (const int32_t j : solution.rowToCol) add(j);
  for (const auto u : solution.rowDual) add(static_cast<double>(u));
  for (const auto v : solution.colDual) add(static_cast<double>(v));
  for (const StepRecord& record : trace.records()) {
    for (const double counter : record.counters) add(counter);
  }
  return static_cast<int64_t>(hash >> 1);
}

}  // namespace

class DistributedTest : public QObject {
  Q_OBJECT

 public:
  explicit DistributedTest(Communicator& communicator) : communicator_(communicator) {}

 private slots:
  void distributedSolveIsOptimalOnFreshInstances();
  void distributedCudaSolveMatchesTheSingleGpuSolve();
  void forbiddenEntriesStayOptimalAndInfeasibilityIsReportedOnEveryRank();
  void wrongSliceIsRefused();
  void overflowingFloatingCostsAreRefusedOnEveryRank();
  void sparseBitwiseOrIsTheUnion();

 private:
  template <CostType T>
  void checkSolve(const GeneratorSpec& spec, const CostMatrix<T>* forbiddenMask, const QString& context,
                  const std::vector<testing::Configuration>& configurations = testing::cpuConfigurations());
  void checkFreshInstances(const std::vector<testing::Configuration>& configurations, int trials);

  Communicator& communicator_;
};

template <CostType T>
void DistributedTest::checkSolve(const GeneratorSpec& spec, const CostMatrix<T>* forbiddenMask,
                                 const QString& context,
                                 const std::vector<testing::Configuration>& configurations) {
  const CostMatrix<T> whole =
      forbiddenMask != nullptr ? *forbiddenMask : std::get<CostMatrix<T>>(generate(spec));
  for (const testing::Configuration& configuration : configurations) {
    const QString where = context + " " + QString::fromStdString(configuration.label());
    const MatrixSlice slice = sliceOf(spec.n, distributedSliceAxis(configuration.algorithm),
                                      communicator_.rank(), communicator_.size());
    CostMatrix<T> mine(slice.rows(), slice.cols());
    if (forbiddenMask != nullptr) {
      for (int32_t i = slice.rowBegin; i < slice.rowEnd; ++i)
        for (int32_t j = slice.colBegin; j < slice.colEnd; ++j)
          mine(i - slice.rowBegin, j - slice.colBegin) = whole(i, j);
    } else {
      mine = std::get<CostMatrix<T>>(generateSlice(spec, slice));
    }
    LapOptions options{configuration.algorithm, configuration.backend, configuration.threads};
    auto solver = makeDistributedLapSolver(mine, slice, options, communicator_);
    const Trace trace = runToEnd(*solver);
    const LapSolution<T> distributed = solver->solution();
    const LapSolution<T> single = testing::solve(whole, configuration).solution;
    testing::verifyOptimal(whole, distributed, where);
    QVERIFY2(testing::sameOptimum(distributed.objective, single.objective, whole),
             qPrintable(where + QString(": objective %1, single process %2")
                                    .arg(double(distributed.objective), 0, 'g', 17)
                                    .arg(double(single.objective), 0, 'g', 17)));
    const int64_t print = fingerprint(distributed, trace);
    QVERIFY2(communicator_.min(print) == -communicator_.min(-print),
             qPrintable(where + ": the ranks disagree"));
  }
}

void DistributedTest::distributedSolveIsOptimalOnFreshInstances() {
  checkFreshInstances(testing::cpuConfigurations(), 5);
}

// The CUDA kernel set on its slices (ranks sharing the device): the same optimum as the single-GPU solve,
// and the same solution on every rank. Larger instances than the CPU's, so that the kernels' tiles and
// chunks split.
void DistributedTest::distributedCudaSolveMatchesTheSingleGpuSolve() {
  const CudaDeviceInfo& device = cudaDevice();
  if (!device.usable)
    QSKIP(qPrintable("no usable CUDA device (" + QString::fromStdString(device.reason) + ")"));
  checkFreshInstances({{LapAlgorithm::Classical, Backend::Cuda, 1}, {LapAlgorithm::Tree, Backend::Cuda, 1}},
                      4);
  if (QTest::currentTestFailed()) return;
  const GeneratorSpec spec = counterSpec({Generator::Uniform, 700, CostRange::TenN, baseSeed() + 5});
  checkSolve<int32_t>(spec, nullptr, "uniform [0,10n) n=700",
                      {{LapAlgorithm::Classical, Backend::Cuda, 1}, {LapAlgorithm::Tree, Backend::Cuda, 1}});
}

void DistributedTest::checkFreshInstances(const std::vector<testing::Configuration>& configurations,
                                          int trials) {
  std::mt19937_64 random(baseSeed() + 11);
  for (int trial = 0; trial < trials; ++trial) {
    // The same n and seeds on every rank: the generator is seeded identically everywhere.
    const auto n = static_cast<int32_t>(trial == 0 ? 1 : std::uniform_int_distribution<int>(2, 90)(random));
    for (const auto& [name, family] : testing::generatorFamilies(n, random())) {
      const GeneratorSpec spec = counterSpec(family);
      const QString context =
          QString("%1 n=%2 seed=%3").arg(QString::fromStdString(name)).arg(n).arg(spec.seed);
      if (spec.generator == Generator::Uniform) {
        checkSolve<int32_t>(spec, nullptr, context, configurations);
      } else {
        checkSolve<double>(spec, nullptr, context, configurations);
      }
      if (QTest::currentTestFailed()) return;
    }
  }
}

void DistributedTest::forbiddenEntriesStayOptimalAndInfeasibilityIsReportedOnEveryRank() {
  const int32_t n = 40;
  const GeneratorSpec spec = counterSpec({Generator::Real, n, CostRange::N, baseSeed() + 3});
  const auto costs = std::get<CostMatrix<double>>(generate(spec));
  const CostMatrix<double> sparse = testing::withForbiddenEntries(costs, 0.5, baseSeed() + 4);
  checkSolve<double>(spec, &sparse, "half forbidden");
  if (QTest::currentTestFailed()) return;

  // Row 3 forbidden entirely: held by one rank in the classical split, by every rank in the tree split.
  CostMatrix<double> infeasible = costs;
  for (int32_t j = 0; j < n; ++j) infeasible(3, j) = std::numeric_limits<double>::infinity();
  for (const LapAlgorithm algorithm : {LapAlgorithm::Classical, LapAlgorithm::Tree}) {
    const MatrixSlice slice =
        sliceOf(n, distributedSliceAxis(algorithm), communicator_.rank(), communicator_.size());
    CostMatrix<double> mine(slice.rows(), slice.cols());
    for (int32_t i = slice.rowBegin; i < slice.rowEnd; ++i)
      for (int32_t j = slice.colBegin; j < slice.colEnd; ++j)
        mine(i - slice.rowBegin, j - slice.colBegin) = infeasible(i, j);
    auto solver =
        makeDistributedLapSolver(mine, slice, LapOptions{algorithm, Backend::Sequential}, communicator_);
    QVERIFY_THROWS_EXCEPTION(InfeasibleError, runToEnd(*solver));
  }
}

void DistributedTest::wrongSliceIsRefused() {
  const CostMatrix<int32_t> costs(4, 4);
  QVERIFY_THROWS_EXCEPTION(
      SolveError,
      makeDistributedLapSolver(costs, MatrixSlice::whole(4),
                               LapOptions{LapAlgorithm::Tree, Backend::Sequential}, communicator_));
}

// Sums of duals that would overflow to infinity (cost_range.h): the last rank alone holds the large cost,
// and every rank refuses, from one reduction, instead of the others waiting in a collective.
void DistributedTest::overflowingFloatingCostsAreRefusedOnEveryRank() {
  const int32_t n = 6;
  for (const LapAlgorithm algorithm : {LapAlgorithm::Classical, LapAlgorithm::Tree}) {
    const MatrixSlice slice =
        sliceOf(n, distributedSliceAxis(algorithm), communicator_.rank(), communicator_.size());
    CostMatrix<double> mine(slice.rows(), slice.cols());
    for (int32_t i = 0; i < slice.rows(); ++i)
      for (int32_t j = 0; j < slice.cols(); ++j) mine(i, j) = i + j;
    if (communicator_.rank() == communicator_.size() - 1) mine(0, 0) = 1e307;
    QVERIFY_THROWS_EXCEPTION(
        SolveError,
        makeDistributedLapSolver(mine, slice, LapOptions{algorithm, Backend::Sequential}, communicator_));
  }
}

// The frontier exchange's or of mostly-zero sets (only the words some rank has set travel) against the union
// each rank computes from every rank's sets, drawn alike on every rank: sets too small for the protocol,
// sparse ones, ones set in over half their words (the one-allreduce fallback) and empty ones.
void DistributedTest::sparseBitwiseOrIsTheUnion() {
  struct Case {
    std::size_t words;
    double wordsSet;  // the chance that a rank sets a bit in a word
  };
  const std::size_t large = Communicator::kSparseFromWords;
  std::mt19937_64 random(baseSeed() + 17);
  for (const Case c : {Case{large / 10, 0.05}, Case{large, 0.01}, Case{5 * large, 0.002},
                       Case{5 * large, 0.4}, Case{3 * large, 0.0}}) {
    std::vector<std::vector<uint64_t>> sets(static_cast<std::size_t>(communicator_.size()),
                                            std::vector<uint64_t>(c.words, 0));
    std::bernoulli_distribution setsWord(c.wordsSet);
    std::vector<uint64_t> expected(c.words, 0);
    for (std::vector<uint64_t>& set : sets) {
      for (std::size_t w = 0; w < c.words; ++w) {
        if (setsWord(random)) set[w] |= uint64_t{1} << (random() % 64);
        expected[w] |= set[w];
      }
    }
    std::vector<uint64_t> mine = sets[static_cast<std::size_t>(communicator_.rank())];
    communicator_.sparseBitwiseOrInPlace(mine);
    QVERIFY2(
        mine == expected,
        qPrintable(QString("%1 words, %2 of them set per rank: not the union").arg(c.words).arg(c.wordsSet)));
  }
}

}  // namespace ms::lap

int main(int argc, char** argv) {
  ms::lap::MpiSession session(&argc, &argv);
  ms::lap::MpiCommunicator communicator;
  if (communicator.size() < 2)
    std::fprintf(stderr, "note: 1 rank; run under mpirun -np 2 to test the split\n");
  ms::lap::DistributedTest test(communicator);
  return QTest::qExec(&test, argc, argv);
}

#include "test_lap_distributed.moc"
