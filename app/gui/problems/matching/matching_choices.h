#pragma once
// Weighted matching's choices in the panels: its graph generators and files in the instance panel, the
// objective (by graph, minimise or maximise), algorithm, backend, initial matching and phase limit in the
// algorithm panel.

#include <optional>
#include "app/gui/algorithm_panel.h"
#include "app/gui/instance_panel.h"

#include "solver/matching/matching_solver.h"

QT_BEGIN_NAMESPACE
class QComboBox;
QT_END_NAMESPACE

namespace ms::studio {

class MatchingInstanceForm final : public InstanceForm {
 public:
  explicit MatchingInstanceForm(QWidget& panel);

  void setGenerator(const matching::GraphSpec& spec);  // its distribution

  QString title() const override;
  std::vector<std::pair<QString, QWidget*>> rows() const override;
  InstanceSource generatorSource(int32_t n, uint64_t seed) const override;
  InstanceSource fileSource(const QString& path) const override;
  QString fileDialogTitle() const override;
  QString fileFilter() const override;
  QString recentFilesKey() const override { return QStringLiteral("instance/recentGraphFiles"); }
  void saveSettings(QSettings& settings) const override;
  void restoreSettings(const QSettings& settings) override;

 private:
  QComboBox* graphGenerator_;
};

class MatchingAlgorithmPage final : public AlgorithmPage {
  Q_OBJECT
 public:
  MatchingAlgorithmPage(QSpinBox& threads, QWidget* parent);

  // Backend as chosen (not yet resolved); the objective is resolved against the graph by objectiveFor().
  matching::MatchingOptions options() const;
  // Sets every choice but the objective (MatchingOptions cannot say "by graph"): see setObjective.
  void setOptions(const matching::MatchingOptions& options);
  // The objective chosen, or none for "by graph" (the default): minimise geometric graphs, maximise others.
  std::optional<matching::Objective> objective() const;
  void setObjective(std::optional<matching::Objective> objective);
  matching::Objective objectiveFor(const matching::CompleteGraph& graph) const;

  void saveSettings(QSettings& settings) const override;
  void restoreSettings(const QSettings& settings) override;

 private:
  void enableChoices();

  QComboBox* objective_;
  QComboBox* algorithm_;
  QComboBox* backend_;
  QComboBox* initialMatching_;
  QSpinBox* maxPhases_;
};

}  // namespace ms::studio
