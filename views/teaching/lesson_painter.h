#pragma once
// Draws a lesson frame with QPainter: the numbers in their cells, starred zeros (0*) and primed zeros (0'),
// the covering lines drawn as lines through their rows and columns, the alternating path as arrows from cell
// to cell, and what the step worked on. The Learn panel's canvas and the lesson export share this code.

#include <QColor>
#include <QPointF>
#include <QRectF>
#include <QString>
#include <optional>
#include <vector>

#include "solver/lap/teaching/lesson_frame.h"
#include "views/teaching/exercise_draft.h"

class QPainter;

namespace ms::views {

// The colours a lesson is drawn in. Every pair of them stays apart (CIE76 distance at least 15) for normal
// vision and under protanopia, deuteranopia and tritanopia (tests/teaching/test_learn_panel.cpp simulates
// them), so "lowered", "raised", "points at", "dummy" and the two kinds of line never read as one another.
struct LessonColors {
  static constexpr QColor coverLine() { return QColor(70, 120, 200); }        // a covered row or column
  static constexpr QColor draftCoverLine() { return QColor(190, 100, 170); }  // the learner's proposed line
  static constexpr QColor star() { return QColor(213, 94, 0); }
  static constexpr QColor prime() { return QColor(0, 158, 115); }
  static constexpr QColor path() { return QColor(230, 159, 0); }
  static constexpr QColor highlightCell() { return QColor(255, 230, 100); }  // what the narration points at
  static constexpr QColor loweredCell() { return QColor(170, 215, 255); }    // entry the step made smaller
  static constexpr QColor raisedCell() { return QColor(255, 170, 150); }     // entry the step made larger
  static constexpr QColor dummyCell() { return QColor(200, 200, 200); }      // padding row or column
};

// The legend shown beside the lesson and on exported slides: what each colour and mark means.
struct LegendEntry {
  QString text;
  QColor color;
  enum class Shape { Swatch, Line, Text } shape;
};
std::vector<LegendEntry> lessonLegend();

// Where the grid, its headers and each cell are, for an area and a matrix size.
class LessonLayout {
 public:
  LessonLayout(const QRectF& area, int32_t n);

  double cellSize() const { return cell_; }
  QRectF grid() const { return grid_; }
  QRectF cellRect(lap::teaching::Cell cell) const;
  QRectF rowHeader(int32_t row) const;
  QRectF columnHeader(int32_t col) const;
  std::optional<lap::teaching::Cell> cellAt(const QPointF& point) const;
  std::optional<int32_t> rowHeaderAt(const QPointF& point) const;
  std::optional<int32_t> columnHeaderAt(const QPointF& point) const;

 private:
  int32_t n_;
  double cell_;
  QRectF grid_;
};

// Paints `frame` into layout's area. With a draft (exercise mode) the learner's proposed covers (in their own
// colour), stars, prime (dashed rings) or path (dashed squares) are drawn instead of, or over, the frame's
// own.
void paintLessonFrame(QPainter& painter, const LessonLayout& layout, const lap::teaching::LessonFrame& frame,
                      const ExerciseDraft* draft = nullptr);

}  // namespace ms::views
