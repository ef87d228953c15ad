#pragma once
// The studio's Help menu: a quick start, the keyboard shortcuts (read from the window's actions, so the list
// cannot drift from the keys) and an About box with the versions and the devices found.

#include <QString>

QT_BEGIN_NAMESPACE
class QMainWindow;
QT_END_NAMESPACE

namespace ms::studio {

// The shortcut list as the Help menu shows it: one "key: action" line per action of `window` with a key.
QString shortcutList(const QMainWindow& window);
// The About text: MatchScope, Qt, Eigen, the CUDA device (or why none is used) and the Vulkan device of the
// matrix view (`vulkanDevice`, or `vulkanProblem` without one).
QString aboutText(const QString& vulkanDevice, const QString& vulkanProblem);
// Adds the menu to `window`'s menu bar.
void addHelpMenu(QMainWindow& window, const QString& vulkanDevice, const QString& vulkanProblem);

}  // namespace ms::studio
