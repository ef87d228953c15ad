// Property tests of the CUDA auction: the same assignment as the sequential CPU kernel set (a Jacobi round's
// outcome depends only on its set of bidders and the prices, not on the order of the device's atomics), the
// Hungarian optimum on integer costs, its bound on real costs with forbidden entries, infeasibility, rounds
// stepped one at a time with their snapshots, and device times in the trace. Skips where no GPU is usable.
#include <QtTest/QtTest>

#include <random>

#include "solver/core/cuda_device.h"
#include "solver/core/errors.h"
#include "solver/lap/approx/auction.h"
#include "solver/lap/problem.h"
#include "tests/lap/approximation_test_support.h"

using namespace ms;
using namespace ms::lap;
using namespace ms::lap::testing;

namespace {

const LapOptions kOptimum{LapAlgorithm::Tree, Backend::Sequential, 1};
const LapOptions kCpuAuction{LapAlgorithm::Auction, Backend::Sequential, 1};
const LapOptions kCudaAuction{LapAlgorithm::Auction, Backend::Cuda, 1};

}  // namespace

class TestLapAuctionCuda : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    const CudaDeviceInfo& device = cudaDevice();
    if (!device.usable) {
      QSKIP(qPrintable("no usable CUDA device (" + QString::fromStdString(device.reason) +
                       "): the CUDA auction tests need a GPU"));
    }
    qInfo("device: %s", device.name.c_str());
  }

  void integerCostsAreOptimalAndMatchTheCpu() {
    std::mt19937_64 random(baseSeed() + 20);
    const std::pair<int32_t, int32_t> ranges[] = {{0, 2}, {0, 10}, {-50, 50}, {0, 1000}, {0, 1 << 20}};
    for (int instance = 0; instance < 300; ++instance) {
      const int32_t rows = std::uniform_int_distribution<int32_t>(1, 70)(random);
      const int32_t cols = instance % 3 == 0 ? rows : std::uniform_int_distribution<int32_t>(1, 70)(random);
      const auto [low, high] = ranges[instance % 5];
      const uint64_t seed = baseSeed() + 20000 + instance;
      const CostMatrix<int32_t> original = randomIntegers(rows, cols, low, high, seed);
      const PreparedProblem<int32_t> problem(original, instance % 4 == 1);  // keeps a reference to `original`
      const CostMatrix<int32_t>& costs = problem.square();
      const QString where = QString("%1x%2 [%3,%4) seed %5").arg(rows).arg(cols).arg(low).arg(high).arg(seed);
      const LapSolution<int32_t> gpu = solveWith(costs, kCudaAuction);
      verifyAssignment(costs, gpu, where);
      QVERIFY2(gpu.objective == solveWith(costs, kOptimum).objective, qPrintable(where));
      QVERIFY2(gpu.rowToCol == solveWith(costs, kCpuAuction).rowToCol,
               qPrintable(where + ": differs from the CPU"));
    }
  }

  void realCostsStayWithinTheBound() {
    std::mt19937_64 random(baseSeed() + 21);
    int infeasible = 0;
    for (int instance = 0; instance < 200; ++instance) {
      const int32_t n = std::uniform_int_distribution<int32_t>(1, 70)(random);
      const uint64_t seed = baseSeed() + 21000 + instance;
      const CostMatrix<double> costs = randomReals(n, n, instance % 3 == 2 ? 0.5 : 0.0, seed);
      const QString where = QString("n %1 seed %2").arg(n).arg(seed);
      LapSolution<double> solution;
      if (!verifyAuctionWithinBound(costs, kCudaAuction, where, &solution)) {
        ++infeasible;
        continue;
      }
      QVERIFY2(solution.rowToCol == solveWith(costs, kCpuAuction).rowToCol,
               qPrintable(where + ": differs from the CPU"));
    }
    QVERIFY(infeasible > 0);
  }

  void largerInstancesMatchTheCpu() {
    for (const auto& [n, seed] : {std::pair{500, 1}, std::pair{1000, 2}, std::pair{2000, 3}}) {
      const auto any = generate({Generator::Uniform, n, CostRange::TenN, static_cast<uint64_t>(seed)});
      const auto& integers = std::get<CostMatrix<int32_t>>(any);
      QCOMPARE(solveWith(integers, kCudaAuction).objective,
               solveWith(integers, LapOptions{LapAlgorithm::Tree, Backend::Cpu, 0}).objective);
      const auto anyReal = generate({Generator::Real, n, CostRange::N, static_cast<uint64_t>(seed)});
      const auto& reals = std::get<CostMatrix<double>>(anyReal);
      const LapSolution<double> gpu = solveWith(reals, kCudaAuction);
      QCOMPARE(gpu.rowToCol, solveWith(reals, kCpuAuction).rowToCol);
    }
  }

  void roundsStepOneAtATime() {
    const CostMatrix<int32_t> costs = randomIntegers(40, 40, 0, 100, baseSeed() + 22);
    LapOptions options = kCudaAuction;
    options.auction.roundsPerStep = 1;
    auto solver = makeLapSolver(costs, options);
    Snapshot state;
    int rounds = 0;
    while (!solver->done()) {
      const StepRecord record = solver->step();
      QVERIFY(record.device_ns >= 0 || record.phase == "setup");
      if (record.phase != "bidding") continue;
      ++rounds;
      solver->snapshot(state);
      verifyRoundBids(std::get<LapSnapshot>(state), record, QString("step %1").arg(record.step));
    }
    QVERIFY(rounds > 1);
    QCOMPARE(solver->solution().rowToCol, solveWith(costs, kCpuAuction).rowToCol);
  }
};

QTEST_GUILESS_MAIN(TestLapAuctionCuda)
#include "test_lap_auction_cuda.moc"
