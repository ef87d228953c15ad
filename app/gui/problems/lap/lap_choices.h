#pragma once
// The assignment problem's choices in the panels: its generators and matrix files in the instance panel,
// the algorithm (a Hungarian variant, brute force or an approximation), backend and random's seed in the
// algorithm panel.

#include "app/gui/algorithm_panel.h"
#include "app/gui/instance_panel.h"
#include "solver/lap/lap_solver.h"

QT_BEGIN_NAMESPACE
class QComboBox;
QT_END_NAMESPACE

namespace ms::studio {

class LapInstanceForm final : public InstanceForm {
 public:
  explicit LapInstanceForm(QWidget& panel);

  void setGenerator(const lap::GeneratorSpec& spec);  // its generator and cost range

  QString title() const override;
  std::vector<std::pair<QString, QWidget*>> rows() const override;
  InstanceSource generatorSource(int32_t n, uint64_t seed) const override;
  InstanceSource fileSource(const QString& path) const override;
  QString fileDialogTitle() const override;
  QString fileFilter() const override;
  QString recentFilesKey() const override { return QStringLiteral("instance/recentFiles"); }
  void saveSettings(QSettings& settings) const override;
  void restoreSettings(const QSettings& settings) override;

 private:
  QComboBox* generator_;
  QComboBox* range_;
};

class LapAlgorithmPage final : public AlgorithmPage {
  Q_OBJECT
 public:
  LapAlgorithmPage(QSpinBox& threads, QWidget* parent);

  lap::LapOptions options() const;  // backend as chosen (Auto not yet resolved)
  void setOptions(const lap::LapOptions& options);

  void saveSettings(QSettings& settings) const override;
  void restoreSettings(const QSettings& settings) override;

 private:
  void enableChoices();

  QComboBox* variant_;
  QComboBox* backend_;
  QSpinBox* shuffleSeed_;
};

}  // namespace ms::studio
