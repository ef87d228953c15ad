#pragma once
// One problem kind in the studio (assignment, weighted matching, ...): its loader, its machine factory for
// the run controller, the views it contributes and what the status bar and the step log say about it. The
// main window composes the kinds of the registry (problem_registry.h) through this interface and names none
// of them.

#include <QImage>
#include <QSize>
#include <QString>
#include <functional>
#include <string>

#include "app/gui/instance_source.h"
#include "app/gui/run_controller.h"
#include "views/charts/trace_charts.h"
#include "views/legend/legend.h"
#include "views/log/step_log_model.h"

QT_BEGIN_NAMESPACE
class QSplitter;
QT_END_NAMESPACE

namespace ms::views {
class MatrixView;
class TraceCharts;
}  // namespace ms::views

namespace ms::studio {

class AlgorithmPanel;
class InstancePanel;

// The window's parts a kind works with: the matrix view every kind may use, the charts, the central area
// its own views go into, and the panels that hold its choices.
struct StudioParts {
  views::MatrixView& matrix;
  views::TraceCharts& charts;
  QSplitter& central;
  InstancePanel& instances;
  AlgorithmPanel& algorithms;
};

// What the status bar shows, as numbers.
struct StatusValues {
  int32_t n = 0;
  int32_t iteration = 0;
  int32_t assigned = -1;  // -1 until a snapshot arrives (matching: matched vertices)
  double objective = 0;   // matching: the weight
  double elapsedMs = 0;   // solver time: the sum of the steps' wall times
};

// The status bar's fields in a kind's own words: "iteration", "assigned", "objective" for an assignment.
struct StatusWords {
  QString loop;
  QString pairs;
  QString value;
};

// How a kind uses the shared matrix view and its toolbar.
struct MatrixUse {
  bool shown = true;     // off while a view of the kind's own stands in for it
  QString valueName;     // the toolbar's name for the matrix entries ("cost", "weight")
  bool hasSlack = true;  // whether the snapshots carry duals, so slack can be shown
};

class ProblemSession {
 public:
  explicit ProblemSession(StudioParts parts) : parts_(parts) {}
  virtual ~ProblemSession() = default;
  ProblemSession(const ProblemSession&) = delete;
  ProblemSession& operator=(const ProblemSession&) = delete;

  virtual ProblemKind kind() const = 0;

  // Runs off the GUI thread and touches none of the session's state: reads or generates the instance
  // `source` names (a source of this kind) and returns what adopts it, to be called on the GUI thread.
  // Throws ms::InputError and the like with a one-line message.
  virtual std::function<void()> load(const InstanceSource& source) = 0;
  // Frees the instance (another kind's was loaded: one instance in memory at a time).
  virtual void dropInstance() = 0;
  virtual bool hasInstance() const = 0;
  virtual QString description() const = 0;
  // Rows of an assignment problem, vertices of a graph: the status bar's n and the history rule's size.
  virtual int32_t size() const = 0;
  virtual History history() const { return historyFor(size()); }
  // The loaded instance's machine with the algorithm panel's options, its backend resolved (a fallback
  // says why in `notice`); empty without an instance. Throws when the chosen backend cannot run. The kind's
  // views, charts and words may follow the algorithm chosen here.
  virtual MachineFactory machineFactory(std::string* notice) = 0;

  // Shows or hides the views this kind adds to the central area (the window shows the matrix view as
  // matrixUse() says).
  virtual void setViewsShown(bool shown) = 0;
  virtual MatrixUse matrixUse() const = 0;
  virtual views::TraceChartsConfig chartsConfig() const = 0;
  // For the session `session` (its algorithm and counters) of the loaded instance.
  virtual views::StepExplainer explainer(const SessionInfo& session) const = 0;
  virtual StatusWords statusWords() const = 0;
  // What every mark the kind's views draw means, for the algorithm of the current session, in the views'
  // current colours (the legend dock and matrix PNGs with a legend).
  virtual views::Legend legend() const = 0;

  // A new session of the loaded instance starts (the charts have just been reset): views drop the previous
  // solve's state.
  virtual void sessionStarted() = 0;
  // The controller delivered records or a snapshot of the running session (its history, when kept, holds
  // every step's snapshot): for views that follow every step rather than the one shown.
  virtual void progressDelivered(const RunController& /*controller*/) {}
  // The charts were reset and given the records of the first `steps` steps (the History slider moved): plot
  // what the kind adds from the stored snapshots of those steps.
  virtual void chartsReplayed(const RunController& /*controller*/, int /*steps*/) {}
  // Shows `snapshot` in the kind's views (the matrix view included) and puts its pairs and objective in
  // `status`.
  virtual void showSnapshot(const Snapshot& snapshot, StatusValues& status) = 0;
  // The kind's main view (what "matrix PNG" exports) drawn at `size`.
  virtual QImage renderMainView(QSize size) const = 0;

 protected:
  StudioParts parts_;
};

}  // namespace ms::studio
