#pragma once
// The lesson as a bipartite graph beside the matrix (n <= kBipartiteMaxSize): rows on the left, columns on
// the right, an edge for every zero of the reduced matrix (the equality graph: reduced cost 0), the current
// matching (starred zeros) drawn thick, primes dashed, the alternating path as it is built, covered vertices
// filled, and the duals (the amounts taken off each row and column) as numbers beside the vertices. Clicking
// a vertex or an edge selects its row, column or cell, which the matrix shows too, and back.

#include <QWidget>
#include <optional>

#include "solver/lap/teaching/lesson_frame.h"
#include "views/teaching/lesson_selection.h"

namespace ms::views {

inline constexpr int32_t kBipartiteMaxSize = 12;

class BipartiteView : public QWidget {
  Q_OBJECT

 public:
  explicit BipartiteView(QWidget* parent = nullptr);

  void setFrame(const lap::teaching::LessonFrame& frame);
  void setSelection(LessonSelection selection);
  const LessonSelection& selection() const { return selection_; }

  QPointF rowVertex(int32_t row) const;
  QPointF columnVertex(int32_t col) const;
  double vertexRadius() const;

  QSize sizeHint() const override { return {300, 420}; }
  QSize minimumSizeHint() const override { return {200, 200}; }

 signals:
  void selected(ms::views::LessonSelection selection);

 protected:
  void paintEvent(QPaintEvent* event) override;
  void mousePressEvent(QMouseEvent* event) override;

 private:
  std::optional<lap::teaching::LessonFrame> frame_;
  LessonSelection selection_;
};

}  // namespace ms::views
