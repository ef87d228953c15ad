#include "solver/lap/teaching/lesson_problem.h"

#include <algorithm>
#include <type_traits>
#include <variant>

#include "solver/core/errors.h"

namespace ms::lap::teaching {

LessonProblem makeLessonProblem(const AnyCostMatrix& costs, bool maximize, std::string title,
                                std::string source) {
  LessonProblem problem;
  problem.title = std::move(title);
  problem.maximize = maximize;
  problem.original = std::visit(
      [&](const auto& matrix) -> CostMatrix<int64_t> {
        using T = typename std::decay_t<decltype(matrix)>::value_type;
        if constexpr (!std::is_integral_v<T>) {
          throw InputError(source, "",
                           "the teaching mode takes integer costs (this matrix has " +
                               std::string(costTypeName<T>()) + " costs)");
        } else {
          CostMatrix<int64_t> copy(matrix.rows(), matrix.cols());
          for (int32_t i = 0; i < matrix.rows(); ++i) {
            for (int32_t j = 0; j < matrix.cols(); ++j) {
              const int64_t cost = matrix(i, j);
              if (cost > kLessonMaxAbsCost || cost < -kLessonMaxAbsCost) {
                throw InputError(source, "row " + std::to_string(i + 1) + ", column " + std::to_string(j + 1),
                                 "cost " + std::to_string(cost) + " is outside the lesson range -" +
                                     std::to_string(kLessonMaxAbsCost) + ".." +
                                     std::to_string(kLessonMaxAbsCost));
              }
              copy(i, j) = cost;
            }
          }
          return copy;
        }
      },
      costs);
  const int32_t n = std::max(problem.original.rows(), problem.original.cols());
  if (n < kLessonMinSize || n > kLessonMaxSize) {
    throw InputError(source, "",
                     "the teaching mode takes " + std::to_string(kLessonMinSize) + " x " +
                         std::to_string(kLessonMinSize) + " to " + std::to_string(kLessonMaxSize) + " x " +
                         std::to_string(kLessonMaxSize) + " matrices (this one is " +
                         std::to_string(problem.original.rows()) + " x " +
                         std::to_string(problem.original.cols()) + ")");
  }
  problem.square = PreparedProblem<int64_t>(problem.original, maximize).square();
  problem.source = std::move(source);
  return problem;
}

LapAnswer<int64_t> lessonAnswer(const LessonProblem& problem, const std::vector<int32_t>& squareRowToCol) {
  return PreparedProblem<int64_t>(problem.original, problem.maximize).answer(squareRowToCol);
}

}  // namespace ms::lap::teaching
