// The run controller without widgets: requests from the GUI thread, records and snapshots back, cancel
// between steps, errors that leave the controller usable, snapshots only when watched and at most once per
// frame. LAP sessions are compared with the same solver stepped headless.
#include <QSignalSpy>
#include <QtTest/QtTest>
#include <atomic>
#include <chrono>
#include <thread>

#include "app/gui/problems/lap/lap_instance.h"
#include "app/gui/run_controller.h"
#include "solver/core/errors.h"
#include "solver/lap/brute_force.h"
#include "solver/lap/certificate.h"
#include "solver/lap/generators.h"

using namespace ms;
using namespace ms::studio;

namespace {

constexpr int kTimeoutMs = 20000;

// A machine whose steps take a set time and can fail at a set step, counting the steps it really ran.
class ScriptedMachine final : public StepMachine {
 public:
  ScriptedMachine(int steps, std::chrono::microseconds stepTime, int failAt, std::atomic<int>* executed)
      : steps_(steps), stepTime_(stepTime), failAt_(failAt), executed_(executed) {}

  std::string_view algorithmName() const override { return "scripted"; }
  std::span<const std::string_view> counterNames() const override { return kNames; }

 private:
  std::string_view pendingPhase() const override { return "tick"; }
  int32_t iteration() const override { return iteration_; }
  void runStep(StepRecord& record) override {
    if (taken_ == failAt_) throw InfeasibleError("scripted: infeasible at step " + std::to_string(taken_));
    std::this_thread::sleep_for(stepTime_);
    iteration_ = taken_ / 10;  // ten steps per iteration
    record.counters[0] = taken_;
    ++taken_;
    ++*executed_;
    if (taken_ >= steps_) markFinished();
  }
  StepHeader* fillSnapshot(Snapshot& out) const override { return &out.emplace<lap::LapSnapshot>(); }

  static constexpr std::array<std::string_view, 1> kNames = {"index"};
  int steps_;
  std::chrono::microseconds stepTime_;
  int failAt_;
  std::atomic<int>* executed_;
  int taken_ = 0;
  int32_t iteration_ = 0;
};

MachineFactory scripted(int steps, std::chrono::microseconds stepTime, int failAt,
                        std::atomic<int>* executed) {
  return [=] { return std::make_shared<ScriptedMachine>(steps, stepTime, failAt, executed); };
}

std::shared_ptr<const lap::AnyCostMatrix> uniformInstance(int32_t n, uint64_t seed) {
  return std::make_shared<const lap::AnyCostMatrix>(
      lap::generate({lap::Generator::Uniform, n, lap::CostRange::N, seed}));
}

lap::LapOptions sequential(lap::LapAlgorithm algorithm) {
  return {algorithm, lap::Backend::Sequential, 1};
}

bool waitForState(RunController& controller, RunState state) {
  return QTest::qWaitFor([&] { return controller.state() == state; }, kTimeoutMs);
}

// Loads `factory` and waits until the new session's first delivery (the old session's state and snapshot
// are gone then).
bool startSession(RunController& controller, MachineFactory factory) {
  QSignalSpy started(&controller, &RunController::sessionStarted);
  controller.load(std::move(factory));
  return QTest::qWaitFor([&] { return started.count() > 0; }, kTimeoutMs);
}

bool sameRecord(const StepRecord& a, const StepRecord& b) {
  if (a.step != b.step || a.iteration != b.iteration || a.phase != b.phase) return false;
  for (int c = 0; c < kMaxCounters; ++c) {
    const double x = a.counters[static_cast<std::size_t>(c)], y = b.counters[static_cast<std::size_t>(c)];
    if (!(x == y || (std::isnan(x) && std::isnan(y)))) return false;
  }
  return true;
}

}  // namespace

class TestRunController : public QObject {
  Q_OBJECT

 private slots:
  // Each single step delivers exactly the record the same solver produces headless, in order, for both
  // variants; the snapshot after each step reports that many steps.
  void stepsMatchHeadlessTrace() {
    for (auto algorithm : {lap::LapAlgorithm::Classical, lap::LapAlgorithm::Tree}) {
      const auto costs = uniformInstance(24, 7);
      const MachineFactory factory = lapMachineFactory(costs, sequential(algorithm));
      const Trace headless = runToEnd(*factory());

      RunController controller;
      controller.setWatched(true);
      controller.load(factory);
      QVERIFY(waitForState(controller, RunState::Ready));
      const int steps = std::min<int>(40, static_cast<int>(headless.records().size()));
      for (int k = 0; k < steps; ++k) {
        controller.stepPhase();
        QVERIFY(QTest::qWaitFor(
            [&] { return static_cast<int>(controller.trace().records().size()) == k + 1; }, kTimeoutMs));
        QVERIFY(sameRecord(controller.trace().records()[static_cast<std::size_t>(k)],
                           headless.records()[static_cast<std::size_t>(k)]));
        QVERIFY(QTest::qWaitFor(
            [&] {
              const auto* lap = controller.latestSnapshot()
                                    ? std::get_if<lap::LapSnapshot>(controller.latestSnapshot().get())
                                    : nullptr;
              return lap != nullptr && lap->step == k + 1;
            },
            kTimeoutMs));
      }
    }
  }

  // Run to end reaches the optimum: brute force agrees on small instances, the certificate holds on
  // larger ones, and the delivered trace is the headless trace.
  void runToEndReachesOptimum() {
    RunController controller;
    controller.setWatched(true);
    for (uint64_t seed = 1; seed <= 12; ++seed) {
      const int32_t n = seed <= 8 ? 8 : 120;
      const auto costs = uniformInstance(n, seed);
      const auto algorithm = seed % 2 == 0 ? lap::LapAlgorithm::Classical : lap::LapAlgorithm::Tree;
      QVERIFY(startSession(controller, lapMachineFactory(costs, sequential(algorithm))));
      controller.runToEnd();
      QVERIFY(waitForState(controller, RunState::Finished));
      QVERIFY(QTest::qWaitFor(
          [&] {
            const auto* lap = controller.latestSnapshot()
                                  ? std::get_if<lap::LapSnapshot>(controller.latestSnapshot().get())
                                  : nullptr;
            return lap != nullptr && lap->done;
          },
          kTimeoutMs));
      const auto& snapshot = std::get<lap::LapSnapshot>(*controller.latestSnapshot());
      const auto& matrix = std::get<lap::CostMatrix<int32_t>>(*costs);
      QCOMPARE(snapshot.assignedCount, n);
      if (n <= lap::kBruteForceMaxSize) {
        auto brute = lap::makeBruteForce(matrix);
        runToEnd(*brute);
        QCOMPARE(snapshot.objective, static_cast<double>(brute->solution().objective));
      } else {
        auto solver = lap::makeLapSolver(matrix, sequential(algorithm));
        const Trace headless = runToEnd(*solver);
        const auto solution = solver->solution();
        const auto report =
            lap::checkCertificate(matrix, solution.rowToCol, solution.rowDual, solution.colDual, 0);
        QVERIFY2(report.valid, report.problem.c_str());
        QCOMPARE(snapshot.objective, static_cast<double>(solution.objective));
        QCOMPARE(snapshot.rowAssignment, solution.rowToCol);
        QCOMPARE(controller.trace().records().size(), headless.records().size());
      }
    }
  }

  // One iteration: every record of the command but the last has the starting iteration; the last one
  // opens the next.
  void stepIterationStopsWhenTheIterationChanges() {
    std::atomic<int> executed{0};
    RunController controller;
    controller.load(scripted(35, std::chrono::microseconds(100), -1, &executed));
    QVERIFY(waitForState(controller, RunState::Ready));
    controller.stepPhase();
    controller.stepPhase();
    QVERIFY(QTest::qWaitFor([&] { return controller.trace().records().size() == 2; }, kTimeoutMs));
    controller.stepIteration();
    QVERIFY(QTest::qWaitFor(
        [&] { return controller.trace().records().size() > 2 && controller.state() == RunState::Ready; },
        kTimeoutMs));
    const auto& records = controller.trace().records();
    QCOMPARE(records.size(), std::size_t{11});  // steps 2..10: step 10 is the first of iteration 1
    QCOMPARE(records.back().iteration, 1);
    QCOMPARE(executed.load(), 11);
  }

  // Cancel is honoured between steps: the worker stops after the step in flight, every step it ran is
  // delivered, none follows, and the machine is left where it stopped (Ready, not Finished).
  void cancelStopsBetweenSteps() {
    std::atomic<int> executed{0};
    RunController controller;
    controller.load(scripted(100000, std::chrono::microseconds(2000), -1, &executed));
    QVERIFY(waitForState(controller, RunState::Ready));
    controller.runToEnd();
    QVERIFY(QTest::qWaitFor([&] { return controller.trace().records().size() >= 20; }, kTimeoutMs));
    controller.cancel();
    QVERIFY(waitForState(controller, RunState::Ready));
    const int stoppedAt = executed.load();
    QTest::qWait(200);
    QCOMPARE(executed.load(), stoppedAt);
    QCOMPARE(static_cast<int>(controller.trace().records().size()), stoppedAt);
    QVERIFY(stoppedAt < 100000);
    // The session goes on from where it stopped.
    controller.stepPhase();
    QVERIFY(QTest::qWaitFor([&] { return executed.load() == stoppedAt + 1; }, kTimeoutMs));
    QVERIFY(QTest::qWaitFor(
        [&] { return static_cast<int>(controller.trace().records().size()) == stoppedAt + 1; }, kTimeoutMs));
    QCOMPARE(controller.trace().records().back().step, static_cast<int64_t>(stoppedAt));
  }

  // Cancel also drops requests still queued behind the running one.
  void cancelDropsQueuedRequests() {
    std::atomic<int> executed{0};
    RunController controller;
    controller.load(scripted(1000, std::chrono::microseconds(20000), -1, &executed));
    QVERIFY(waitForState(controller, RunState::Ready));
    for (int k = 0; k < 50; ++k) controller.stepPhase();
    QVERIFY(QTest::qWaitFor([&] { return executed.load() >= 2; }, kTimeoutMs));
    controller.cancel();
    QTest::qWait(300);
    QVERIFY2(executed.load() < 10, qPrintable(QString::number(executed.load())));
    QCOMPARE(controller.state(), RunState::Ready);
  }

  // A SolveError is reported once, the state says Failed, and the controller goes on: reset rebuilds the
  // machine, and a new session solves to the end.
  void errorLeavesControllerUsable() {
    std::atomic<int> executed{0};
    RunController controller;
    QSignalSpy failures(&controller, &RunController::solveFailed);
    controller.load(scripted(50, std::chrono::microseconds(10), 7, &executed));
    controller.runToEnd();
    QVERIFY(waitForState(controller, RunState::Failed));
    QCOMPARE(failures.count(), 1);
    QVERIFY(failures.front().front().toString().contains(QStringLiteral("infeasible at step 7")));
    QCOMPARE(controller.trace().records().size(), std::size_t{7});
    controller.stepPhase();  // ignored: the failed machine is done
    QTest::qWait(50);
    QCOMPARE(controller.trace().records().size(), std::size_t{7});

    controller.reset();
    QVERIFY(waitForState(controller, RunState::Ready));
    QVERIFY(controller.trace().records().empty());
    controller.stepPhase();
    QVERIFY(QTest::qWaitFor([&] { return controller.trace().records().size() == 1; }, kTimeoutMs));

    const auto costs = uniformInstance(30, 3);
    QVERIFY(startSession(controller, lapMachineFactory(costs, sequential(lap::LapAlgorithm::Tree))));
    controller.runToEnd();
    QVERIFY(waitForState(controller, RunState::Finished));
    QCOMPARE(failures.count(), 1);
  }

  // The real solver's infeasibility (a row of forbidden entries) arrives as a message naming it.
  void infeasibleInstanceIsReported() {
    lap::CostMatrix<double> matrix(4, 4);
    for (int32_t i = 0; i < 4; ++i) {
      for (int32_t j = 0; j < 4; ++j) matrix(i, j) = i == 2 ? std::numeric_limits<double>::infinity() : i + j;
    }
    const auto costs = std::make_shared<const lap::AnyCostMatrix>(std::move(matrix));
    RunController controller;
    QSignalSpy failures(&controller, &RunController::solveFailed);
    controller.load(lapMachineFactory(costs, sequential(lap::LapAlgorithm::Classical)));
    controller.runToEnd();
    QVERIFY(waitForState(controller, RunState::Failed));
    QCOMPARE(failures.count(), 1);
    QVERIFY(failures.front().front().toString().contains(QStringLiteral("infeasible")));
  }

  // A factory that throws (brute force on n > 10) leaves no machine, says why, and a later load works.
  void failingFactoryIsReported() {
    RunController controller;
    QSignalSpy failures(&controller, &RunController::solveFailed);
    controller.load(
        lapMachineFactory(uniformInstance(12, 1), {lap::LapAlgorithm::Brute, lap::Backend::Sequential, 1}));
    QVERIFY(QTest::qWaitFor([&] { return failures.count() == 1; }, kTimeoutMs));
    QCOMPARE(controller.state(), RunState::Empty);
    controller.load(
        lapMachineFactory(uniformInstance(8, 1), {lap::LapAlgorithm::Brute, lap::Backend::Sequential, 1}));
    controller.runToEnd();
    QVERIFY(waitForState(controller, RunState::Finished));
  }

  // Unwatched: no snapshot at all. Watched: at most one per interval while running, plus the final one.
  void snapshotsOnlyWhenWatchedAndAtMostOncePerFrame() {
    std::atomic<int> executed{0};
    RunController controller;
    QSignalSpy snapshots(&controller, &RunController::snapshotUpdated);
    controller.setDeliveryIntervals(std::chrono::milliseconds(50), std::chrono::milliseconds(50));
    controller.load(scripted(3000, std::chrono::microseconds(100), -1, &executed));
    controller.runToEnd();
    QVERIFY(waitForState(controller, RunState::Finished));
    QCOMPARE(snapshots.count(), 0);

    controller.setWatched(true);
    controller.reset();
    QVERIFY(waitForState(controller, RunState::Ready));
    snapshots.clear();
    const auto start = std::chrono::steady_clock::now();
    controller.runToEnd();
    QVERIFY(waitForState(controller, RunState::Finished));
    const double elapsedMs =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    QVERIFY(snapshots.count() >= 1);
    QVERIFY2(snapshots.count() <= elapsedMs / 50 + 2,
             qPrintable(QStringLiteral("%1 snapshots in %2 ms").arg(snapshots.count()).arg(elapsedMs)));
    const auto last = snapshots.back().front().value<std::shared_ptr<const Snapshot>>();
    QCOMPARE(std::get<lap::LapSnapshot>(*last).step, int64_t{3000});
  }

  // A watched unpaced run shorter than the delivery interval delivers one snapshot, when it ends: its first
  // step comes a whole interval after the previous delivery, yet delivers none (the views show that state).
  void shortUnpacedRunDeliversOnlyAtTheEnd() {
    std::atomic<int> executed{0};
    RunController controller;
    QSignalSpy snapshots(&controller, &RunController::snapshotUpdated);
    controller.setDeliveryIntervals(std::chrono::milliseconds(50), std::chrono::milliseconds(500));
    controller.setWatched(true);
    controller.load(scripted(100, std::chrono::microseconds(100), -1, &executed));  // about 10 ms
    QVERIFY(waitForState(controller, RunState::Ready));
    QTest::qWait(600);  // longer than the interval since the session's first delivery
    snapshots.clear();
    controller.runToEnd();
    QVERIFY(waitForState(controller, RunState::Finished));
    QVERIFY(QTest::qWaitFor([&] { return snapshots.count() > 0; }, kTimeoutMs));
    QTest::qWait(100);  // nothing else arrives
    QCOMPARE(snapshots.count(), 1);
    QCOMPARE(
        std::get<lap::LapSnapshot>(*snapshots.back().front().value<std::shared_ptr<const Snapshot>>()).step,
        int64_t{100});
  }

  // A paced run takes about stepsPerSecond steps a second, and pause stops it.
  void pacedRunAndPause() {
    std::atomic<int> executed{0};
    RunController controller;
    controller.setStepsPerSecond(50);
    controller.load(scripted(100000, std::chrono::microseconds(10), -1, &executed));
    QVERIFY(waitForState(controller, RunState::Ready));
    controller.run();
    QTest::qWait(400);
    controller.pause();
    QVERIFY(waitForState(controller, RunState::Ready));
    const int taken = executed.load();
    QVERIFY2(taken >= 5 && taken <= 40, qPrintable(QString::number(taken)));
    QTest::qWait(100);
    QCOMPARE(executed.load(), taken);
  }
};

QTEST_GUILESS_MAIN(TestRunController)
#include "test_run_controller.moc"
