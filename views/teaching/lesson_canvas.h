#pragma once
// The widget that shows one lesson frame (views/teaching/lesson_painter.h) and reports clicks on cells and
// on row and column headers, for the exercise mode.

#include <QWidget>
#include <optional>

#include "solver/lap/teaching/lesson_frame.h"
#include "views/teaching/exercise_draft.h"
#include "views/teaching/lesson_painter.h"
#include "views/teaching/lesson_selection.h"

namespace ms::views {

class LessonCanvas : public QWidget {
  Q_OBJECT

 public:
  explicit LessonCanvas(QWidget* parent = nullptr);

  // The canvas keeps copies; no draft means plain viewing.
  void setFrame(const lap::teaching::LessonFrame& frame);
  void setDraft(std::optional<ExerciseDraft> draft);
  const std::optional<ExerciseDraft>& draft() const { return draft_; }
  // Outlined over the frame: what the learner picked here or in the bipartite graph.
  void setSelection(LessonSelection selection);
  const LessonSelection& selection() const { return selection_; }
  LessonLayout layout() const;

  QSize sizeHint() const override { return {520, 520}; }
  QSize minimumSizeHint() const override { return {240, 240}; }

 signals:
  void cellClicked(int row, int col);
  void rowHeaderClicked(int row);
  void columnHeaderClicked(int col);

 protected:
  void paintEvent(QPaintEvent* event) override;
  void mousePressEvent(QMouseEvent* event) override;

 private:
  std::optional<lap::teaching::LessonFrame> frame_;
  std::optional<ExerciseDraft> draft_;
  LessonSelection selection_;
};

}  // namespace ms::views
