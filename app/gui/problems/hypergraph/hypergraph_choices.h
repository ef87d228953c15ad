#pragma once
// Hypergraphs' choices in the panels: the generators and .hgr/.mtx files in the instance panel; the
// algorithm (coarsening by greedy or suitor matching, or the multilevel bipartition), suitor's backend, the
// balance threshold, the number of parts with the k-way objective, the bipartition's refinement and how many
// nodes one step matches in the algorithm panel.

#include "app/gui/algorithm_panel.h"
#include "app/gui/instance_panel.h"
#include "app/gui/problems/hypergraph/hypergraph_instance.h"
#include "solver/hypergraph/kway_partition.h"

QT_BEGIN_NAMESPACE
class QComboBox;
class QDoubleSpinBox;
QT_END_NAMESPACE

namespace ms::studio {

class HypergraphInstanceForm final : public InstanceForm {
 public:
  explicit HypergraphInstanceForm(QWidget& panel);

  void setGenerator(HypergraphGenerator generator);

  QString title() const override;
  std::vector<std::pair<QString, QWidget*>> rows() const override;
  InstanceSource generatorSource(int32_t n, uint64_t seed) const override;
  InstanceSource fileSource(const QString& path) const override;
  QString fileDialogTitle() const override;
  QString fileFilter() const override;
  QString recentFilesKey() const override { return QStringLiteral("instance/recentHypergraphFiles"); }
  void saveSettings(QSettings& settings) const override;
  void restoreSettings(const QSettings& settings) override;

 private:
  QComboBox* generator_;
};

class HypergraphAlgorithmPage final : public AlgorithmPage {
  Q_OBJECT
 public:
  HypergraphAlgorithmPage(QSpinBox& threads, QWidget* parent);

  hypergraph::HypergraphOptions options() const;  // backend as chosen (not yet resolved)
  void setOptions(const hypergraph::HypergraphOptions& options);
  // Bipartition into more than two parts: recursive bisection and k-way refinement on this objective.
  int32_t parts() const;
  hypergraph::Objective objective() const;

  void saveSettings(QSettings& settings) const override;
  void restoreSettings(const QSettings& settings) override;

 private:
  void enableChoices();

  QComboBox* algorithm_;
  QComboBox* matchingRule_;
  QComboBox* backend_;
  QDoubleSpinBox* epsilon_;
  QSpinBox* parts_;
  QComboBox* objective_;
  QComboBox* refinement_;
  QSpinBox* nodesPerStep_;
};

}  // namespace ms::studio
