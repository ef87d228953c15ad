#pragma once
// "New from bank...": the method, size, seed and question number of a question bank, so a learner opens in
// the Learn panel exactly the matrix of question k on the printed sheet (matchscope-learn --bank).

#include <QDialog>

#include "solver/lap/teaching/lesson_problem.h"

class QComboBox;
class QSpinBox;

namespace ms::views {

class BankDialog : public QDialog {
  Q_OBJECT

 public:
  explicit BankDialog(lap::teaching::LessonMethod method, QWidget* parent = nullptr);

  void choose(lap::teaching::LessonMethod method, int n, int seed, int question);
  lap::teaching::LessonMethod method() const;
  // The chosen question (bankQuestion), its method set. Throws InputError as bankQuestion does.
  lap::teaching::LessonProblem question() const;

 private:
  QComboBox* method_;
  QSpinBox* size_;
  QSpinBox* seed_;
  QSpinBox* question_;
};

}  // namespace ms::views
