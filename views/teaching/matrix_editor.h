#pragma once
// Editing a lesson's matrix before the lesson starts: its shape (1..10 rows and columns, padded to square by
// the method), its entries (integers, or inf for a forbidden pair) in compact cells, and whether to minimise
// cost or maximise profit.

#include <QWidget>
#include <string>

#include "solver/lap/teaching/lesson_problem.h"

class QCheckBox;
class QSpinBox;
class QTableWidget;

namespace ms::views {

class MatrixEditor : public QWidget {
  Q_OBJECT

 public:
  explicit MatrixEditor(QWidget* parent = nullptr);

  void setProblem(const lap::teaching::LessonProblem& problem);
  // The problem as edited. Throws InputError naming the cell for an entry that is neither an integer nor
  // inf, and makeLessonProblem's InputError when the matrix cannot be a lesson.
  lap::teaching::LessonProblem problem() const;
  void setEntry(int row, int col, const QString& text);

 private:
  void resizeTable();

  QSpinBox* rows_;
  QSpinBox* cols_;
  QCheckBox* maximize_;
  QTableWidget* table_;
  std::string title_ = "My matrix", source_ = "typed in";
  bool edited_ = false;
};

}  // namespace ms::views
