#pragma once
// The studio's main window: instance and algorithm panels, transport, the matrix view and the views of each
// problem kind (problem_registry.h), step log, charts and status bar around one run controller; a Learn mode
// shows the teaching panel in their place.

#include <QFutureWatcher>
#include <QMainWindow>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "app/gui/export_dialog.h"
#include "app/gui/instance_source.h"
#include "app/gui/problem_session.h"
#include "app/gui/run_controller.h"

QT_BEGIN_NAMESPACE
class QAction;
class QComboBox;
class QLabel;
class QSlider;
class QSplitter;
class QStackedWidget;
class QTableView;
class QToolBar;
QT_END_NAMESPACE

namespace ms::views {
class LearnPanel;
class MatrixView;
class StepLogModel;
class TraceCharts;
}  // namespace ms::views

namespace ms::studio {

class AlgorithmPanel;
class HistoryScrubber;
class InstancePanel;
class LegendDock;
class RacePanel;
class StepHistory;

// Studio: the solver views and docks. Learn: the Hungarian method lesson panel fills the window. Race: two
// runs of the loaded assignment instance side by side fill it.
enum class WindowMode { Studio, Learn, Race };

class MainWindow : public QMainWindow {
  Q_OBJECT
 public:
  explicit MainWindow(QWidget* parent = nullptr);
  ~MainWindow() override;

  // Reads or generates off the GUI thread, then starts a session; instanceReady or instanceFailed follows.
  void loadInstance(const InstanceSource& source);
  ProblemKind problemKind() const { return problem().kind(); }  // of the loaded instance
  ProblemSession& problem() const { return *sessions_[static_cast<std::size_t>(problem_)]; }
  // The session of the kind `Session` (LapSession, ...), loaded or not.
  template <class Session>
  Session& session() const {
    for (const auto& session : sessions_) {
      if (auto* wanted = dynamic_cast<Session*>(session.get())) return *wanted;
    }
    throw std::logic_error("no such problem session");
  }

  RunController& controller() { return *controller_; }
  views::MatrixView& matrixView() { return *matrixView_; }
  views::TraceCharts& charts() { return *charts_; }
  views::StepLogModel& logModel() { return *logModel_; }
  AlgorithmPanel& algorithmPanel() { return *algorithmPanel_; }
  InstancePanel& instancePanel() { return *instancePanel_; }
  LegendDock& legendDock() { return *legendDock_; }
  const StatusValues& status() const { return status_; }
  StepHistory& history() { return *history_; }
  // The snapshot the views show (either kind): the newest, or a stored one while scrubbing.
  const std::shared_ptr<const Snapshot>& shownSnapshot() const { return shownSnapshot_; }
  views::LearnPanel& learnPanel() { return *learnPanel_; }
  RacePanel& racePanel() { return *racePanel_; }
  WindowMode mode() const { return mode_; }
  void setMode(WindowMode mode);
  QString lastError() const { return lastError_; }

  // Exports through a temporary file and a rename; throw std::runtime_error naming the file on failure.
  void exportMatrixPng(const QString& path, QSize size);
  void exportWindowPng(const QString& path);
  void exportTraceCsv(const QString& path);
  void exportRequest(const ExportRequest& request);

 signals:
  void instanceReady();
  void instanceFailed(const QString& message);

 protected:
  void closeEvent(QCloseEvent* event) override;
  void showEvent(QShowEvent* event) override;
  void hideEvent(QHideEvent* event) override;

 private:
  struct LoadResult {
    ProblemKind kind;
    std::function<void()> adopt;  // empty when loading failed
    QString error;
  };

  void fitFirstLaunchToScreen();
  void buildViews();
  void buildDocks();
  void buildActions();
  void buildStatusBar();
  void buildModes();
  void updateLegend();
  void fitShownModePage();
  void startSession();
  void setProblemKind(ProblemKind kind);
  void problemKindChosen(ProblemKind kind);
  void algorithmOptionsChanged();
  bool chosenKindLoaded() const;
  void closeRun();
  void showProblemViews();
  void instanceLoaded();
  void sessionStarted();
  void recordsAppended(int firstIndex, int count);
  void snapshotUpdated(const std::shared_ptr<const Snapshot>& snapshot);
  void showSnapshot(const std::shared_ptr<const Snapshot>& snapshot);
  void historyMoved();
  void chartSteps(int steps);
  void stateChanged(RunState state);
  void showError(const QString& message);
  void updateStatusBar();
  void updateActions();
  void runOrPause();
  void speedChanged(int position);
  ExportPreview exportPreview(const ExportRequest& request, QSize box);
  void exportWithDialog();
  void saveSettings() const;
  void restoreSettings();

  std::unique_ptr<RunController> controller_;
  std::vector<std::unique_ptr<ProblemSession>> sessions_;  // one per kind, in the order of ProblemKind
  ProblemKind problem_{};
  QFutureWatcher<LoadResult> loader_;

  views::MatrixView* matrixView_ = nullptr;
  views::TraceCharts* charts_ = nullptr;
  views::StepLogModel* logModel_ = nullptr;
  QTableView* logView_ = nullptr;
  bool logFollowing_ = true;
  int chartedSteps_ = 0;  // the charts show the records of these first steps
  QSplitter* splitter_ = nullptr;
  QStackedWidget* modePages_ = nullptr;  // the studio's views or the Learn panel
  views::LearnPanel* learnPanel_ = nullptr;
  RacePanel* racePanel_ = nullptr;
  WindowMode mode_ = WindowMode::Studio;
  QByteArray studioLayout_;  // docks and toolbars of the studio, kept while Learn or Race mode hides them
  StepHistory* history_ = nullptr;
  HistoryScrubber* scrubber_ = nullptr;
  std::shared_ptr<const Snapshot> shownSnapshot_;
  InstancePanel* instancePanel_ = nullptr;
  AlgorithmPanel* algorithmPanel_ = nullptr;
  LegendDock* legendDock_ = nullptr;
  QComboBox* quantity_ = nullptr;
  QComboBox* colorMap_ = nullptr;
  QToolBar* matrixBar_ = nullptr;  // the matrix view's choices, off while a kind's own view stands in for it

  QAction* backAction_ = nullptr;
  QAction* backIterationAction_ = nullptr;
  QAction* stepAction_ = nullptr;
  QAction* stepIterationAction_ = nullptr;
  QAction* runPauseAction_ = nullptr;
  QAction* runToEndAction_ = nullptr;
  QAction* resetAction_ = nullptr;
  QAction* exportAction_ = nullptr;
  QAction* studioModeAction_ = nullptr;
  QAction* learnModeAction_ = nullptr;
  QAction* raceModeAction_ = nullptr;
  QToolBar* modeBar_ = nullptr;
  QSlider* speed_ = nullptr;
  QLabel* speedLabel_ = nullptr;

  QLabel* statusN_ = nullptr;
  QLabel* statusIteration_ = nullptr;
  QLabel* statusAssigned_ = nullptr;
  QLabel* statusObjective_ = nullptr;
  QLabel* statusElapsed_ = nullptr;
  QLabel* statusMessage_ = nullptr;
  StatusValues status_;
  QString lastError_;
  ExportRequest lastExport_;
};

}  // namespace ms::studio
