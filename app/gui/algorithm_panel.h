#pragma once
// Which solver runs: for assignment the Hungarian variant (or brute force) and backend; for weighted matching
// the algorithm, backend, initial matching and phase limit; OpenMP threads for both. The page shown follows
// the problem kind; both sets of options are kept.

#include <QWidget>

#include "app/gui/instance_source.h"
#include "solver/lap/lap_solver.h"
#include "solver/matching/matching_solver.h"

QT_BEGIN_NAMESPACE
class QComboBox;
class QSettings;
class QSpinBox;
class QStackedWidget;
QT_END_NAMESPACE

namespace ms::studio {

class AlgorithmPanel : public QWidget {
  Q_OBJECT
 public:
  explicit AlgorithmPanel(QWidget* parent = nullptr);

  lap::LapOptions options() const;  // backend as chosen (Auto not yet resolved)
  void setOptions(const lap::LapOptions& options);
  matching::MatchingOptions matchingOptions() const;  // backend as chosen (not yet resolved)
  void setMatchingOptions(const matching::MatchingOptions& options);
  void setProblemKind(ProblemKind kind);  // which page shows; emits nothing

  void saveSettings(QSettings& settings) const;
  void restoreSettings(const QSettings& settings);

 signals:
  void optionsChanged();

 private:
  void enableMatchingChoices();

  QStackedWidget* pages_;
  QComboBox* variant_;
  QComboBox* backend_;
  QComboBox* matchingAlgorithm_;
  QComboBox* matchingBackend_;
  QComboBox* initialMatching_;
  QSpinBox* maxPhases_;
  QSpinBox* threads_;
};

}  // namespace ms::studio
