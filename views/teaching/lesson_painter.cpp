#include "views/teaching/lesson_painter.h"

#include <QFont>
#include <QLineF>
#include <QObject>
#include <QPainter>
#include <QPainterPath>
#include <QPolygonF>
#include <algorithm>
#include <cmath>

#include "solver/lap/teaching/munkres_rules.h"

namespace ms::views {

using lap::teaching::AnswerKind;
using lap::teaching::Cell;
using lap::teaching::LessonFrame;
using lap::teaching::Mark;

namespace {

// Headers take this fraction of a cell; the grid keeps a small margin on the far sides for line caps.
constexpr double kHeaderCells = 0.9;
constexpr double kMarginCells = 0.3;

bool contains(const std::vector<Cell>& cells, Cell cell) {
  return std::find(cells.begin(), cells.end(), cell) != cells.end();
}

bool isDummy(const LessonFrame& frame, Cell cell) {
  return cell.row >= frame.originalRows || cell.col >= frame.originalCols;
}

void drawLine(QPainter& painter, const QPointF& from, const QPointF& to, const QColor& color, double width) {
  painter.setPen(QPen(color, width, Qt::SolidLine, Qt::RoundCap));
  painter.drawLine(from, to);
}

void drawArrow(QPainter& painter, const QPointF& from, const QPointF& to, double cell) {
  const QLineF line(from, to);
  const double shorten = cell * 0.3;
  if (line.length() <= 2 * shorten) return;
  const QPointF start = line.pointAt(shorten / line.length());
  const QPointF end = line.pointAt(1.0 - shorten / line.length());
  painter.setPen(QPen(LessonColors::path(), std::max(2.0, cell * 0.07), Qt::SolidLine, Qt::RoundCap));
  painter.drawLine(start, end);
  const double angle = std::atan2(end.y() - start.y(), end.x() - start.x());
  const double head = cell * 0.18;
  QPolygonF tip;
  tip << end << end - QPointF(head * std::cos(angle - 0.45), head * std::sin(angle - 0.45))
      << end - QPointF(head * std::cos(angle + 0.45), head * std::sin(angle + 0.45));
  painter.setBrush(LessonColors::path());
  painter.drawPolygon(tip);
  painter.setBrush(Qt::NoBrush);
}

// The number ("inf" drawn as the infinity sign), and for a marked zero its superscript (* or ') and a ring
// in the mark's colour. Under a covering line the number sits on a patch of the cell's own background, so
// the line never hides a digit.
void drawEntry(QPainter& painter, const QRectF& rect, int64_t value, Mark mark, bool dashedRing,
               const std::optional<QColor>& patch) {
  QFont font = painter.font();
  font.setPixelSize(std::max(8, static_cast<int>(rect.height() * 0.36)));
  font.setBold(value == 0);
  painter.setFont(font);
  const QColor color = mark == Mark::Star    ? LessonColors::star()
                       : mark == Mark::Prime ? LessonColors::prime()
                                             : QColor(30, 30, 30);
  const QString text =
      lap::teaching::isForbiddenEntry(value) ? QString(QChar(0x221E)) : QString::number(value);
  if (patch) {
    const QRectF bounds = painter.fontMetrics().boundingRect(rect.toRect(), Qt::AlignCenter, text);
    const double pad = rect.height() * 0.04;
    painter.setPen(Qt::NoPen);
    painter.setBrush(*patch);
    painter.drawRoundedRect(bounds.adjusted(-pad, -pad, pad, pad), pad, pad);
    painter.setBrush(Qt::NoBrush);
  }
  painter.setPen(color);
  painter.drawText(rect, Qt::AlignCenter, text);
  if (mark == Mark::None) return;
  const double size = rect.height();
  QFont superscript = font;
  superscript.setBold(true);
  superscript.setPixelSize(std::max(9, static_cast<int>(size * 0.36)));
  painter.setFont(superscript);
  // Beside the ring, in the cell's top-right corner, as the textbooks write 0* and 0'.
  const QRectF corner(rect.center().x() + size * 0.2, rect.top() + size * 0.02, size * 0.28, size * 0.34);
  if (mark == Mark::Star) {
    painter.drawText(corner, Qt::AlignCenter, "*");
  } else {
    // The prime as a slanted stroke: the glyph is too thin to read in small cells.
    painter.setPen(QPen(color, std::max(2.0, size * 0.06), Qt::SolidLine, Qt::RoundCap));
    painter.drawLine(QPointF(corner.left() + corner.width() * 0.62, corner.top() + corner.height() * 0.15),
                     QPointF(corner.left() + corner.width() * 0.38, corner.top() + corner.height() * 0.75));
  }
  painter.setPen(QPen(color, std::max(1.5, size * 0.05), dashedRing ? Qt::DashLine : Qt::SolidLine));
  painter.drawEllipse(rect.center(), size * 0.27, size * 0.27);
}

}  // namespace

std::vector<LegendEntry> lessonLegend() {
  using Shape = LegendEntry::Shape;
  return {
      {QObject::tr("0* starred zero"), LessonColors::star(), Shape::Text},
      {QString("0") + QChar(0x2032) + " " + QObject::tr("primed zero"), LessonColors::prime(), Shape::Text},
      {QObject::tr("covered row or column"), LessonColors::coverLine(), Shape::Line},
      {QObject::tr("your proposed line"), LessonColors::draftCoverLine(), Shape::Line},
      {QObject::tr("alternating path"), LessonColors::path(), Shape::Line},
      {QObject::tr("the step points here"), LessonColors::highlightCell(), Shape::Swatch},
      {QObject::tr("lowered by this step"), LessonColors::loweredCell(), Shape::Swatch},
      {QObject::tr("raised by this step"), LessonColors::raisedCell(), Shape::Swatch},
      {QObject::tr("dummy (padding)"), LessonColors::dummyCell(), Shape::Swatch},
      {QString(QChar(0x221E)) + " " + QObject::tr("forbidden"), QColor(30, 30, 30), Shape::Text}};
}

LessonLayout::LessonLayout(const QRectF& area, int32_t n) : n_(std::max(1, n)) {
  const double span = n_ + kHeaderCells + kMarginCells;
  cell_ = std::max(1.0, std::min(area.width(), area.height()) / span);
  const double side = cell_ * span;
  const QPointF corner(area.center().x() - side / 2 + cell_ * kHeaderCells,
                       area.center().y() - side / 2 + cell_ * kHeaderCells);
  grid_ = QRectF(corner, QSizeF(cell_ * n_, cell_ * n_));
}

QRectF LessonLayout::cellRect(Cell cell) const {
  return QRectF(grid_.left() + cell.col * cell_, grid_.top() + cell.row * cell_, cell_, cell_);
}

QRectF LessonLayout::rowHeader(int32_t row) const {
  return QRectF(grid_.left() - cell_ * kHeaderCells, grid_.top() + row * cell_, cell_ * kHeaderCells, cell_);
}

QRectF LessonLayout::columnHeader(int32_t col) const {
  return QRectF(grid_.left() + col * cell_, grid_.top() - cell_ * kHeaderCells, cell_, cell_ * kHeaderCells);
}

std::optional<Cell> LessonLayout::cellAt(const QPointF& point) const {
  if (!grid_.contains(point)) return std::nullopt;
  const auto row = static_cast<int32_t>((point.y() - grid_.top()) / cell_);
  const auto col = static_cast<int32_t>((point.x() - grid_.left()) / cell_);
  return Cell{std::min(row, n_ - 1), std::min(col, n_ - 1)};
}

std::optional<int32_t> LessonLayout::rowHeaderAt(const QPointF& point) const {
  for (int32_t row = 0; row < n_; ++row) {
    if (rowHeader(row).contains(point)) return row;
  }
  return std::nullopt;
}

std::optional<int32_t> LessonLayout::columnHeaderAt(const QPointF& point) const {
  for (int32_t col = 0; col < n_; ++col) {
    if (columnHeader(col).contains(point)) return col;
  }
  return std::nullopt;
}

void paintLessonFrame(QPainter& painter, const LessonLayout& layout, const LessonFrame& frame,
                      const ExerciseDraft* draft) {
  const lap::teaching::MunkresState& s = frame.state;
  const double cell = layout.cellSize();
  painter.save();
  painter.setRenderHint(QPainter::Antialiasing);

  // Cell backgrounds: what the narration points at, else what the step changed, else padding, else white.
  std::vector<QColor> background(static_cast<std::size_t>(s.n) * static_cast<std::size_t>(s.n), Qt::white);
  for (int32_t i = 0; i < s.n; ++i) {
    for (int32_t j = 0; j < s.n; ++j) {
      const Cell c{i, j};
      QColor& fill = background[s.index(c)];
      const int8_t change = frame.change.empty() ? 0 : frame.change[s.index(c)];
      if (contains(frame.highlight, c)) {
        fill = LessonColors::highlightCell();
      } else if (change != 0) {
        fill = change < 0 ? LessonColors::loweredCell() : LessonColors::raisedCell();
      } else if (isDummy(frame, c)) {
        fill = LessonColors::dummyCell();
      }
      if (fill != Qt::white) painter.fillRect(layout.cellRect(c), fill);
    }
  }

  painter.setPen(QPen(QColor(190, 190, 190), 1));
  for (int32_t k = 0; k <= s.n; ++k) {
    const double x = layout.grid().left() + k * cell, y = layout.grid().top() + k * cell;
    painter.drawLine(QPointF(x, layout.grid().top()), QPointF(x, layout.grid().bottom()));
    painter.drawLine(QPointF(layout.grid().left(), y), QPointF(layout.grid().right(), y));
  }

  // Headers: 1-based names; padding lines are marked as dummies. The covering lines stop short of them.
  QFont headerFont = painter.font();
  headerFont.setPixelSize(std::max(8, static_cast<int>(cell * 0.28)));
  for (int32_t k = 0; k < s.n; ++k) {
    headerFont.setItalic(k >= frame.originalRows);
    painter.setFont(headerFont);
    painter.setPen(k >= frame.originalRows ? QColor(140, 140, 140) : QColor(60, 60, 60));
    painter.drawText(layout.rowHeader(k), Qt::AlignCenter,
                     (k >= frame.originalRows ? "d" : "R") + QString::number(k + 1));
    headerFont.setItalic(k >= frame.originalCols);
    painter.setFont(headerFont);
    painter.setPen(k >= frame.originalCols ? QColor(140, 140, 140) : QColor(60, 60, 60));
    painter.drawText(layout.columnHeader(k), Qt::AlignCenter,
                     (k >= frame.originalCols ? "d" : "C") + QString::number(k + 1));
  }

  // Covering lines through the middle of their rows and columns, under the numbers.
  const bool draftCovers = draft != nullptr && draft->kind == AnswerKind::Cover;
  const std::vector<uint8_t>& rows = draftCovers ? draft->rowCovered : s.rowCovered;
  const std::vector<uint8_t>& cols = draftCovers ? draft->colCovered : s.colCovered;
  const QColor lineColor = draftCovers ? LessonColors::draftCoverLine() : LessonColors::coverLine();
  const double width = cell * 0.2, reach = cell * 0.1;
  for (int32_t k = 0; k < s.n; ++k) {
    if (rows[static_cast<std::size_t>(k)] != 0) {
      const double y = layout.cellRect({k, 0}).center().y();
      drawLine(painter, {layout.grid().left() - reach, y}, {layout.grid().right() + cell * 0.15, y},
               lineColor, width);
    }
    if (cols[static_cast<std::size_t>(k)] != 0) {
      const double x = layout.cellRect({0, k}).center().x();
      drawLine(painter, {x, layout.grid().top() - reach}, {x, layout.grid().bottom() + cell * 0.15},
               lineColor, width);
    }
  }

  // Entries with marks. In a star step the learner's stars replace the frame's; a proposed prime is added.
  const bool draftStars = draft != nullptr && draft->kind == AnswerKind::Stars;
  for (int32_t i = 0; i < s.n; ++i) {
    for (int32_t j = 0; j < s.n; ++j) {
      const Cell c{i, j};
      Mark mark = s.mark(c);
      bool proposed = false;
      if (draftStars) {
        const bool starred = contains(draft->stars, c);
        proposed = starred != (mark == Mark::Star);
        mark = starred ? Mark::Star : (mark == Mark::Star ? Mark::None : mark);
      }
      if (draft != nullptr && draft->kind == AnswerKind::Prime && draft->prime == c) {
        mark = Mark::Prime;
        proposed = true;
      }
      const bool underLine = rows[static_cast<std::size_t>(i)] != 0 || cols[static_cast<std::size_t>(j)] != 0;
      drawEntry(painter, layout.cellRect(c), s.value(c), mark, proposed,
                underLine ? std::optional<QColor>(background[s.index(c)]) : std::nullopt);
    }
  }

  // The alternating path (the frame's, or the cells the learner picked).
  for (std::size_t k = 0; k + 1 < s.path.size(); ++k) {
    // Several paths (the tree lesson's disjoint paths, ROMA's proposals) follow each other in one list: a
    // step along a path stays in a row or a column, a jump to the next path does not.
    const Cell from = s.path[k], to = s.path[k + 1];
    if (from.row != to.row && from.col != to.col) continue;
    drawArrow(painter, layout.cellRect(from).center(), layout.cellRect(to).center(), cell);
  }
  if (draft != nullptr && draft->kind == AnswerKind::Path) {
    painter.setPen(QPen(LessonColors::path(), std::max(2.0, cell * 0.07), Qt::DashLine));
    for (const Cell c : draft->path) painter.drawRect(layout.cellRect(c).adjusted(3, 3, -3, -3));
  }
  painter.restore();
}

}  // namespace ms::views
