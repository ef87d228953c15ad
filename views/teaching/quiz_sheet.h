#pragma once
// The printable one-page sheet of a lesson (A4 portrait at 150 dpi): the matrix as given, the final matrix
// with the optimal assignment starred, the total, and, when the learner did the exercise, every answer with
// its verdict and the score. Written next to the slides by the lesson export.

#include <QImage>

#include "solver/lap/teaching/exercise.h"
#include "solver/lap/teaching/lesson_frame.h"
#include "solver/lap/teaching/lesson_problem.h"

namespace ms::views {

inline constexpr QSize kQuizSheetSize{1240, 1754};  // A4 at 150 dpi

// Precondition: frames end with the result frame.
QImage renderQuizSheet(const lap::teaching::LessonProblem& problem,
                       const std::vector<lap::teaching::LessonFrame>& frames,
                       const lap::teaching::ExerciseChecker* quiz);

}  // namespace ms::views
