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

void LessonCanvas::setSelection(LessonSelection selection) {
  selection_ = selection;
  update();
}

LessonLayout LessonCanvas::layout() const {
  return LessonLayout(QRectF(rect()), frame_ ? frame_->state.n : 1);
}

void LessonCanvas::paintEvent(QPaintEvent*) {
  QPainter painter(this);
  painter.fillRect(rect(), Qt::white);
  if (!frame_) return;
  const LessonLayout where = layout();
  paintLessonFrame(painter, where, *frame_, draft_ ? &*draft_ : nullptr);
  const int32_t n = frame_->state.n;
  QRectF outline;
  switch (selection_.kind) {
    case LessonSelection::Kind::Row:
      outline = where.cellRect({selection_.row, 0}).united(where.cellRect({selection_.row, n - 1}));
      break;
    case LessonSelection::Kind::Column:
      outline = where.cellRect({0, selection_.col}).united(where.cellRect({n - 1, selection_.col}));
      break;
    case LessonSelection::Kind::Cell:
      outline = where.cellRect({selection_.row, selection_.col});
      break;
    case LessonSelection::Kind::None:
      return;
  }
  painter.setPen(QPen(QColor(20, 20, 20), 3, Qt::DotLine));
  painter.drawRect(outline.adjusted(1.5, 1.5, -1.5, -1.5));
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
