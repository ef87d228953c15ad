#include "app/gui/problems/lap/lap_session.h"

#include <QObject>
#include <QSplitter>
#include <QtConcurrent/QtConcurrentRun>
#include <cmath>
#include <exception>
#include <variant>

#include "app/gui/problems/lap/lap_approximation.h"
#include "views/charts/trace_charts.h"
#include "views/matrix/matrix_view.h"
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
  lap::LapOptions options = algorithmPage_->options();
  options.backend = lap::isSequentialOnly(options.algorithm) ? lap::Backend::Sequential
                                                             : lap::resolveBackend(options.backend, notice);
  options.auction.roundsPerStep = 1;
  algorithm_ = options.algorithm;
  return lapMachineFactory(instance_.costs, options);
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
  switch (algorithm_) {
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
