#include "views/teaching/bipartite_view.h"

#include <QLineF>
#include <QMouseEvent>
#include <QPainter>
#include <algorithm>

#include "solver/lap/teaching/munkres_rules.h"
#include "solver/lap/teaching/narration_text.h"
#include "views/teaching/lesson_painter.h"

namespace ms::views {

using lap::teaching::Cell;
using lap::teaching::Mark;

namespace {

// The zeros drawn as equality edges; none in the ROMA lesson, whose entries are costs, not slacks.
std::vector<lap::teaching::Cell> equalityEdges(const lap::teaching::MunkresState& s) {
  if (s.method == lap::teaching::LessonMethod::Roma) return {};
  return lap::teaching::zeros(s);
}

constexpr double kTopMargin = 34;  // room for the side headings

double distanceToSegment(QPointF p, QPointF a, QPointF b) {
  const QPointF ab = b - a;
  const double length2 = QPointF::dotProduct(ab, ab);
  const double t = length2 > 0 ? std::clamp(QPointF::dotProduct(p - a, ab) / length2, 0.0, 1.0) : 0.0;
  const QPointF nearest = a + t * ab;
  return std::hypot(p.x() - nearest.x(), p.y() - nearest.y());
}

}  // namespace

BipartiteView::BipartiteView(QWidget* parent) : QWidget(parent) {
  setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
}

void BipartiteView::setFrame(const lap::teaching::LessonFrame& frame) {
  frame_ = frame;
  update();
}

void BipartiteView::setSelection(LessonSelection selection) {
  selection_ = selection;
  update();
}

double BipartiteView::vertexRadius() const {
  const int32_t n = frame_ ? std::max(1, frame_->state.n) : 1;
  return std::clamp((height() - kTopMargin) / n * 0.28, 6.0, 18.0);
}

QPointF BipartiteView::rowVertex(int32_t row) const {
  const int32_t n = frame_ ? std::max(1, frame_->state.n) : 1;
  return {width() * 0.3, kTopMargin + (row + 0.5) * (height() - kTopMargin) / n};
}

QPointF BipartiteView::columnVertex(int32_t col) const {
  const int32_t n = frame_ ? std::max(1, frame_->state.n) : 1;
  return {width() * 0.7, kTopMargin + (col + 0.5) * (height() - kTopMargin) / n};
}

void BipartiteView::paintEvent(QPaintEvent*) {
  QPainter painter(this);
  painter.fillRect(rect(), Qt::white);
  painter.setRenderHint(QPainter::Antialiasing);
  if (!frame_) return;
  const lap::teaching::MunkresState& s = frame_->state;
  const double r = vertexRadius();
  QFont small = font();
  small.setPixelSize(std::max(9, static_cast<int>(r * 0.8)));
  painter.setFont(small);
  painter.setPen(QColor(90, 90, 90));
  // ROMA keeps no duals: no labels.
  const bool roma = s.method == lap::teaching::LessonMethod::Roma;
  painter.drawText(QRectF(0, 4, width() * 0.5, 20), Qt::AlignCenter, roma ? tr("rows") : tr("rows (u)"));
  painter.drawText(QRectF(width() * 0.5, 4, width() * 0.5, 20), Qt::AlignCenter,
                   roma ? tr("columns") : tr("columns (v)"));
  if (s.n > kBipartiteMaxSize) {
    painter.drawText(rect(), Qt::AlignCenter, tr("The graph is drawn up to %1 x %1.").arg(kBipartiteMaxSize));
    return;
  }

  // Matching: the stars; in the minimum-lines method's cover step, the independent zeros it found.
  std::vector<Cell> matching = lap::teaching::marked(s, Mark::Star);
  if (frame_->kind == lap::teaching::StepKind::CoverZerosWithFewestLines && matching.empty()) {
    matching = frame_->highlight;
  }
  const auto edge = [&](Cell c) { return QLineF(rowVertex(c.row), columnVertex(c.col)); };
  // Equality edges (zeros) thin, primes dashed, the matching thick, the path over them.
  for (const Cell zero : equalityEdges(s)) {
    const Mark mark = s.mark(zero);
    if (mark == Mark::Prime) {
      painter.setPen(QPen(LessonColors::prime(), 2.5, Qt::DashLine));
    } else {
      painter.setPen(QPen(QColor(160, 160, 160), 1.2));
    }
    painter.drawLine(edge(zero));
  }
  painter.setPen(QPen(LessonColors::star(), 4.5, Qt::SolidLine, Qt::RoundCap));
  for (const Cell c : matching) painter.drawLine(edge(c));
  painter.setPen(QPen(LessonColors::path(), 3, Qt::SolidLine, Qt::RoundCap));
  for (const Cell c : s.path) painter.drawLine(edge(c).translated(0, 3));
  if (selection_.kind == LessonSelection::Kind::Cell) {
    painter.setPen(QPen(QColor(20, 20, 20), 3, Qt::DotLine));
    painter.drawLine(edge({selection_.row, selection_.col}));
  }

  // Vertices: covered ones filled in the covering-line colour; the selected one ringed; duals beside them.
  const auto vertex = [&](QPointF centre, bool covered, bool chosen, const QString& name, const QString& dual,
                          bool dualOnLeft) {
    painter.setPen(QPen(QColor(60, 60, 60), 1.5));
    painter.setBrush(covered ? LessonColors::coverLine() : QColor(Qt::white));
    painter.drawEllipse(centre, r, r);
    painter.setBrush(Qt::NoBrush);
    if (chosen) {
      painter.setPen(QPen(QColor(20, 20, 20), 3));
      painter.drawEllipse(centre, r + 4, r + 4);
    }
    painter.setPen(covered ? QColor(Qt::white) : QColor(30, 30, 30));
    painter.drawText(QRectF(centre.x() - r, centre.y() - r, 2 * r, 2 * r), Qt::AlignCenter, name);
    painter.setPen(QColor(0, 90, 181));
    const QRectF label = dualOnLeft ? QRectF(centre.x() - r - 60, centre.y() - r, 54, 2 * r)
                                    : QRectF(centre.x() + r + 6, centre.y() - r, 54, 2 * r);
    painter.drawText(label, (dualOnLeft ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignVCenter, dual);
  };
  for (int32_t k = 0; k < s.n; ++k) {
    const auto at = static_cast<std::size_t>(k);
    vertex(rowVertex(k), s.rowCovered[at] != 0,
           selection_.kind == LessonSelection::Kind::Row && selection_.row == k,
           (k >= frame_->originalRows ? "d" : "R") + QString::number(k + 1),
           roma ? QString() : QString::fromStdString(lap::teaching::number(s.rowDual[at])), true);
    vertex(columnVertex(k), s.colCovered[at] != 0,
           selection_.kind == LessonSelection::Kind::Column && selection_.col == k,
           (k >= frame_->originalCols ? "d" : "C") + QString::number(k + 1),
           roma ? QString() : QString::fromStdString(lap::teaching::number(s.colDual[at])), false);
  }
}

void BipartiteView::mousePressEvent(QMouseEvent* event) {
  if (!frame_ || event->button() != Qt::LeftButton) return;
  const QPointF p = event->position();
  const lap::teaching::MunkresState& s = frame_->state;
  const double r = vertexRadius();
  for (int32_t k = 0; k < s.n; ++k) {
    if (QLineF(p, rowVertex(k)).length() <= r + 2) {
      emit selected(LessonSelection::ofRow(k));
      return;
    }
    if (QLineF(p, columnVertex(k)).length() <= r + 2) {
      emit selected(LessonSelection::ofColumn(k));
      return;
    }
  }
  // The nearest edge within a few pixels.
  std::optional<Cell> best;
  double bestDistance = 5;
  for (const Cell zero : equalityEdges(s)) {
    const double d = distanceToSegment(p, rowVertex(zero.row), columnVertex(zero.col));
    if (d <= bestDistance) {
      bestDistance = d;
      best = zero;
    }
  }
  if (best) emit selected(LessonSelection::ofCell(best->row, best->col));
}

}  // namespace ms::views
