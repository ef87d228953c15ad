#include "app/gui/help_menu.h"

#include <Eigen/Core>
#include <QAction>
#include <QKeySequence>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <functional>

#include "solver/core/cuda_device.h"

namespace ms::studio {

namespace {

QString quickStart() {
  return QObject::tr(
      "<h3>Quick start</h3><ol>"
      "<li><b>Instance</b> (left): choose the problem kind (assignment, weighted matching, hypergraph), a "
      "generator and its size, or open a file, then <i>Load</i>.</li>"
      "<li><b>Algorithm</b> (left): choose the solver and its backend; a change starts a new run.</li>"
      "<li><b>Step</b> with Right (one phase) or Shift+Right (one iteration); Space runs and pauses; Left "
      "and the history slider go back over the steps kept.</li>"
      "<li>The <b>matrix view</b> (wheel zooms, drag pans, double-click shows all; hover a cell for its "
      "values) and the kind's own view show the state; the <b>Legend</b> dock names every mark.</li>"
      "<li>The <b>step log</b> explains each step; a click shows the state after it. The <b>charts</b> plot "
      "the counters.</li>"
      "<li><b>Export</b> (Ctrl+E) writes the matrix or window as PNG, or the trace as CSV.</li>"
      "<li><b>Learn</b> mode (Ctrl+2) teaches the Hungarian method by hand, with exercises.</li>"
      "<li><b>Race</b> mode (Ctrl+3) runs two algorithms or backends on the loaded assignment instance side "
      "by side, one step each per tick, with their times on one chart.</li></ol>"
      "<p>Rows, columns, nodes and steps are numbered from 1.</p>");
}

}  // namespace

QString shortcutList(const QMainWindow& window) {
  QStringList lines;
  for (const QAction* action : window.findChildren<QAction*>()) {
    if (action->shortcut().isEmpty()) continue;
    QString name = action->text();
    name.remove(QLatin1Char('&'));
    lines << QStringLiteral("<tr><td><b>%1</b></td><td>%2</td></tr>")
                 .arg(action->shortcut().toString(QKeySequence::NativeText).toHtmlEscaped(),
                      name.toHtmlEscaped());
  }
  lines.sort();
  lines.removeDuplicates();
  return QObject::tr(
             "<h3>Keyboard shortcuts</h3><table cellspacing=4>%1</table>"
             "<p>Matrix view: wheel zooms, drag pans, double-click shows the whole matrix.</p>")
      .arg(lines.join(QString()));
}

QString aboutText(const QString& vulkanDevice, const QString& vulkanProblem) {
  const CudaDeviceInfo& cuda = cudaDevice();
  const QString gpu =
      cuda.usable ? QObject::tr("%1, %2 GiB, %3 multiprocessors")
                        .arg(QString::fromStdString(cuda.name))
                        .arg(static_cast<double>(cuda.totalMemory) / (1024.0 * 1024.0 * 1024.0), 0, 'f', 1)
                        .arg(cuda.multiprocessors)
                  : QObject::tr("none used (%1)").arg(QString::fromStdString(cuda.reason));
  const QString vulkan = vulkanDevice.isEmpty() ? QObject::tr("none (%1)").arg(vulkanProblem) : vulkanDevice;
  return QObject::tr(
             "<h3>MatchScope %1</h3>"
             "<p>A studio for GPU matching algorithms: the Hungarian method (classical and "
             "alternating-tree), approximations, weighted matching and hypergraph coarsening.</p>"
             "<table cellspacing=4>"
             "<tr><td>Qt</td><td>%2 (built with %3)</td></tr>"
             "<tr><td>Eigen</td><td>%4.%5.%6</td></tr>"
             "<tr><td>CUDA GPU</td><td>%7</td></tr>"
             "<tr><td>Matrix view (Vulkan)</td><td>%8</td></tr></table>")
      .arg(QStringLiteral(MATCHSCOPE_VERSION), QString::fromLatin1(qVersion()),
           QStringLiteral(QT_VERSION_STR))
      .arg(EIGEN_WORLD_VERSION)
      .arg(EIGEN_MAJOR_VERSION)
      .arg(EIGEN_MINOR_VERSION)
      .arg(gpu.toHtmlEscaped(), vulkan.toHtmlEscaped());
}

void addHelpMenu(QMainWindow& window, const QString& vulkanDevice, const QString& vulkanProblem) {
  QMenu* help = window.menuBar()->addMenu(QObject::tr("&Help"));
  help->setObjectName(QStringLiteral("helpMenu"));
  const auto addPage = [&](const QString& text, const QString& name, const QKeySequence& key,
                           std::function<QString()> page) {
    QAction* action = help->addAction(text);
    action->setObjectName(name);
    action->setShortcut(key);
    action->setToolTip(text);
    QObject::connect(action, &QAction::triggered, &window, [&window, text, page = std::move(page)] {
      auto* box = new QMessageBox(QMessageBox::NoIcon, text, page(), QMessageBox::Close, &window);
      box->setTextFormat(Qt::RichText);
      box->setAttribute(Qt::WA_DeleteOnClose);
      box->open();  // not exec(): a running solve and the window's timers carry on
    });
  };
  addPage(QObject::tr("Quick start"), QStringLiteral("actionQuickStart"), QKeySequence(Qt::Key_F1),
          quickStart);
  addPage(QObject::tr("Keyboard shortcuts"), QStringLiteral("actionShortcuts"), QKeySequence(),
          [&window] { return shortcutList(window); });
  addPage(QObject::tr("About MatchScope"), QStringLiteral("actionAbout"), QKeySequence(),
          [vulkanDevice, vulkanProblem] { return aboutText(vulkanDevice, vulkanProblem); });
}

}  // namespace ms::studio
