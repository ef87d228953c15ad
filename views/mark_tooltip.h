#pragma once
// Tooltips on what a view draws (cells, vertices): the view describes the mark under the pointer, this shows
// the text, or hides the tooltip where there is no mark.

#include <QEvent>
#include <QHelpEvent>
#include <QToolTip>
#include <QWidget>

namespace ms::views {

// For QWidget::event(): true when `event` was a tooltip request and has been answered.
template <class Describe>
bool showMarkTooltip(QWidget& view, QEvent* event, Describe describe) {
  if (event->type() != QEvent::ToolTip) return false;
  auto* help = static_cast<QHelpEvent*>(event);
  const QString text = describe(help->pos());
  if (text.isEmpty()) {
    QToolTip::hideText();
  } else {
    QToolTip::showText(help->globalPos(), text, &view);
  }
  return true;
}

}  // namespace ms::views
