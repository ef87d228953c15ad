#pragma once
// The assignment problem in the studio: the cost matrix in the matrix view beside the alternating trees,
// the Hungarian counters in the charts and the log. The approximations (random, greedy, auction) mark what
// each step did on the matrix and chart their cost against the Hungarian optimum of the same instance.

#include <QFutureWatcher>
#include <memory>

#include "app/gui/problem_session.h"
#include "app/gui/problems/lap/lap_choices.h"
#include "app/gui/problems/lap/lap_instance.h"

namespace ms::views {
class TreeView;
}  // namespace ms::views

namespace ms::studio {

class LapSession final : public ProblemSession {
 public:
  explicit LapSession(StudioParts parts);
  ~LapSession() override;  // waits for an optimum being computed

  const LapInstance& instance() const { return instance_; }
  views::TreeView& treeView() const { return *treeView_; }
  LapAlgorithmPage& algorithmPage() const { return *algorithmPage_; }
  // The Hungarian optimum of the loaded instance once computed (for an approximation's session), else NaN.
  double optimum() const { return optimum_; }

  ProblemKind kind() const override { return ProblemKind::Assignment; }
  std::function<void()> load(const InstanceSource& source) override;
  void dropInstance() override;
  bool hasInstance() const override { return instance_.costs != nullptr; }
  QString description() const override { return instance_.description; }
  int32_t size() const override { return instance_.n(); }
  MachineFactory machineFactory(std::string* notice) override;
  // A machine of the loaded instance with `options` rather than the panel's (the race's runs), made as the
  // studio's run is; empty without an instance. Throws when the backend cannot run.
  MachineFactory machineFactoryFor(lap::LapOptions options, std::string* notice) const;
  // Where `options` run: sequential for the one-thread algorithms, else the backend resolved (Auto: CUDA
  // when usable, `notice` saying why not).
  static lap::Backend resolvedBackend(const lap::LapOptions& options, std::string* notice);
  void setViewsShown(bool shown) override;
  MatrixUse matrixUse() const override;
  views::TraceChartsConfig chartsConfig() const override;
  views::StepExplainer explainer(const SessionInfo& session) const override;
  StatusWords statusWords() const override;
  // What `algorithm` calls its outer loop, pairs and value ("take", "assigned", "cost" for greedy).
  static StatusWords wordsFor(lap::LapAlgorithm algorithm);
  views::Legend legend() const override;
  void sessionStarted() override;
  void progressDelivered(const RunController& controller) override;
  void chartsReplayed(const RunController& controller, int steps) override;
  void showSnapshot(const Snapshot& snapshot, StatusValues& status) override;
  QImage renderMainView(QSize size) const override;

 private:
  void adopt(const LapInstanceSource& source, LapInstance instance);
  void plotObjective(const Snapshot& snapshot);
  void computeOptimum();

  LapInstance instance_;
  LapInstanceForm* instanceForm_;  // owned by the instance panel
  LapAlgorithmPage* algorithmPage_;
  views::TreeView* treeView_;
  // The algorithm of the session the factory last made; the views and charts follow it.
  lap::LapAlgorithm algorithm_ = lap::LapAlgorithm::Tree;
  int64_t plottedStep_ = -1;  // the last step whose cost the charts show
  double optimum_;
  std::shared_ptr<const lap::AnyCostMatrix> optimumOf_;  // the instance the optimum watched is computed for
  QFutureWatcher<double> optimumWatcher_;                // NaN when there is no optimum (infeasible instance)
};

}  // namespace ms::studio
