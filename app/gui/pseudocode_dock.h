#pragma once
// The studio's Pseudocode dock: the listing of the session's algorithm (solver/pseudocode), the line the
// latest step ran highlighted, and that step's iteration and counters as the live variables, so a person
// watching a solve sees which line of the algorithm each step runs.

class QDockWidget;
class QMainWindow;

namespace ms::studio {

class RunController;

// Adds the dock (object name "pseudocodeDock"), tabbed behind the charts when there are charts.
QDockWidget* addPseudocodeDock(QMainWindow& window, RunController& controller);

}  // namespace ms::studio
