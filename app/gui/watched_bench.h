#pragma once
// What watching costs: the same instance solved headless (runToEnd on the calling thread) and in the shown
// window (run controller, snapshots once per frame, views, log and charts updating), alternately, several
// times after one warm-up pair. Writes one CSV row per solve and prints the medians and the overhead.

#include <QString>

#include "solver/lap/generators.h"
#include "solver/lap/lap_solver.h"

namespace ms::studio {

class MainWindow;

struct WatchedBenchOptions {
  lap::GeneratorSpec instance{lap::Generator::Uniform, 2000, lap::CostRange::N, 1};
  lap::LapOptions solver{lap::LapAlgorithm::Tree, lap::Backend::Cpu, 0};
  int repeats = 5;
  QString csvPath;
};

// Returns 0 on success; prints a one-line error and returns 1 otherwise.
int runWatchedBench(MainWindow& window, const WatchedBenchOptions& options);

}  // namespace ms::studio
