// matchscope: the studio. Without options it opens the window on the last generator settings; options
// choose the problem (LAP, weighted matching or hypergraph), instance and solver, and can script a run
// (steps, then screenshots) or the watched-solve bench.
#include <QApplication>
#include <QCommandLineParser>
#include <QSize>
#include <array>
#include <cstdio>
#include <exception>
#include <stdexcept>
#include <string>

#include "app/gui/event_wait.h"
#include "app/gui/instance_panel.h"
#include "app/gui/legend_dock.h"
#include "app/gui/main_window.h"
#include "app/gui/problems/hypergraph/hypergraph_session.h"
#include "app/gui/problems/lap/lap_session.h"
#include "app/gui/problems/matching/matching_session.h"
#include "app/gui/race/race_clock.h"
#include "app/gui/race/race_panel.h"
#include "app/gui/race/race_side.h"
#include "app/gui/watched_bench.h"
#include "app/qt_platform_choice.h"
#include "solver/lap/lap_names.h"
#include "views/charts/trace_charts.h"
#include "views/matrix/matrix_view.h"

namespace {

using namespace ms;
using namespace ms::studio;

constexpr std::chrono::minutes kScriptTimeout(10);

struct Options {
  std::optional<InstanceSource> source;
  std::optional<lap::LapOptions> solver;
  std::optional<matching::MatchingOptions> matchingSolver;
  std::optional<hypergraph::HypergraphOptions> hypergraphSolver;
  int steps = 0;
  std::optional<ProblemKind> chooseAfterSteps;  // a kind chosen in the instance panel after the steps
  std::optional<std::array<RaceRun, 2>> race;   // opens Race mode; the steps are the race's ticks
  QString screenshot;
  QString matrixPng;
  QSize pngSize{1920, 1080};
  bool pngLegend = false;
  QSize windowSize;  // empty: the saved or default geometry
  QString benchCsv;
  int benchN = 2000;
  int benchRepeats = 5;
};

QSize parseSize(const QString& text) {
  const QStringList parts = text.split(QLatin1Char('x'));
  if (parts.size() != 2 || parts[0].toInt() <= 0 || parts[1].toInt() <= 0)
    throw std::invalid_argument("--png-size and --window-size take WIDTHxHEIGHT, e.g. 1920x1080");
  return {parts[0].toInt(), parts[1].toInt()};
}

// The solver's parsers (solver/lap/lap_names.h), with the option named in the message.
lap::LapAlgorithm parseAlgorithm(const QString& name) {
  try {
    return lap::parseLapAlgorithm(name.toStdString());
  } catch (const std::invalid_argument& error) {
    throw std::invalid_argument("--algorithm: " + std::string(error.what()));
  }
}

HypergraphGenerator parseHypergraphGenerator(const QString& name) {
  for (auto generator :
       {HypergraphGenerator::Random, HypergraphGenerator::Flickr, HypergraphGenerator::Wikipedia,
        HypergraphGenerator::Stanford, HypergraphGenerator::StanfordBerkeley}) {
    if (name == hypergraphGeneratorName(generator)) return generator;
  }
  throw std::invalid_argument(
      "--generate takes random, flickr, wikipedia, stanford or stanford-berkeley for hypergraphs");
}

lap::Backend parseBackend(const QString& name) {
  try {
    return lap::parseBackend(name.toStdString());
  } catch (const std::invalid_argument& error) {
    throw std::invalid_argument("--backend: " + std::string(error.what()));
  }
}

// --race LEFT,RIGHT, each ALGORITHM or ALGORITHM:BACKEND ("classical,tree", "tree:cpu,tree:cuda").
std::array<RaceRun, 2> parseRace(const QString& text) {
  const QStringList runs = text.split(QLatin1Char(','));
  if (runs.size() != 2)
    throw std::invalid_argument(
        "--race takes two runs, LEFT,RIGHT, each ALGORITHM[:BACKEND] (e.g. classical,tree)");
  std::array<RaceRun, 2> race;
  for (std::size_t side = 0; side < race.size(); ++side) {
    const QStringList parts = runs[static_cast<qsizetype>(side)].split(QLatin1Char(':'));
    try {
      race[side].algorithm = lap::parseLapAlgorithm(parts[0].toStdString());
      if (parts.size() > 1) race[side].backend = lap::parseBackend(parts[1].toStdString());
    } catch (const std::invalid_argument& error) {
      throw std::invalid_argument("--race: " + std::string(error.what()));
    }
    if (parts.size() > 2) throw std::invalid_argument("--race: a run is ALGORITHM or ALGORITHM:BACKEND");
  }
  return race;
}

ProblemKind parseProblem(const QString& problem) {
  if (problem == QLatin1String("matching")) return ProblemKind::Matching;
  if (problem == QLatin1String("lap")) return ProblemKind::Assignment;
  if (problem == QLatin1String("hypergraph")) return ProblemKind::Hypergraph;
  throw std::invalid_argument("--problem takes lap, matching or hypergraph");
}

// --problem hypergraph: the instance, and the algorithm with one node per step (so each scan can be seen).
void parseHypergraphOptions(const QCommandLineParser& parser, const QCommandLineOption& input,
                            const QCommandLineOption& generate, const QCommandLineOption& size,
                            const QCommandLineOption& seed, const QCommandLineOption& algorithm,
                            const QCommandLineOption& backend, const QCommandLineOption& threads,
                            const QCommandLineOption& refinement, Options& options) {
  if (parser.isSet(input) || parser.isSet(generate)) {
    HypergraphInstanceSource source;
    source.file = parser.value(input);
    if (parser.isSet(generate)) source.generator = parseHypergraphGenerator(parser.value(generate));
    source.n = parser.value(size).toInt();
    source.seed = parser.value(seed).toULongLong();
    options.source = source;
  }
  hypergraph::HypergraphOptions solver;
  if (parser.isSet(algorithm))
    solver.algorithm = hypergraph::parseHypergraphAlgorithm(parser.value(algorithm).toStdString());
  if (parser.isSet(backend)) solver.backend = parseBackend(parser.value(backend));
  if (parser.isSet(refinement)) {
    try {
      solver.refinement = hypergraph::parseRefinement(parser.value(refinement).toStdString());
    } catch (const std::invalid_argument& error) {
      throw std::invalid_argument("--refinement: " + std::string(error.what()));
    }
  }
  solver.threads = parser.value(threads).toInt();
  solver.nodesPerStep = 1;
  options.hypergraphSolver = solver;
}

Options parseOptions(const QApplication& app) {
  QCommandLineParser parser;
  parser.setApplicationDescription(QStringLiteral("MatchScope studio: watch GPU matching algorithms solve"));
  parser.addHelpOption();
  const QCommandLineOption problem(QStringLiteral("problem"), QStringLiteral("lap, matching or hypergraph."),
                                   QStringLiteral("P"), QStringLiteral("lap"));
  const QCommandLineOption input(QStringLiteral("input"),
                                 QStringLiteral("Open this cost matrix (matching: graph)."),
                                 QStringLiteral("FILE"));
  const QCommandLineOption generate(
      QStringLiteral("generate"),
      QStringLiteral(
          "uniform, real, exponential or euclidean (matching: uniform, exponential or geometric; hypergraph: "
          "random, flickr, wikipedia, stanford or stanford-berkeley)."),
      QStringLiteral("KIND"));
  const QCommandLineOption size(QStringLiteral("n"), QStringLiteral("Size of the generated instance."),
                                QStringLiteral("N"), QStringLiteral("60"));
  const QCommandLineOption range(QStringLiteral("range"), QStringLiteral("n/10, n or 10n (uniform)."),
                                 QStringLiteral("R"), QStringLiteral("n"));
  const QCommandLineOption seed(QStringLiteral("seed"), QStringLiteral("Generator seed."),
                                QStringLiteral("S"), QStringLiteral("1"));
  const QCommandLineOption algorithm(
      QStringLiteral("algorithm"),
      QStringLiteral(
          "classical, tree, brute, random, greedy-naive, greedy or auction (matching: greedy, roma, "
          "parallel-roma-1, parallel-roma-2 or exact; hypergraph: coarsen-greedy, coarsen-suitor or "
          "bipartition)."),
      QStringLiteral("A"));
  const QCommandLineOption backend(QStringLiteral("backend"),
                                   QStringLiteral("auto, cpu, sequential or cuda (matching: cpu or cuda)."),
                                   QStringLiteral("B"), QStringLiteral("auto"));
  const QCommandLineOption refinement(
      QStringLiteral("refinement"),
      QStringLiteral("hypergraph: how the bipartition refines each level: auto, fm or jet (Jet, then FM)."),
      QStringLiteral("R"));
  const QCommandLineOption init(QStringLiteral("init"),
                                QStringLiteral("matching: neighbour, half, shuffled or greedy."),
                                QStringLiteral("I"), QStringLiteral("neighbour"));
  const QCommandLineOption maxPhases(
      QStringLiteral("max-phases"),
      QStringLiteral("matching: stop ROMA after K phases (0 = at convergence)."), QStringLiteral("K"),
      QString::number(matching::kDefaultMaxPhases));
  const QCommandLineOption threads(QStringLiteral("threads"), QStringLiteral("OpenMP threads (0 = all)."),
                                   QStringLiteral("T"), QStringLiteral("0"));
  const QCommandLineOption steps(QStringLiteral("steps"), QStringLiteral("Take K steps after loading."),
                                 QStringLiteral("K"));
  const QCommandLineOption screenshot(QStringLiteral("screenshot"),
                                      QStringLiteral("After the steps, export the window as PNG and quit."),
                                      QStringLiteral("FILE"));
  const QCommandLineOption matrixPng(
      QStringLiteral("matrix-png"),
      QStringLiteral("After the steps, export the matrix view as PNG and quit."), QStringLiteral("FILE"));
  const QCommandLineOption pngSize(QStringLiteral("png-size"), QStringLiteral("Size of --matrix-png."),
                                   QStringLiteral("WxH"), QStringLiteral("1920x1080"));
  const QCommandLineOption pngLegend(QStringLiteral("png-legend"),
                                     QStringLiteral("Add the legend to the right of --matrix-png."));
  const QCommandLineOption windowSize(QStringLiteral("window-size"),
                                      QStringLiteral("Open the window at this size (e.g. for --screenshot)."),
                                      QStringLiteral("WxH"));
  const QCommandLineOption bench(QStringLiteral("bench-watched"),
                                 QStringLiteral("Time watched against headless solves, write CSV, quit."),
                                 QStringLiteral("CSV"));
  const QCommandLineOption benchRepeats(QStringLiteral("bench-repeats"),
                                        QStringLiteral("Solves of each kind."), QStringLiteral("R"),
                                        QStringLiteral("5"));
  const QCommandLineOption choose(
      QStringLiteral("choose-problem"),
      QStringLiteral(
          "After the steps, choose this problem kind in the instance panel, as a person would (the "
          "run closes until an instance of that kind is loaded)."),
      QStringLiteral("P"));
  const QCommandLineOption race(
      QStringLiteral("race"),
      QStringLiteral("Open Race mode on the LAP instance: two runs side by side, each ALGORITHM[:BACKEND] "
                     "(e.g. classical,tree or tree:cpu,tree:cuda); --steps then ticks the race's clock."),
      QStringLiteral("LEFT,RIGHT"));
  parser.addOptions({problem,   input,      generate, size,         range,  seed,       algorithm, backend,
                     init,      maxPhases,  threads,  steps,        choose, screenshot, matrixPng, pngSize,
                     pngLegend, windowSize, bench,    benchRepeats, race,   refinement});
  parser.process(app);

  Options options;
  const ProblemKind kind = parseProblem(parser.value(problem));
  const bool matchingProblem = kind == ProblemKind::Matching;
  if (kind != ProblemKind::Assignment && parser.isSet(bench)) {
    throw std::invalid_argument("--bench-watched times LAP solves only");
  }
  if (kind == ProblemKind::Hypergraph) {
    parseHypergraphOptions(parser, input, generate, size, seed, algorithm, backend, threads, refinement,
                           options);
  } else if (matchingProblem) {
    if (parser.isSet(input) || parser.isSet(generate)) {
      MatchingInstanceSource source;
      source.file = parser.value(input);
      if (parser.isSet(generate)) {
        source.generator.distribution = matching::parseDistribution(parser.value(generate).toStdString());
      }
      source.generator.n = parser.value(size).toInt();
      source.generator.seed = parser.value(seed).toULongLong();
      options.source = source;
    }
    matching::MatchingOptions solver;
    if (parser.isSet(algorithm)) {
      solver.algorithm = matching::parseMatchingAlgorithm(parser.value(algorithm).toStdString());
    }
    if (parser.isSet(backend)) {
      solver.backend = parseBackend(parser.value(backend));
      if (solver.backend != lap::Backend::Cpu && solver.backend != lap::Backend::Cuda) {
        throw std::invalid_argument("--backend takes cpu or cuda for matching");
      }
    }
    solver.initial = matching::parseInitialMatching(parser.value(init).toStdString());
    solver.maxPhases = parser.value(maxPhases).toInt();
    solver.threads = parser.value(threads).toInt();
    options.matchingSolver = solver;
  } else if (parser.isSet(input) || parser.isSet(generate)) {
    LapInstanceSource source;
    source.file = parser.value(input);
    source.generator.generator = lap::parseGenerator(
        parser.value(generate).toStdString().empty() ? "uniform" : parser.value(generate).toStdString());
    source.generator.n = parser.value(size).toInt();
    source.generator.range = lap::parseCostRange(parser.value(range).toStdString());
    source.generator.seed = parser.value(seed).toULongLong();
    options.source = source;
  }
  if (kind == ProblemKind::Assignment &&
      (parser.isSet(algorithm) || parser.isSet(backend) || parser.isSet(threads))) {
    lap::LapOptions solver;
    solver.algorithm =
        parseAlgorithm(parser.isSet(algorithm) ? parser.value(algorithm) : QStringLiteral("tree"));
    solver.backend = parseBackend(parser.value(backend));
    solver.threads = parser.value(threads).toInt();
    options.solver = solver;
  }
  options.steps = parser.value(steps).toInt();
  if (parser.isSet(choose)) options.chooseAfterSteps = parseProblem(parser.value(choose));
  if (parser.isSet(race)) {
    if (kind != ProblemKind::Assignment) throw std::invalid_argument("--race races LAP solvers only");
    options.race = parseRace(parser.value(race));
  }
  options.screenshot = parser.value(screenshot);
  options.matrixPng = parser.value(matrixPng);
  options.pngSize = parseSize(parser.value(pngSize));
  options.pngLegend = parser.isSet(pngLegend);
  if (parser.isSet(windowSize)) options.windowSize = parseSize(parser.value(windowSize));
  options.benchCsv = parser.value(bench);
  if (parser.isSet(size)) options.benchN = parser.value(size).toInt();
  options.benchRepeats = parser.value(benchRepeats).toInt();
  return options;
}

// `ticks` ticks of the race's clock, each waited for, then a frame of both sides' matrices.
bool raceTicks(RacePanel& race, int ticks) {
  if (!processEventsUntil([&] { return race.ready(); }, kScriptTimeout)) {
    std::fprintf(stderr, "matchscope: the race's runs did not start\n");
    return false;
  }
  for (int k = 0; k < ticks && !race.clock().finished(); ++k) {
    race.step();
    if (!processEventsUntil([&] { return race.clock().idle(); }, kScriptTimeout)) {
      std::fprintf(stderr, "matchscope: tick %d of the race did not finish\n", k + 1);
      return false;
    }
  }
  for (std::size_t side = 0; side < RacePanel::kSides; ++side) {
    views::MatrixView& matrix = race.side(side).matrix();
    const quint64 frame = matrix.refresh();
    processEventsUntil([&] { return matrix.shownSerial() >= frame; }, kScriptTimeout);
  }
  return true;
}

// Loads, steps and exports (when asked) without a person at the window; the README's screenshot is made
// this way.
int runScript(MainWindow& window, const Options& options) {
  bool failed = false;
  QObject::connect(&window, &MainWindow::instanceFailed, [&failed] { failed = true; });
  if (!processEventsUntil([&] { return failed || window.controller().state() == RunState::Ready; },
                          kScriptTimeout) ||
      failed) {
    std::fprintf(stderr, "matchscope: %s\n", qPrintable(window.lastError()));
    return 1;
  }
  if (options.race) {
    if (!raceTicks(window.racePanel(), options.steps)) return 1;
  } else {
    for (int k = 0; k < options.steps; ++k) window.controller().stepPhase();
    // K steps taken, or the run finished in fewer (then the screenshot shows its end).
    const auto stepped = [&] {
      const RunState state = window.controller().state();
      return state == RunState::Finished ||
             (static_cast<int>(window.controller().trace().records().size()) >= options.steps &&
              state != RunState::Busy);
    };
    if (!processEventsUntil(stepped, kScriptTimeout)) {
      std::fprintf(stderr, "matchscope: the steps did not finish: %s\n", qPrintable(window.lastError()));
      return 1;
    }
  }
  if (options.chooseAfterSteps) {
    window.instancePanel().setProblemKind(*options.chooseAfterSteps);
    processEventsUntil([&] { return window.controller().state() != RunState::Busy; }, kScriptTimeout);
  }
  // The matrix view renders on its own thread: wait for a frame of the final state.
  const quint64 frame = window.matrixView().refresh();
  processEventsUntil([&] { return window.matrixView().shownSerial() >= frame; }, kScriptTimeout);
  window.charts().refreshNow();
  processEventsUntil([] { return false; }, std::chrono::milliseconds(200));  // charts lay out their titles
  try {
    if (!options.matrixPng.isEmpty()) window.exportMatrixPng(options.matrixPng, options.pngSize);
    if (!options.screenshot.isEmpty()) window.exportWindowPng(options.screenshot);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "matchscope: %s\n", e.what());
    return 1;
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  ms::useOffscreenPlatformWithoutDisplay("matchscope");
  QApplication app(argc, argv);
  QCoreApplication::setOrganizationName(QStringLiteral("MatchScope"));
  QCoreApplication::setApplicationName(QStringLiteral("matchscope"));
  Options options;
  try {
    options = parseOptions(app);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "matchscope: %s\n", e.what());
    return 2;
  }

  MainWindow window;
  if (!options.benchCsv.isEmpty()) {
    WatchedBenchOptions bench;
    if (options.source) bench.instance = std::get<LapInstanceSource>(*options.source).generator;
    bench.instance.n = options.benchN;
    if (options.solver) bench.solver = *options.solver;
    bench.repeats = options.benchRepeats;
    bench.csvPath = options.benchCsv;
    return runWatchedBench(window, bench);
  }
  if (options.solver) window.session<LapSession>().algorithmPage().setOptions(*options.solver);
  if (options.matchingSolver) {
    window.session<MatchingSession>().algorithmPage().setOptions(*options.matchingSolver);
    window.instancePanel().setProblemKind(ProblemKind::Matching);
  }
  if (options.hypergraphSolver) {
    window.session<HypergraphSession>().algorithmPage().setOptions(*options.hypergraphSolver);
    window.instancePanel().setProblemKind(ProblemKind::Hypergraph);
  }
  if (options.pngLegend) window.legendDock().setInExports(true);
  if (options.race) {
    window.racePanel().setRuns((*options.race)[0], (*options.race)[1]);
    window.setMode(WindowMode::Race);
  }
  if (options.windowSize.isValid()) {
    // The size asked for wins over the first launch's fit to the screen (which maximizes the window on a
    // screen smaller than 1600 x 1000, such as the offscreen platform's 800 x 800).
    window.setWindowState(window.windowState() & ~Qt::WindowMaximized);
    window.resize(options.windowSize);
  }
  window.loadInstance(options.source ? *options.source : window.instancePanel().currentGeneratorSource());
  window.show();
  const bool exporting = !options.screenshot.isEmpty() || !options.matrixPng.isEmpty();
  if (exporting || options.steps > 0) {
    const int status = runScript(window, options);
    if (exporting || status != 0) return status;
  }
  return app.exec();
}
