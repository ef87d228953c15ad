#pragma once
// Weighted matching's choices in the panels: its graph generators and files in the instance panel, the
// algorithm, backend, initial matching and phase limit in the algorithm panel.

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

  matching::MatchingOptions options() const;  // backend as chosen (not yet resolved)
  void setOptions(const matching::MatchingOptions& options);

  void saveSettings(QSettings& settings) const override;
  void restoreSettings(const QSettings& settings) override;

 private:
  void enableChoices();

  QComboBox* algorithm_;
  QComboBox* backend_;
  QComboBox* initialMatching_;
  QSpinBox* maxPhases_;
};

}  // namespace ms::studio
