#include "app/gui/watched_bench.h"

#include <QGuiApplication>
#include <QSysInfo>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "app/gui/event_wait.h"
#include "app/gui/main_window.h"
#include "app/gui/problems/lap/lap_session.h"
#include "solver/core/csv_table.h"
#include "solver/core/provenance.h"
#include "solver/core/trace.h"
#include "views/matrix/matrix_view.h"

namespace ms::studio {

namespace {

using Clock = std::chrono::steady_clock;
constexpr std::chrono::minutes kSolveTimeout(10);
constexpr std::chrono::milliseconds kSettleTime(200);

std::string cpuModel() {
  std::ifstream cpuinfo("/proc/cpuinfo");
  std::string line;
  while (std::getline(cpuinfo, line)) {
    if (line.rfind("model name", 0) == 0) return line.substr(line.find(':') + 2);
  }
  return QSysInfo::currentCpuArchitecture().toStdString();
}

// The machine is shared: the one-minute load average next to each time tells how quiet it was.
double loadAverage() {
  std::ifstream loadavg("/proc/loadavg");
  double load = -1;
  loadavg >> load;
  return load;
}

// CPU time of the calling (GUI) thread: what the window's own work costs during a watched solve.
double threadCpuSeconds() {
  timespec now{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
  return static_cast<double>(now.tv_sec) + static_cast<double>(now.tv_nsec) / 1e9;
}

struct Solve {
  int repeat = 0;  // -1: the warm-up pair, not counted
  bool watched = false;
  double seconds = 0;
  double solverSeconds = 0;       // sum of the steps' wall times
  double guiCpuSeconds = 0;       // watched: CPU time of the GUI thread meanwhile
  double guiCpuSolveSeconds = 0;  // ... of which until it heard that the solve ended
  std::size_t steps = 0;
  double objective = 0;
  double load = 0;
};

double median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  const std::size_t mid = values.size() / 2;
  return values.size() % 2 == 1 ? values[mid] : (values[mid - 1] + values[mid]) / 2;
}

// Both kinds of solve start from a settled window, as a person would: the matrix view's frame of the
// current state is on screen, and the repaints that a reset queues (charts, log, tree) are done.
void settle(MainWindow& window) {
  const quint64 frame = window.matrixView().refresh();
  processEventsUntil([&] { return window.matrixView().shownSerial() >= frame; }, kSolveTimeout);
  processEventsUntil([] { return false; }, kSettleTime);
}

}  // namespace

int runWatchedBench(MainWindow& window, const WatchedBenchOptions& options) {
  RunController& controller = window.controller();
  int sessions = 0;
  QObject::connect(&controller, &RunController::sessionStarted, &window, [&sessions] { ++sessions; });
  // A watched solve ends when the GUI thread hears so (the state arrives ahead of the final records and
  // snapshot, whose display is not part of the solve).
  Clock::time_point heardEnd;
  double guiCpuAtEnd = 0;
  QObject::connect(&controller, &RunController::stateChanged, &window, [&](RunState state) {
    if (state == RunState::Finished || state == RunState::Failed) {
      heardEnd = Clock::now();
      guiCpuAtEnd = threadCpuSeconds();
    }
  });

  window.session<LapSession>().algorithmPage().setOptions(options.solver);
  window.setMode(WindowMode::Studio);  // the studio's views are what watching costs
  window.show();
  LapInstanceSource source;
  source.generator = options.instance;
  window.loadInstance(source);
  if (!processEventsUntil([&] { return sessions > 0 || !window.lastError().isEmpty(); }, kSolveTimeout) ||
      !window.lastError().isEmpty()) {
    std::fprintf(stderr, "matchscope: bench: %s\n", qPrintable(window.lastError()));
    return 1;
  }
  lap::LapOptions resolved = options.solver;
  resolved.backend = lap::resolveBackend(resolved.backend, nullptr);
  const MachineFactory headlessFactory =
      lapMachineFactory(window.session<LapSession>().instance().costs, resolved);

  std::vector<Solve> solves;
  for (int repeat = -1; repeat < options.repeats; ++repeat) {
    // Headless: the same machine stepped to the end on this thread, no snapshots.
    settle(window);
    Solve headless{repeat, false};
    headless.load = loadAverage();
    {
      const std::shared_ptr<StepMachine> machine = headlessFactory();
      const auto start = Clock::now();
      const Trace trace = runToEnd(*machine);
      headless.seconds = std::chrono::duration<double>(Clock::now() - start).count();
      headless.steps = trace.records().size();
      headless.solverSeconds = static_cast<double>(trace.totalWallNs()) / 1e9;
      Snapshot snapshot;
      machine->snapshot(snapshot);
      headless.objective = std::get<lap::LapSnapshot>(snapshot).objective;
    }
    solves.push_back(headless);

    // Watched: a fresh session in the shown window, from the run-to-end request until the GUI hears it ended.
    // The GUI thread's CPU time is taken until the final state is displayed.
    Solve watched{repeat, true};
    watched.load = loadAverage();
    const int before = sessions;
    controller.reset();
    processEventsUntil([&] { return sessions > before && controller.state() == RunState::Ready; },
                       kSolveTimeout);
    settle(window);
    const double guiCpuStart = threadCpuSeconds();
    const auto start = Clock::now();
    controller.runToEnd();
    const bool ended = processEventsUntil(
        [&] { return controller.state() == RunState::Finished || controller.state() == RunState::Failed; },
        kSolveTimeout);
    watched.seconds = std::chrono::duration<double>(heardEnd - start).count();
    watched.guiCpuSeconds = threadCpuSeconds() - guiCpuStart;
    watched.guiCpuSolveSeconds = guiCpuAtEnd - guiCpuStart;
    if (!ended || controller.state() != RunState::Finished) {
      std::fprintf(stderr, "matchscope: bench: the watched solve did not finish: %s\n",
                   qPrintable(window.lastError()));
      return 1;
    }
    watched.steps = controller.trace().records().size();
    watched.solverSeconds = static_cast<double>(controller.trace().totalWallNs()) / 1e9;
    watched.objective = window.status().objective;
    solves.push_back(watched);
    std::printf(
        "repeat %d: headless %.3f s (%zu steps), watched %.3f s (%zu steps, GUI thread %.3f s CPU, %.3f s "
        "of it during the solve)\n",
        repeat, headless.seconds, headless.steps, watched.seconds, watched.steps, watched.guiCpuSeconds,
        watched.guiCpuSolveSeconds);
    if (watched.objective != headless.objective) {
      std::fprintf(stderr, "matchscope: bench: objectives differ (%.17g headless, %.17g watched)\n",
                   headless.objective, watched.objective);
      return 1;
    }
  }

  std::vector<double> headlessSeconds, watchedSeconds;
  for (const Solve& solve : solves) {
    if (solve.repeat >= 0) (solve.watched ? watchedSeconds : headlessSeconds).push_back(solve.seconds);
  }
  const double headlessMedian = median(headlessSeconds), watchedMedian = median(watchedSeconds);
  std::printf("median headless %.3f s, watched %.3f s, overhead %.1f%%\n", headlessMedian, watchedMedian,
              100.0 * (watchedMedian / headlessMedian - 1));

  if (!options.csvPath.isEmpty()) {
    const std::string cpu = cpuModel();
    const std::string renderer = window.matrixView().rendererAvailable()
                                     ? window.matrixView().rendererDevice().toStdString()
                                     : "none: " + window.matrixView().rendererProblem().toStdString();
    const unsigned cores = std::thread::hardware_concurrency();
    const std::string algorithm(lap::algorithmName(resolved.algorithm)),
        backend(lap::backendName(resolved.backend));
    const std::string generator(lap::generatorName(options.instance.generator));
    const std::string range(lap::costRangeName(options.instance.range));
    CsvTable table({"cpu",
                    "cores",
                    "platform",
                    "renderer",
                    "n",
                    "generator",
                    "range",
                    "seed",
                    "algorithm",
                    "backend",
                    "threads",
                    "repeat",
                    "mode",
                    "seconds",
                    "solver_seconds",
                    "gui_cpu_seconds",
                    "gui_cpu_solve_seconds",
                    "steps",
                    "objective",
                    "load1"});
    addProvenanceColumns(table);
    for (const Solve& solve : solves) {
      CsvTable::Row& row = table.addRow();
      row.set("cpu", cpu).set("cores", cores).set("platform", QGuiApplication::platformName().toStdString());
      row.set("renderer", renderer).set("n", options.instance.n).set("generator", generator);
      row.set("range", range).set("seed", options.instance.seed).set("algorithm", algorithm);
      row.set("backend", backend).set("threads", resolved.threads).set("repeat", solve.repeat);
      row.set("mode", solve.watched ? "watched" : "headless").set("seconds", solve.seconds);
      row.set("solver_seconds", solve.solverSeconds).set("gui_cpu_seconds", solve.guiCpuSeconds);
      row.set("gui_cpu_solve_seconds", solve.guiCpuSolveSeconds).set("steps", solve.steps);
      row.set("objective", solve.objective).set("load1", solve.load);
    }
    table.writeFile(options.csvPath.toStdString());
    std::printf("wrote %s\n", qPrintable(options.csvPath));
  }
  return 0;
}

}  // namespace ms::studio
