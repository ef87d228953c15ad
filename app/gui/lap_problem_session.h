#pragma once
// The assignment problem in the studio: the cost matrix in the matrix view beside the alternating trees,
// the Hungarian counters in the charts and the log.

#include "app/gui/lap_choices.h"
#include "app/gui/lap_session.h"
#include "app/gui/problem_session.h"

namespace ms::views {
class TreeView;
}  // namespace ms::views

namespace ms::studio {

class LapProblemSession final : public ProblemSession {
 public:
  explicit LapProblemSession(StudioParts parts);

  const LapInstance& instance() const { return instance_; }
  views::TreeView& treeView() const { return *treeView_; }
  LapAlgorithmPage& algorithmPage() const { return *algorithmPage_; }

  ProblemKind kind() const override { return ProblemKind::Assignment; }
  std::function<void()> load(const InstanceSource& source) override;
  void dropInstance() override { instance_ = {}; }
  bool hasInstance() const override { return instance_.costs != nullptr; }
  QString description() const override { return instance_.description; }
  int32_t size() const override { return instance_.n(); }
  MachineFactory machineFactory(std::string* notice) const override;
  void setViewsShown(bool shown) override;
  MatrixUse matrixUse() const override;
  views::TraceChartsConfig chartsConfig() const override;
  views::StepExplainer explainer() const override;
  StatusWords statusWords() const override;
  void sessionStarted() override;
  void showSnapshot(const Snapshot& snapshot, StatusValues& status) override;
  QImage renderMainView(QSize size) const override;

 private:
  void adopt(const LapInstanceSource& source, LapInstance instance);

  LapInstance instance_;
  LapInstanceForm* instanceForm_;  // owned by the instance panel
  LapAlgorithmPage* algorithmPage_;
  views::TreeView* treeView_;
};

}  // namespace ms::studio
