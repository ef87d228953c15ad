#pragma once
// A lesson's instance: small integer costs as the learner gave them, and the square minimisation matrix the
// textbook method works on (padding and negation by solver/lap/problem.h).

#include <cstdint>
#include <string>
#include <vector>

#include "solver/lap/cost_matrix.h"
#include "solver/lap/problem.h"

namespace ms::lap::teaching {

inline constexpr int32_t kLessonMinSize = 3;  // after padding to square
inline constexpr int32_t kLessonMaxSize = 10;
inline constexpr int64_t kLessonMaxAbsCost = 99999;  // five digits still fit a drawn cell

struct LessonProblem {
  std::string title;   // shown above the lesson
  std::string source;  // file name, book, or generator and seed
  bool maximize = false;
  CostMatrix<int64_t> original;  // as given: rows x cols, original sense
  CostMatrix<int64_t> square;    // minimisation form, padded to n x n
};

// Throws InputError naming `source` when the costs are not integers, the padded size is outside
// kLessonMinSize..kLessonMaxSize, or a cost's magnitude exceeds kLessonMaxAbsCost.
LessonProblem makeLessonProblem(const AnyCostMatrix& costs, bool maximize, std::string title,
                                std::string source);

// The assignment of the square matrix read back in the learner's rows, columns, costs and sense.
LapAnswer<int64_t> lessonAnswer(const LessonProblem& problem, const std::vector<int32_t>& squareRowToCol);

}  // namespace ms::lap::teaching
