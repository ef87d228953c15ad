#pragma once
// What the two lessons beyond the textbook share: their frames are built from a real solver's snapshots
// (the tree variant's and ROMA's CPU step machines) rather than computed step by step from the learner's
// choices, so a lesson shows exactly what the solver does.

#include <vector>

#include "solver/lap/teaching/lesson_frame.h"
#include "solver/lap/teaching/lesson_problem.h"

namespace ms::lap::teaching {

// Whether a method's lesson is built from a solver (Tree, Roma) rather than by the textbook rules.
constexpr bool isSolverLesson(LessonMethod method) {
  return method == LessonMethod::Tree || method == LessonMethod::Roma;
}

// Every frame of a solver lesson, from the problem to the result.
std::vector<LessonFrame> solverLessonFrames(const LessonProblem& problem);

// The lesson's square matrix as the solvers take it: +inf where a pair is forbidden.
CostMatrix<double> lessonSolverCosts(const LessonProblem& problem);
// The Hungarian optimum of the square matrix (the tree solver), per row its column.
std::vector<int32_t> optimalAssignment(const LessonProblem& problem);

// A frame of `kind` after `from`: its state, position and shape, with nothing highlighted yet.
LessonFrame followingFrame(const LessonFrame& from, StepKind kind);
// Marks the cells of `rowToCol` (per row its column, -1 for none) as the stars of the state, nothing else.
void setAssignment(MunkresState& state, const std::vector<int32_t>& rowToCol);
// The per-cell change tint between two value matrices (-1 lowered, +1 raised, 0 kept); empty if none changed.
std::vector<int8_t> valueChanges(const std::vector<int64_t>& before, const std::vector<int64_t>& after);

}  // namespace ms::lap::teaching
