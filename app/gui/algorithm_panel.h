#pragma once
// Which solver runs: each problem kind adds a page of its choices (algorithm, backend, ...); the page shown
// follows the problem kind, every page's choices are kept. The OpenMP thread count below the pages is
// shared by all kinds.

#include <QWidget>
#include <map>

#include "app/gui/instance_source.h"

QT_BEGIN_NAMESPACE
class QSettings;
class QSpinBox;
class QStackedWidget;
QT_END_NAMESPACE

namespace ms::studio {

// One kind's choices. Its options include the shared thread count, which it reads and sets through
// `threads`.
class AlgorithmPage : public QWidget {
  Q_OBJECT
 public:
  AlgorithmPage(QSpinBox& threads, QWidget* parent) : QWidget(parent), threads_(threads) {}

  virtual void saveSettings(QSettings& settings) const = 0;
  virtual void restoreSettings(const QSettings& settings) = 0;  // emits nothing

 signals:
  void optionsChanged();

 protected:
  QSpinBox& threads_;
};

class AlgorithmPanel : public QWidget {
  Q_OBJECT
 public:
  explicit AlgorithmPanel(QWidget* parent = nullptr);

  QSpinBox& threads() { return *threads_; }  // for the pages' options
  // `page` (a child of this panel, made with threads()) shows while `kind` is chosen.
  void addPage(ProblemKind kind, AlgorithmPage* page);
  void setProblemKind(ProblemKind kind);  // which page shows; emits nothing

  void saveSettings(QSettings& settings) const;
  void restoreSettings(const QSettings& settings);

 signals:
  void optionsChanged();

 private:
  void fitShownPage();

  QStackedWidget* pages_;
  std::map<ProblemKind, AlgorithmPage*> pageOfKind_;
  QSpinBox* threads_;
};

}  // namespace ms::studio
