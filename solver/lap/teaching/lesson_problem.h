#pragma once
// A lesson's instance: small integer costs as the learner gave them, and the square minimisation matrix the
// textbook method works on (padding and negation by solver/lap/problem.h).

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "solver/lap/cost_matrix.h"
#include "solver/lap/problem.h"
#include "solver/lap/teaching/lesson_frame.h"

namespace ms::lap::teaching {

inline constexpr int32_t kLessonMinSize = 2;  // after padding to square
inline constexpr int32_t kLessonMaxSize = 10;
inline constexpr int64_t kLessonMaxAbsCost = 99999;  // five digits still fit a drawn cell

struct LessonProblem {
  std::string title;   // shown above the lesson
  std::string source;  // file name, book, or generator and seed
  bool maximize = false;
  LessonMethod method = LessonMethod::Stars;
  CostMatrix<int64_t> original;  // as given: rows x cols, original sense; kForbidden where "inf"
  CostMatrix<int64_t> square;    // minimisation form, padded to n x n with allowed zeros
};

// Costs are integers; +inf (in a float64 matrix) marks a forbidden pair, which every method here allows.
// Throws InputError naming `source` (and the cell where there is one) when a finite cost is not an integer,
// a cost is -inf or NaN, the padded size is outside kLessonMinSize..kLessonMaxSize, a cost's magnitude
// exceeds kLessonMaxAbsCost, or no assignment avoids the forbidden pairs (naming rows that have too few
// allowed columns between them), or the method is Roma and a pair is forbidden.
LessonProblem makeLessonProblem(const AnyCostMatrix& costs, bool maximize, std::string title,
                                std::string source, LessonMethod method = LessonMethod::Stars);

// The problem to be taught by `method`; throws InputError (as makeLessonProblem) when the method does not
// take it.
LessonProblem withMethod(LessonProblem problem, LessonMethod method);

// "stars" / "lines" / "tree" / "roma", as lesson files and matchscope-learn --method spell them; nullopt for
// anything else.
std::optional<LessonMethod> lessonMethodNamed(std::string_view name);
std::string_view lessonMethodKey(LessonMethod method);   // "stars", "lines", "tree", "roma"
std::string_view lessonMethodName(LessonMethod method);  // "star-and-prime (Munkres)", "minimum lines", ...

// The assignment of the square matrix read back in the learner's rows, columns, costs and sense.
LapAnswer<int64_t> lessonAnswer(const LessonProblem& problem, const std::vector<int32_t>& squareRowToCol);

}  // namespace ms::lap::teaching
