#include "solver/lap/teaching/solver_lesson.h"

#include <algorithm>
#include <limits>

#include "solver/lap/lap_solver.h"

#include "solver/lap/teaching/roma_lesson.h"
#include "solver/lap/teaching/tree_lesson.h"

namespace ms::lap::teaching {

std::vector<LessonFrame> solverLessonFrames(const LessonProblem& problem) {
  return problem.method == LessonMethod::Roma ? romaLessonFrames(problem) : treeLessonFrames(problem);
}

CostMatrix<double> lessonSolverCosts(const LessonProblem& problem) {
  const int32_t n = problem.square.rows();
  CostMatrix<double> costs(n, n);
  for (int32_t i = 0; i < n; ++i) {
    for (int32_t j = 0; j < n; ++j) {
      const int64_t cost = problem.square(i, j);
      costs(i, j) =
          isForbiddenEntry(cost) ? std::numeric_limits<double>::infinity() : static_cast<double>(cost);
    }
  }
  return costs;
}

std::vector<int32_t> optimalAssignment(const LessonProblem& problem) {
  const CostMatrix<double> costs = lessonSolverCosts(problem);
  const auto solver = makeLapSolver<double>(
      costs, LapOptions(LapAlgorithm::Tree, Backend::Sequential, 1, Granularity::Search));
  while (!solver->done()) solver->step();
  return solver->solution().rowToCol;
}

LessonFrame followingFrame(const LessonFrame& from, StepKind kind) {
  LessonFrame frame;
  frame.index = from.index + 1;
  frame.kind = kind;
  frame.round = from.round;
  frame.state = from.state;
  frame.state.path.clear();
  frame.state.upcoming = {};
  frame.originalRows = from.originalRows;
  frame.originalCols = from.originalCols;
  frame.maximize = from.maximize;
  return frame;
}

void setAssignment(MunkresState& state, const std::vector<int32_t>& rowToCol) {
  std::fill(state.marks.begin(), state.marks.end(), Mark::None);
  for (int32_t i = 0; i < state.n; ++i) {
    const int32_t j = rowToCol[static_cast<std::size_t>(i)];
    if (j >= 0) state.marks[state.index({i, j})] = Mark::Star;
  }
}

std::vector<int8_t> valueChanges(const std::vector<int64_t>& before, const std::vector<int64_t>& after) {
  std::vector<int8_t> change(after.size(), 0);
  bool any = false;
  for (std::size_t k = 0; k < after.size(); ++k) {
    if (isForbiddenEntry(after[k]) || after[k] == before[k]) continue;
    change[k] = after[k] < before[k] ? int8_t{-1} : int8_t{1};
    any = true;
  }
  if (!any) change.clear();
  return change;
}

}  // namespace ms::lap::teaching
