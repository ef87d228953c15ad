#include "views/teaching/lesson_canvas.h"

#include <QMouseEvent>
#include <QPainter>

#include "views/teaching/lesson_painter.h"

namespace ms::views {

LessonCanvas::LessonCanvas(QWidget* parent) : QWidget(parent) {
  setAutoFillBackground(false);
  setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
}

void LessonCanvas::setFrame(const lap::teaching::LessonFrame& frame) {
  frame_ = frame;
  update();
}

void LessonCanvas::setDraft(std::optional<ExerciseDraft> draft) {
  draft_ = std::move(draft);
  update();
}

LessonLayout LessonCanvas::layout() const {
  return LessonLayout(QRectF(rect()), frame_ ? frame_->state.n : 1);
}

void LessonCanvas::paintEvent(QPaintEvent*) {
  QPainter painter(this);
  painter.fillRect(rect(), Qt::white);
  if (frame_) paintLessonFrame(painter, layout(), *frame_, draft_ ? &*draft_ : nullptr);
}

void LessonCanvas::mousePressEvent(QMouseEvent* event) {
  if (!frame_ || event->button() != Qt::LeftButton) return;
  const LessonLayout where = layout();
  const QPointF point = event->position();
  if (const auto cell = where.cellAt(point)) {
    emit cellClicked(cell->row, cell->col);
  } else if (const auto row = where.rowHeaderAt(point)) {
    emit rowHeaderClicked(*row);
  } else if (const auto col = where.columnHeaderAt(point)) {
    emit columnHeaderClicked(*col);
  }
}

}  // namespace ms::views
