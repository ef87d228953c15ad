#include "solver/lap/teaching/lesson_problem.h"

#include <algorithm>
#include <cmath>
#include <type_traits>
#include <variant>

#include "solver/core/errors.h"
#include "solver/lap/teaching/narration_text.h"
#include "solver/lap/teaching/row_column_matching.h"

namespace ms::lap::teaching {
namespace {

std::string cellWhere(int32_t i, int32_t j) {
  return "row " + std::to_string(i + 1) + ", column " + std::to_string(j + 1);
}

std::string rangeText() {
  return "-" + std::to_string(kLessonMaxAbsCost) + ".." + std::to_string(kLessonMaxAbsCost);
}

// One entry as the lessons hold it: an integer within the lesson range, or kForbidden for +inf.
template <class T>
int64_t lessonEntry(T cost, int32_t i, int32_t j, const std::string& source) {
  if constexpr (std::is_floating_point_v<T>) {
    if (cost == std::numeric_limits<T>::infinity()) return kForbidden;
    if (std::isnan(cost) || std::isinf(cost)) {
      throw InputError(source, cellWhere(i, j),
                       "only +inf marks a forbidden pair; -inf and nan are not costs");
    }
    if (cost != std::floor(cost)) {
      throw InputError(source, cellWhere(i, j),
                       "the teaching mode takes integer costs (and inf for a forbidden pair); " +
                           std::to_string(static_cast<double>(cost)) + " is not an integer");
    }
    if (std::fabs(cost) > static_cast<T>(kLessonMaxAbsCost)) {
      throw InputError(source, cellWhere(i, j),
                       "cost " + std::to_string(static_cast<double>(cost)) + " is outside the lesson range " +
                           rangeText());
    }
    return static_cast<int64_t>(cost);
  } else {
    const auto value = static_cast<int64_t>(cost);
    if (value > kLessonMaxAbsCost || value < -kLessonMaxAbsCost) {
      throw InputError(source, cellWhere(i, j),
                       "cost " + std::to_string(value) + " is outside the lesson range " + rangeText());
    }
    return value;
  }
}

// Hall's condition, read off a maximum matching of the allowed pairs: the rows reached from an unmatched row
// have allowed entries only in the columns reached, and there are fewer of those.
void requireFeasible(const CostMatrix<int64_t>& square, const std::string& source) {
  const int32_t n = square.rows();
  const RowColumnMatching m =
      maximumMatching(n, [&](Cell c) { return !isForbiddenEntry(square(c.row, c.col)); });
  if (m.size == n) return;
  std::vector<int32_t> rows, cols;
  for (int32_t k = 0; k < n; ++k) {
    if (m.rowReached[static_cast<std::size_t>(k)] != 0) rows.push_back(k);
    if (m.colReached[static_cast<std::size_t>(k)] != 0) cols.push_back(k);
  }
  throw InputError(source, "",
                   "no assignment avoids the forbidden (inf) entries: " + lineList("row", rows) + " (" +
                       std::to_string(rows.size()) + ") have allowed entries only in " +
                       (cols.empty() ? std::string("no column") : lineList("column", cols)) + " (" +
                       std::to_string(cols.size()) + "), so " + std::to_string(rows.size() - cols.size()) +
                       " of them cannot be assigned");
}

}  // namespace

LessonProblem makeLessonProblem(const AnyCostMatrix& costs, bool maximize, std::string title,
                                std::string source, LessonMethod method) {
  LessonProblem problem;
  problem.title = std::move(title);
  problem.maximize = maximize;
  problem.method = method;
  problem.original = std::visit(
      [&](const auto& matrix) -> CostMatrix<int64_t> {
        CostMatrix<int64_t> copy(matrix.rows(), matrix.cols());
        for (int32_t i = 0; i < matrix.rows(); ++i) {
          for (int32_t j = 0; j < matrix.cols(); ++j) copy(i, j) = lessonEntry(matrix(i, j), i, j, source);
        }
        return copy;
      },
      costs);
  const int32_t rows = problem.original.rows(), cols = problem.original.cols();
  const int32_t n = std::max(rows, cols);
  if (n < kLessonMinSize || n > kLessonMaxSize) {
    throw InputError(source, "",
                     "the teaching mode takes " + std::to_string(kLessonMinSize) + " x " +
                         std::to_string(kLessonMinSize) + " to " + std::to_string(kLessonMaxSize) + " x " +
                         std::to_string(kLessonMaxSize) + " matrices (this one is " + std::to_string(rows) +
                         " x " + std::to_string(cols) + ")");
  }
  // The solvers' padding and negation (solver/lap/problem.h), with kForbidden kept forbidden.
  problem.square = CostMatrix<int64_t>(n, n);
  for (int32_t i = 0; i < n; ++i) {
    for (int32_t j = 0; j < n; ++j) {
      const int64_t cost = i < rows && j < cols ? problem.original(i, j) : 0;
      problem.square(i, j) = maximize && !isForbiddenEntry(cost) ? -cost : cost;
    }
  }
  requireFeasible(problem.square, source);
  problem.source = std::move(source);
  return withMethod(std::move(problem), method);
}

LessonProblem withMethod(LessonProblem problem, LessonMethod method) {
  problem.method = method;
  if (method != LessonMethod::Roma) return problem;
  const int32_t n = problem.square.rows();
  for (int32_t i = 0; i < n; ++i) {
    for (int32_t j = 0; j < n; ++j) {
      if (isForbiddenEntry(problem.square(i, j))) {
        throw InputError(problem.source, cellWhere(i, j),
                         "the ROMA lesson takes no forbidden (inf) pairs: ROMA works on a complete graph and "
                         "may keep any pair of the matching it starts from");
      }
    }
  }
  return problem;
}

LapAnswer<int64_t> lessonAnswer(const LessonProblem& problem, const std::vector<int32_t>& squareRowToCol) {
  return PreparedProblem<int64_t>(problem.original, problem.maximize).answer(squareRowToCol);
}

std::optional<LessonMethod> lessonMethodNamed(std::string_view name) {
  if (name == "stars") return LessonMethod::Stars;
  if (name == "lines") return LessonMethod::Lines;
  if (name == "tree") return LessonMethod::Tree;
  if (name == "roma") return LessonMethod::Roma;
  return std::nullopt;
}

std::string_view lessonMethodKey(LessonMethod method) {
  switch (method) {
    case LessonMethod::Stars:
      return "stars";
    case LessonMethod::Lines:
      return "lines";
    case LessonMethod::Tree:
      return "tree";
    case LessonMethod::Roma:
      return "roma";
  }
  return "stars";
}

std::string_view lessonMethodName(LessonMethod method) {
  switch (method) {
    case LessonMethod::Stars:
      return "star-and-prime (Munkres)";
    case LessonMethod::Lines:
      return "minimum lines";
    case LessonMethod::Tree:
      return "alternating trees (Date & Nagi)";
    case LessonMethod::Roma:
      return "ROMA 4-cycle flips (Hovland)";
  }
  return "star-and-prime (Munkres)";
}

}  // namespace ms::lap::teaching
