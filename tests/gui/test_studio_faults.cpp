// Faults the studio must survive (issue 14): a cancel in every phase of both Hungarian variants, any
// exception from the solver in the worker thread, and exports into a full device, a read-only folder or a
// missing one. After each the studio goes on working, and no partial file is left behind.
#include <QSignalSpy>
#include <QtTest/QtTest>

#include <QTemporaryDir>
#include <algorithm>
#include <atomic>
#include <chrono>
#include <new>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include <sys/stat.h>
#include <unistd.h>

#include "app/gui/algorithm_panel.h"
#include "app/gui/problems/lap/lap_instance.h"
#include "app/gui/run_controller.h"
#include "solver/lap/generators.h"
#include "solver/lap/lap_snapshot.h"
#include "views/matrix/matrix_view.h"
#include "window_test_support.h"

using namespace ms;
using namespace ms::studio;
using namespace ms::studio::testing;

namespace {

struct Gate {
  std::atomic<bool> reached{false}, released{false};
};

// The real solver, held at its first step of `phase` until the test has cancelled the run, so that the
// cancel arrives while the run is in that phase.
class PhaseGate final : public StepMachine {
 public:
  PhaseGate(std::shared_ptr<StepMachine> inner, std::string phase, std::shared_ptr<Gate> gate)
      : inner_(std::move(inner)), phase_(std::move(phase)), gate_(std::move(gate)) {}
  std::string_view algorithmName() const override { return inner_->algorithmName(); }
  std::span<const std::string_view> counterNames() const override { return inner_->counterNames(); }

 private:
  std::string_view pendingPhase() const override { return inner_->nextPhase(); }
  // The inner machine's record: its counters, iteration and device time.
  void runStep(StepRecord& record) override {
    if (!gate_->reached && inner_->nextPhase() == phase_) {
      gate_->reached = true;
      const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(kTimeoutMs);
      while (!gate_->released && std::chrono::steady_clock::now() < deadline) {
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
      }
    }
    innerRecord_ = inner_->step();
    record = innerRecord_;
    if (inner_->done()) markFinished();
  }
  int32_t iteration() const override { return innerRecord_.iteration; }
  int64_t endDeviceTiming() override { return innerRecord_.device_ns; }
  // The inner machine's snapshot, header included.
  StepHeader* fillSnapshot(Snapshot& out) const override {
    inner_->snapshot(out);
    return nullptr;
  }

  std::shared_ptr<StepMachine> inner_;
  std::string phase_;
  std::shared_ptr<Gate> gate_;
  StepRecord innerRecord_;
};

// A machine that throws `error` from its step `failAt`, as a solver running out of memory or failing
// inside a library would.
class ThrowingMachine final : public StepMachine {
 public:
  ThrowingMachine(int failAt, std::function<void()> error) : failAt_(failAt), error_(std::move(error)) {}
  std::string_view algorithmName() const override { return "throwing"; }
  std::span<const std::string_view> counterNames() const override { return {}; }

 private:
  std::string_view pendingPhase() const override { return "tick"; }
  int32_t iteration() const override { return 0; }
  void runStep(StepRecord&) override {
    if (taken_ == failAt_) error_();
    if (++taken_ >= 100) markFinished();
  }
  StepHeader* fillSnapshot(Snapshot& out) const override { return &out.emplace<lap::LapSnapshot>(); }

  int failAt_;
  std::function<void()> error_;
  int taken_ = 0;
};

bool sameSteps(std::span<const StepRecord> a, std::span<const StepRecord> b) {
  if (a.size() != b.size()) return false;
  for (std::size_t k = 0; k < a.size(); ++k) {
    if (a[k].step != b[k].step || a[k].phase != b[k].phase || a[k].iteration != b[k].iteration) return false;
  }
  return true;
}

double finalObjective(const RunController& controller) {
  const auto* state = stateOf<lap::LapSnapshot>(controller.latestSnapshot());
  return state != nullptr ? state->objective : -1;
}

QStringList entries(const QString& folder) {
  return QDir(folder).entryList(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot,
                                QDir::Name);
}

}  // namespace

class TestStudioFaults : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() { useFreshTestSettings("test_studio_faults"); }

  // For every phase of both variants: cancel while the run is in that phase, then run on. The cancelled
  // session is a prefix of the uncancelled solve, and finishing it gives the same steps and optimum.
  void cancelInEveryPhaseLeavesAGoodSession() {
    for (auto algorithm : {lap::LapAlgorithm::Classical, lap::LapAlgorithm::Tree}) {
      const auto costs = std::make_shared<const lap::AnyCostMatrix>(
          lap::generate({lap::Generator::Uniform, 12, lap::CostRange::N, 5}));
      const MachineFactory solver = lapMachineFactory(costs, sequential(algorithm));
      const auto headlessMachine = solver();
      const Trace headless = runToEnd(*headlessMachine);
      Snapshot headlessEnd;
      headlessMachine->snapshot(headlessEnd);
      std::vector<std::string> phases;
      for (const StepRecord& record : headless.records()) {
        if (std::find(phases.begin(), phases.end(), record.phase) == phases.end())
          phases.emplace_back(record.phase);
      }
      QVERIFY(phases.size() >= 5);
      for (const std::string& phase : phases) {
        const QByteArray where =
            QByteArray(algorithm == lap::LapAlgorithm::Tree ? "tree " : "classical ") + phase.c_str();
        auto gate = std::make_shared<Gate>();
        RunController controller;
        controller.setWatched(true);
        controller.load([&] { return std::make_shared<PhaseGate>(solver(), phase, gate); });
        QVERIFY(QTest::qWaitFor([&] { return controller.state() == RunState::Ready; }, kTimeoutMs));
        controller.runToEnd();
        QVERIFY2(QTest::qWaitFor([&] { return gate->reached.load(); }, kTimeoutMs), where);
        controller.cancel();
        gate->released = true;
        // The held step (the first of `phase`) completes and is delivered; then the run stops.
        const std::size_t held = static_cast<std::size_t>(
            std::find_if(headless.records().begin(), headless.records().end(),
                         [&](const StepRecord& record) { return record.phase == phase; }) -
            headless.records().begin());
        QVERIFY2(QTest::qWaitFor(
                     [&] {
                       return controller.trace().records().size() > held &&
                              controller.state() != RunState::Busy;
                     },
                     kTimeoutMs),
                 where);
        QTest::qWait(50);
        const auto& cancelled = controller.trace().records();
        QVERIFY2(cancelled.size() <= headless.records().size(), where);
        QVERIFY2(sameSteps(cancelled, std::span(headless.records()).first(cancelled.size())), where);
        QVERIFY2(cancelled[held].phase == phase, where);
        if (held + 1 < headless.records().size()) {  // not the last step: the run stopped right after it
          QVERIFY2(cancelled.size() == held + 1, where);
          QCOMPARE(controller.state(), RunState::Ready);
          controller.runToEnd();
          QVERIFY2(QTest::qWaitFor([&] { return controller.state() == RunState::Finished; }, kTimeoutMs),
                   where);
        }
        QVERIFY2(sameSteps(controller.trace().records(), headless.records()), where);
        QVERIFY2(QTest::qWaitFor(
                     [&] {
                       return finalObjective(controller) == std::get<lap::LapSnapshot>(headlessEnd).objective;
                     },
                     kTimeoutMs),
                 where);
      }
    }
  }

  // Whatever the solver throws in the worker thread (not only SolveError) fails the session with its
  // message; the worker survives, and reset and a new session work.
  void anyExceptionFromTheSolverIsReported() {
    const std::vector<std::pair<QString, std::function<void()>>> errors = {
        {"std::bad_alloc", [] { throw std::bad_alloc(); }},
        {"device lost", [] { throw std::runtime_error("device lost"); }},
        {"index 9 out of range", [] { throw std::out_of_range("index 9 out of range"); }}};
    for (const auto& [message, error] : errors) {
      RunController controller;
      QSignalSpy failures(&controller, &RunController::solveFailed);
      controller.load([error = error] { return std::make_shared<ThrowingMachine>(3, error); });
      QVERIFY(QTest::qWaitFor([&] { return controller.state() == RunState::Ready; }, kTimeoutMs));
      controller.runToEnd();
      QVERIFY(QTest::qWaitFor([&] { return controller.state() == RunState::Failed; }, kTimeoutMs));
      QCOMPARE(failures.count(), 1);
      QVERIFY2(failures.front().front().toString().contains(message),
               qPrintable(failures.front().front().toString()));
      QCOMPARE(controller.trace().records().size(), std::size_t{3});
      controller.reset();
      QVERIFY(QTest::qWaitFor([&] { return controller.state() == RunState::Ready; }, kTimeoutMs));
      controller.stepPhase();
      QVERIFY(QTest::qWaitFor([&] { return controller.trace().records().size() == 1; }, kTimeoutMs));
    }
  }

  // Exports into a full device (through a link: the device itself is never at risk), a read-only folder and
  // a missing folder fail with the path and the system's reason, leave no file, and the studio then exports
  // and solves as before.
  void failedExportsLeaveNothingAndTheStudioUsable() {
    MainWindow window;
    lapAlgorithm(window).setOptions(sequential(lap::LapAlgorithm::Tree));
    window.resize(800, 600);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(load(window, generated(16, 3)));
    window.controller().runToEnd();
    QVERIFY(QTest::qWaitFor([&] { return window.controller().state() == RunState::Finished; }, kTimeoutMs));

    QTemporaryDir dir;
    const QString full = dir.filePath("full.png");
    QVERIFY(QFile::link("/dev/full", full));
    QVERIFY(QDir(dir.path()).mkdir("readonly"));
    const QString readOnly = dir.filePath("readonly");
    QCOMPARE(::chmod(readOnly.toLocal8Bit().constData(), 0555), 0);
    const bool readOnlyHolds = ::access(readOnly.toLocal8Bit().constData(), W_OK) != 0;  // not as root

    std::vector<ExportRequest> requests = {{ExportKind::WindowPng, {}, {}}, {ExportKind::TraceCsv, {}, {}}};
    if (window.matrixView().rendererAvailable())
      requests.push_back({ExportKind::MatrixPng, {}, QSize(320, 200)});
    for (ExportRequest request : requests) {
      const QList<std::pair<QString, QString>> targets = {
          {full, full + ": No space left on device"},
          {dir.filePath("missing/out.png"), dir.filePath("missing/out.png") + ": cannot create a file in " +
                                                dir.filePath("missing") + ": No such file or directory"},
          {readOnly + "/out.png",
           readOnly + "/out.png: cannot create a file in " + readOnly + ": Permission denied"}};
      for (const auto& [path, message] : targets) {
        if (path.startsWith(readOnly) && !readOnlyHolds) continue;
        request.path = path;
        try {
          window.exportRequest(request);
          QFAIL(qPrintable("no error exporting to " + path));
        } catch (const std::runtime_error& error) {
          QCOMPARE(QString(error.what()), message);
        }
      }
      QCOMPARE(entries(dir.path()), QStringList({"full.png", "readonly"}));
      QVERIFY(entries(readOnly).isEmpty());
      QVERIFY(QFileInfo(full).isSymLink());
      request.path = dir.filePath("good.out");
      window.exportRequest(request);
      QVERIFY(QFileInfo(request.path).size() > 0);
      QVERIFY(QFile::remove(request.path));
    }
    struct stat device {};
    QCOMPARE(::stat("/dev/full", &device), 0);
    QVERIFY(S_ISCHR(device.st_mode));

    window.controller().reset();
    QVERIFY(QTest::qWaitFor([&] { return window.controller().state() == RunState::Ready; }, kTimeoutMs));
    window.controller().runToEnd();
    QVERIFY(QTest::qWaitFor([&] { return window.controller().state() == RunState::Finished; }, kTimeoutMs));
  }
};

QTEST_MAIN(TestStudioFaults)
#include "test_studio_faults.moc"
