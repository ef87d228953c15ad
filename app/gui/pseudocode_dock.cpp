#include "app/gui/pseudocode_dock.h"

#include <QDockWidget>
#include <QMainWindow>
#include <cmath>
#include <cstdio>

#include "app/gui/run_controller.h"
#include "solver/pseudocode/algorithm_pseudocode.h"
#include "views/log/step_log_model.h"
#include "views/pseudocode/pseudocode_view.h"

namespace ms::studio {

QDockWidget* addPseudocodeDock(QMainWindow& window, RunController& controller) {
  auto* view = new views::PseudocodeView(&window);
  view->setObjectName(QStringLiteral("studioPseudocode"));
  auto* dock = new QDockWidget(QObject::tr("Pseudocode"), &window);
  dock->setObjectName(QStringLiteral("pseudocodeDock"));
  dock->setWidget(view);
  window.addDockWidget(Qt::RightDockWidgetArea, dock);
  if (auto* charts = window.findChild<QDockWidget*>(QStringLiteral("chartsDock"))) {
    window.tabifyDockWidget(charts, dock);
    charts->raise();
  }
  QObject::connect(&controller, &RunController::sessionStarted, view, [view, &controller] {
    view->setListing(algorithmPseudocode(controller.session().algorithm.toStdString()));
  });
  QObject::connect(
      &controller, &RunController::recordsAppended, view, [view, &controller](int first, int count) {
        if (count <= 0) return;
        const StepRecord& record = controller.trace().records()[static_cast<std::size_t>(first + count - 1)];
        const PseudocodeListing* listing = algorithmPseudocode(controller.session().algorithm.toStdString());
        if (listing == nullptr) return;
        view->setCurrentLine(listing->lineOf(record.phase));
        // Counted from 1 as in the step log (the record's step is 0-based).
        PseudocodeVariables variables{{"step", std::to_string(record.step + 1)},
                                      {"iteration", std::to_string(record.iteration)},
                                      {"phase", std::string(record.phase)}};
        const auto& names = controller.session().counterNames;
        for (std::size_t k = 0; k < names.size() && k < record.counters.size(); ++k) {
          if (std::isnan(record.counters[k])) continue;
          char value[32];
          std::snprintf(value, sizeof value, "%.10g", views::counterAsRead(names[k], record.counters[k]));
          variables.emplace_back(std::string(names[k]), value);
        }
        view->setVariables(std::move(variables));
      });
  return dock;
}

}  // namespace ms::studio
