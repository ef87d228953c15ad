#pragma once
// Which solver runs: Hungarian variant (or brute force), backend and OpenMP threads.

#include <QWidget>

#include "solver/lap/lap_solver.h"

QT_BEGIN_NAMESPACE
class QComboBox;
class QSettings;
class QSpinBox;
QT_END_NAMESPACE

namespace ms::studio {

class AlgorithmPanel : public QWidget {
  Q_OBJECT
 public:
  explicit AlgorithmPanel(QWidget* parent = nullptr);

  lap::LapOptions options() const;  // backend as chosen (Auto not yet resolved)
  void setOptions(const lap::LapOptions& options);

  void saveSettings(QSettings& settings) const;
  void restoreSettings(const QSettings& settings);

 signals:
  void optionsChanged();

 private:
  QComboBox* variant_;
  QComboBox* backend_;
  QSpinBox* threads_;
};

}  // namespace ms::studio
