#pragma once
// Weighted matching in the studio: a graph with points in the graph view, one without in the matrix view
// as its weight matrix; ROMA's counters in the charts and the log.

#include "app/gui/problem_session.h"
#include "app/gui/problems/matching/matching_choices.h"
#include "app/gui/problems/matching/matching_instance.h"

namespace ms::views {
class GraphView;
}  // namespace ms::views

namespace ms::studio {

class MatchingSession final : public ProblemSession {
 public:
  explicit MatchingSession(StudioParts parts);

  const MatchingInstance& instance() const { return instance_; }
  views::GraphView& graphView() const { return *graphView_; }
  MatchingAlgorithmPage& algorithmPage() const { return *algorithmPage_; }

  ProblemKind kind() const override { return ProblemKind::Matching; }
  std::function<void()> load(const InstanceSource& source) override;
  void dropInstance() override { instance_ = {}; }
  bool hasInstance() const override { return instance_.graph != nullptr; }
  QString description() const override { return instance_.description; }
  int32_t size() const override { return instance_.n(); }
  MachineFactory machineFactory(std::string* notice) override;
  void setViewsShown(bool shown) override;
  MatrixUse matrixUse() const override;
  views::TraceChartsConfig chartsConfig() const override;
  views::StepExplainer explainer(const SessionInfo& session) const override;
  StatusWords statusWords() const override;
  views::Legend legend() const override;
  void sessionStarted() override {}
  void showSnapshot(const Snapshot& snapshot, StatusValues& status) override;
  QImage renderMainView(QSize size) const override;

 private:
  void adopt(const MatchingInstanceSource& source, MatchingInstance instance);
  bool geometric() const { return instance_.graph != nullptr && instance_.graph->hasPoints(); }

  MatchingInstance instance_;
  matching::Objective objective_ = matching::Objective::Maximise;  // of the latest machine factory
  MatchingInstanceForm* instanceForm_;                             // owned by the instance panel
  MatchingAlgorithmPage* algorithmPage_;
  views::GraphView* graphView_;
};

}  // namespace ms::studio
