#pragma once
// Hypergraph coarsening and bipartitioning in the studio: the matrix view draws the incidence matrix of the
// level being worked on (a density raster when large); each step shows the current node's hyperedges and
// its neighbours, every nonzero the scan reads coloured by the warp lane that reads it (the paper's Fig. 7),
// bars over the columns for the nodes matched so far (or the side of each node once partitioned); the
// charts follow the sizes per level, the time per phase and the cut and imbalance per FM pass.

#include "app/gui/problem_session.h"
#include "app/gui/problems/hypergraph/hypergraph_choices.h"
#include "app/gui/problems/hypergraph/hypergraph_instance.h"
#include "views/render/matrix_renderer.h"

namespace ms::studio {

// The colour of warp lane `lane` (of kWarpWidth) in the matrix view: hues around the circle.
render::Rgb8 laneColour(int32_t lane);

// The matrix view's overlay for `snapshot` on `raster` (which shows snapshot.graph), and its caption.
render::MatrixOverlay hypergraphOverlay(const hypergraph::HypergraphSnapshot& snapshot,
                                        const IncidenceRaster& raster);
QString hypergraphCaption(const hypergraph::HypergraphSnapshot& snapshot);

class HypergraphSession final : public ProblemSession {
 public:
  explicit HypergraphSession(StudioParts parts);

  const HypergraphInstance& instance() const { return instance_; }
  HypergraphAlgorithmPage& algorithmPage() const { return *algorithmPage_; }
  const IncidenceRaster& raster() const { return raster_; }  // of the level shown

  ProblemKind kind() const override { return ProblemKind::Hypergraph; }
  std::function<void()> load(const InstanceSource& source) override;
  void dropInstance() override;
  bool hasInstance() const override { return instance_.graph != nullptr; }
  QString description() const override { return instance_.description; }
  int32_t size() const override { return instance_.n(); }
  MachineFactory machineFactory(std::string* notice) override;
  void setViewsShown(bool /*shown*/) override {}
  MatrixUse matrixUse() const override;
  views::TraceChartsConfig chartsConfig() const override;
  views::StepExplainer explainer(const SessionInfo& session) const override;
  StatusWords statusWords() const override;
  views::Legend legend() const override;
  void sessionStarted() override;
  void showSnapshot(const Snapshot& snapshot, StatusValues& status) override;
  QImage renderMainView(QSize size) const override;

 private:
  void adopt(const HypergraphInstanceSource& source, HypergraphInstance instance);
  // A bipartition into more than two parts: the k-way machine runs.
  bool kWayChosen() const;
  void showGraph(std::shared_ptr<const hypergraph::Hypergraph> graph,
                 std::span<const uint8_t> partition = {});

  HypergraphInstance instance_;
  HypergraphInstanceForm* instanceForm_;  // owned by the instance panel
  HypergraphAlgorithmPage* algorithmPage_;
  std::shared_ptr<const hypergraph::Hypergraph> shownGraph_;  // the level the matrix view draws
  IncidenceRaster raster_;
  std::vector<uint8_t> groupedBy_;  // the partition the raster's columns are grouped by (empty: none)
};

}  // namespace ms::studio
