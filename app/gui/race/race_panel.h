#pragma once
// The race: two runs of the loaded assignment instance side by side (classical against tree, CPU against
// CUDA, greedy against the Hungarian optimum: any algorithm and backend on either side), stepped by one
// clock, with a shared timeline of their solver time. Each run is an ordinary run controller with a machine
// from the LAP session, as in the studio; the sides show the snapshots, the header who finished first and
// whether the objectives agree.

#include <QString>
#include <QWidget>
#include <array>
#include <memory>

#include "app/gui/run_controller.h"
#include "solver/lap/lap_solver.h"

QT_BEGIN_NAMESPACE
class QAction;
class QComboBox;
class QLabel;
class QSlider;
class QSpinBox;
class QToolButton;
QT_END_NAMESPACE

namespace ms::studio {

class LapSession;
class RaceClock;
class RaceSide;
class RaceTimeline;

// What one side runs.
struct RaceRun {
  lap::LapAlgorithm algorithm = lap::LapAlgorithm::Tree;
  lap::Backend backend = lap::Backend::Auto;
};

class RacePanel : public QWidget {
  Q_OBJECT
 public:
  static constexpr std::size_t kSides = 2;

  RacePanel(LapSession& session, QWidget* parent = nullptr);
  ~RacePanel() override;  // joins the runs' workers before the views they feed go away

  // The session's instance was loaded or dropped: both runs start afresh on it.
  void instanceChanged();
  // The algorithm and backend of each side; both runs start afresh.
  void setRuns(RaceRun left, RaceRun right);
  RaceRun run(std::size_t side) const;

  void step();         // the next tick kept, else a new one
  void playOrPause();  // ticks at the chosen pace until both runs are done
  void restart();      // both runs afresh from tick 0

  RaceClock& clock() const { return *clock_; }
  RunController& controller(std::size_t side) const { return *sides_[side].controller; }
  RaceSide& side(std::size_t side) const { return *sides_[side].view; }
  RaceTimeline& timeline() const { return *timeline_; }
  int shownTick() const { return shownTick_; }
  // Both runs of the latest load have started (their machines built, or their failure known).
  bool ready() const;
  int shownSteps(std::size_t side) const;  // min(shown tick, the run's steps)
  // The snapshot side `side` shows (null before one arrives), and its objective (NaN without one).
  std::shared_ptr<const Snapshot> shownSnapshot(std::size_t side) const;
  double shownObjective(std::size_t side) const;
  QString header() const;

 protected:
  void showEvent(QShowEvent* event) override;
  void hideEvent(QHideEvent* event) override;

 private:
  struct Side {
    RaceSide* view = nullptr;
    QComboBox* algorithm = nullptr;
    QComboBox* backend = nullptr;
    std::unique_ptr<RunController> controller;
    lap::Backend resolved = lap::Backend::Sequential;
    QString notice;  // why the backend differs from the one chosen, or why the run cannot start
    bool started = false;
  };

  QWidget* buildChoices();
  QWidget* buildTransport();
  void choicesChanged();
  void loadRuns();
  void ticked(int tick);
  void showTick(int tick);
  void refresh();
  void refreshSide(std::size_t side);
  QString runName(std::size_t side) const;
  bool finishedAtShownTick(std::size_t side) const;
  double elapsedMs(std::size_t side) const;  // solver time of the steps shown
  double optimumShown() const;               // the objective of an exact side that finished, else NaN

  LapSession& session_;
  std::array<Side, kSides> sides_;
  RaceClock* clock_ = nullptr;
  RaceTimeline* timeline_ = nullptr;
  QLabel* header_ = nullptr;
  QSlider* slider_ = nullptr;
  QLabel* position_ = nullptr;
  QSpinBox* pace_ = nullptr;
  QAction* stepAction_ = nullptr;
  QAction* playAction_ = nullptr;
  QAction* restartAction_ = nullptr;
  int shownTick_ = 0;
};

}  // namespace ms::studio
