#include "app/gui/problems/lap/lap_session.h"

#include <QObject>
#include <QSplitter>
#include <QtConcurrent/QtConcurrentRun>
#include <cmath>
#include <exception>
#include <variant>

#include "app/gui/matrix_legend.h"
#include "app/gui/problems/lap/lap_approximation.h"
#include "views/charts/trace_charts.h"
#include "views/matrix/matrix_view.h"
#include "views/palette.h"
#include "views/render/matrix_style.h"
#include "views/tree/tree_view.h"

namespace ms::studio {

LapSession::LapSession(StudioParts parts)
    : ProblemSession(parts),
      algorithmPage_(new LapAlgorithmPage(parts.algorithms.threads(), &parts.algorithms)),
      treeView_(new views::TreeView(&parts.central)),
      optimum_(std::nan("")) {
  parts.algorithms.addPage(kind(), algorithmPage_);
  auto form = std::make_unique<LapInstanceForm>(parts.instances);
  instanceForm_ = form.get();
  parts.instances.addKind(kind(), std::move(form));
  treeView_->setObjectName(QStringLiteral("treeView"));
  parts.central.addWidget(treeView_);
  parts.central.setStretchFactor(parts.central.indexOf(treeView_), 2);
  QObject::connect(&optimumWatcher_, &QFutureWatcher<double>::finished, &optimumWatcher_, [this] {
    if (optimumOf_ == nullptr || optimumOf_ != instance_.costs) return;  // for an instance no longer loaded
    optimum_ = optimumWatcher_.result();
    if (isApproximation(algorithm_)) parts_.charts.setReference(optimum_);
  });
}

LapSession::~LapSession() {
  optimumWatcher_.waitForFinished();
}

std::function<void()> LapSession::load(const InstanceSource& source) {
  const auto& lapSource = std::get<LapInstanceSource>(source);
  return [this, lapSource, instance = loadLapInstance(lapSource)]() mutable {
    adopt(lapSource, std::move(instance));
  };
}

void LapSession::adopt(const LapInstanceSource& source, LapInstance instance) {
  dropInstance();
  instance_ = std::move(instance);
  if (source.file.isEmpty()) instanceForm_->setGenerator(source.generator);
  parts_.instances.sourceLoaded(kind(), source.file, source.generator.n, source.generator.seed);
  parts_.matrix.setCosts(instance_.costs);
  treeView_->setZeroTolerance(std::visit(
      [](const auto& matrix) { return static_cast<double>(lap::zeroTolerance(matrix)); }, *instance_.costs));
}

// The optimum belongs to the instance (a computation under way for it finishes unheeded).
void LapSession::dropInstance() {
  instance_ = {};
  optimumOf_ = nullptr;
  optimum_ = std::nan("");
}

// Brute force, random and greedy run sequentially whatever was asked. The studio watches every bidding
// round of the auction.
MachineFactory LapSession::machineFactory(std::string* notice) {
  if (instance_.costs == nullptr) return {};
  const lap::LapOptions options = algorithmPage_->options();
  algorithm_ = options.algorithm;
  return machineFactoryFor(options, notice);
}

MachineFactory LapSession::machineFactoryFor(lap::LapOptions options, std::string* notice) const {
  if (instance_.costs == nullptr) return {};
  options.backend = resolvedBackend(options, notice);
  options.auction.roundsPerStep = 1;
  return lapMachineFactory(instance_.costs, options);
}

lap::Backend LapSession::resolvedBackend(const lap::LapOptions& options, std::string* notice) {
  return lap::isSequentialOnly(options.algorithm) ? lap::Backend::Sequential
                                                  : lap::resolveBackend(options.backend, notice);
}

void LapSession::setViewsShown(bool shown) {
  treeView_->setVisible(shown && !isApproximation(algorithm_));
}

// An approximation has no duals: no slack.
MatrixUse LapSession::matrixUse() const {
  return {true, QObject::tr("cost"), !isApproximation(algorithm_)};
}

// The Hungarian counters the charts follow: assignments per iteration (the paper's Table 2) and the frontier
// of every BFS level. An approximation's: its cost after each step against the optimum, and what its steps
// scan (greedy) or bid (auction).
views::TraceChartsConfig LapSession::chartsConfig() const {
  views::TraceChartsConfig config;
  if (!isApproximation(algorithm_)) {
    config.gainCounter = "assigned";
    config.gainTitle = QObject::tr("Assignments gained per iteration");
    config.phaseCharts = {{"forward_level", {"frontier"}, QObject::tr("Frontier size per BFS level"), {}}};
    return config;
  }
  config.showsObjective = true;
  config.timeTitle = QObject::tr("Time per phase");
  config.iterationTitle = statusWords().loop;
  if (algorithm_ == lap::LapAlgorithm::Auction) {
    config.phaseCharts = {{"bidding",
                           {"bids", "unassigned"},
                           QObject::tr("Bids and unassigned rows per bidding round"),
                           QObject::tr("round")}};
  } else if (algorithm_ != lap::LapAlgorithm::Random) {
    config.phaseCharts = {
        {"take", {"entries_scanned"}, QObject::tr("Entries looked at per take"), QObject::tr("take")}};
  }
  return config;
}

views::StepExplainer LapSession::explainer(const SessionInfo& session) const {
  if (isApproximation(algorithm_)) {
    return [names = session.counterNames](const StepRecord& record) {
      return explainApproximationStep(record, names);
    };
  }
  return [n = instance_.n()](const StepRecord& record) { return explainLapStep(record, n); };
}

StatusWords LapSession::statusWords() const {
  return wordsFor(algorithm_);
}

StatusWords LapSession::wordsFor(lap::LapAlgorithm algorithm) {
  switch (algorithm) {
    case lap::LapAlgorithm::Random:
      return {QObject::tr("draw"), QObject::tr("assigned"), QObject::tr("cost")};
    case lap::LapAlgorithm::GreedyNaive:
    case lap::LapAlgorithm::Greedy:
      return {QObject::tr("take"), QObject::tr("assigned"), QObject::tr("cost")};
    case lap::LapAlgorithm::Auction:
      return {QObject::tr("scaling phase"), QObject::tr("assigned"), QObject::tr("cost")};
    case lap::LapAlgorithm::Classical:
    case lap::LapAlgorithm::Tree:
    case lap::LapAlgorithm::Brute:
      break;
  }
  return {QObject::tr("iteration"), QObject::tr("assigned"), QObject::tr("objective")};
}

// The matrix view's marks for the algorithm of the session, then the tree view's for the Hungarian solvers.
views::Legend LapSession::legend() const {
  using views::LegendMark;
  namespace style = render::style;
  views::Legend legend;
  legend.title = QObject::tr("Assignment problem, %1: what the marks mean")
                     .arg(QString::fromUtf8(lap::algorithmName(algorithm_).data(),
                                            static_cast<qsizetype>(lap::algorithmName(algorithm_).size())));
  auto& entries = legend.entries;
  entries.push_back(
      colourScaleEntry(parts_.matrix.colorMap(), parts_.matrix.quantity(), QObject::tr("cost")));
  entries.push_back(
      {LegendMark::Fill, {toQColor(style::kForbidden)}, QObject::tr("forbidden entry (cost +inf)")});
  switch (algorithm_) {
    case lap::LapAlgorithm::Greedy:
    case lap::LapAlgorithm::GreedyNaive:
      entries.push_back(markEntry(
          style::kTakenMark, QObject::tr("the entry the latest take chose: the smallest uncovered one")));
      entries.push_back(coverEntry(QObject::tr("covered (lighter): a row or column already taken")));
      entries.push_back(assignmentEntry(QObject::tr("assigned cell (the entries taken so far)")));
      break;
    case lap::LapAlgorithm::Random:
      entries.push_back(markEntry(style::kTakenMark, QObject::tr("the position the latest draw fixed")));
      entries.push_back(coverEntry(QObject::tr("covered (lighter): a row drawn so far and its column")));
      entries.push_back(assignmentEntry(QObject::tr("assigned cell (the draws so far)")));
      break;
    case lap::LapAlgorithm::Auction:
      entries.push_back(markEntry(style::kBidMark, QObject::tr("a cell a row bid on in the latest round")));
      entries.push_back(assignmentEntry(QObject::tr("assigned cell (the current winner of each column)")));
      entries.push_back(coverEntry(QObject::tr("covered (lighter): an assigned row or column")));
      entries.push_back(
          barEntry(style::kDualPositive, QObject::tr("bar above a column: its price (longer = higher)")));
      break;
    case lap::LapAlgorithm::Brute:
      entries.push_back(assignmentEntry(QObject::tr("assigned cell (the permutation shown)")));
      break;
    case lap::LapAlgorithm::Classical:
    case lap::LapAlgorithm::Tree:
      entries.push_back({LegendMark::Dot,
                         {toQColor(style::kZeroMark)},
                         QObject::tr("zero slack (c − u − v = 0): an edge the search may use")});
      entries.push_back(coverEntry(
          QObject::tr("covered (lighter): an assigned row outside the trees, or a column a tree reached")));
      entries.push_back(assignmentEntry(QObject::tr("assigned cell (the current matching)")));
      entries.push_back(pathEntry(static_cast<int>(palette::kQualitative.size()),
                                  QObject::tr("augmenting path k, cell by cell, one colour per path "
                                              "(the same colour as its tree in the tree view)")));
      entries.push_back(
          barEntry(style::kDualPositive,
                   QObject::tr("dual ≥ 0: u left of each row, v above each column (length: size)")));
      entries.push_back(barEntry(style::kDualNegative, QObject::tr("dual < 0")));
      break;
  }
  entries.push_back(numbersEntry(parts_.matrix.quantity() == render::MatrixQuantity::Slack
                                     ? QObject::tr("slack")
                                     : QObject::tr("cost")));
  if (algorithm_ == lap::LapAlgorithm::Classical || algorithm_ == lap::LapAlgorithm::Tree) {
    entries.push_back({LegendMark::Circle,
                       {toQColor(palette::treeColour(0)), toQColor(palette::treeColour(1))},
                       QObject::tr("tree view: a row (r1, r2 …); its colour is its tree's")});
    entries.push_back({LegendMark::Square,
                       {toQColor(palette::treeColour(0)), toQColor(palette::treeColour(1))},
                       QObject::tr("tree view: a column (c1 …), left to right by BFS level")});
    entries.push_back({LegendMark::Line,
                       {toQColor(palette::pathColour(0))},
                       QObject::tr("tree view: thick edge, black outline: on an augmenting path")});
    entries.push_back({LegendMark::Ring,
                       {treeView_->palette().highlight().color()},
                       QObject::tr("tree view: a row the next BFS level expands (its level shaded)")});
  }
  legend.note = numberingNote();
  return legend;
}

void LapSession::sessionStarted() {
  treeView_->clear();
  plottedStep_ = -1;
  if (!isApproximation(algorithm_)) return;
  if (!std::isnan(optimum_)) {
    parts_.charts.setReference(optimum_);
  } else if (optimumOf_ != instance_.costs) {
    computeOptimum();
  }
}

// Off the GUI thread; an infeasible instance has no optimum to compare with.
void LapSession::computeOptimum() {
  optimumOf_ = instance_.costs;
  optimumWatcher_.setFuture(QtConcurrent::run([costs = instance_.costs]() {
    try {
      return hungarianOptimum(*costs);
    } catch (const std::exception&) {
      return std::nan("");
    }
  }));
}

// Every step's snapshot where the session keeps them, else the newest delivered.
void LapSession::progressDelivered(const RunController& controller) {
  if (!isApproximation(algorithm_)) return;
  const auto& history = controller.history();
  if (history.empty()) {
    if (controller.latestSnapshot() != nullptr) plotObjective(*controller.latestSnapshot());
    return;
  }
  for (std::size_t step = static_cast<std::size_t>(plottedStep_ + 1); step < history.size(); ++step) {
    plotObjective(*history[step]);
  }
}

void LapSession::chartsReplayed(const RunController& controller, int steps) {
  if (!isApproximation(algorithm_)) return;
  plottedStep_ = -1;
  if (!std::isnan(optimum_)) parts_.charts.setReference(optimum_);
  const auto& history = controller.history();
  for (std::size_t step = 0; step <= static_cast<std::size_t>(steps) && step < history.size(); ++step)
    plotObjective(*history[step]);
}

void LapSession::plotObjective(const Snapshot& snapshot) {
  const auto* lap = std::get_if<lap::LapSnapshot>(&snapshot);
  if (lap == nullptr || lap->step <= plottedStep_ || lap->n == 0) return;
  parts_.charts.appendObjective(lap->step, lap->objective, lap->assignedCount == lap->n);
  plottedStep_ = lap->step;
}

void LapSession::showSnapshot(const Snapshot& snapshot, StatusValues& status) {
  parts_.matrix.setSnapshot(snapshot);
  treeView_->setSnapshot(snapshot);
  if (const auto* lap = std::get_if<lap::LapSnapshot>(&snapshot)) {
    status.assigned = lap->assignedCount;
    status.objective = lap->objective;
  }
}

QImage LapSession::renderMainView(QSize size) const {
  return parts_.matrix.renderImage(size);
}

}  // namespace ms::studio
