#pragma once
// The textbook Hungarian method as a function from one lesson frame to the next: Munkres' steps (Munkres
// 1957; Algorithm 2 of greedy-lap-approximation.txt; the classical variant in Date & Nagi 2016, Section 2.2)
// preceded by the row and column reductions, each step narrated with the instance's own numbers.

#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "solver/lap/teaching/lesson_frame.h"
#include "solver/lap/teaching/lesson_problem.h"

namespace ms::lap::teaching {

// Where the method leaves a choice, a step takes the method's default (the first candidate in reading
// order) or the learner's own.
struct DefaultChoice {};
struct StarChoice {
  std::vector<Cell> stars;  // StarZeros: any maximal set of independent zeros
};
struct PrimeChoice {
  Cell zero;  // PrimeZero: any uncovered zero
};
struct LinesChoice {
  std::vector<int32_t> rows, cols;  // CoverZerosWithFewestLines: any cover of every zero by the fewest lines
};
using StepChoice = std::variant<DefaultChoice, StarChoice, PrimeChoice, LinesChoice>;

// Frame 0: the square minimisation matrix, nothing reduced or marked.
LessonFrame startFrame(const LessonProblem& problem);

// Takes the step `from.state.next`. Throws std::invalid_argument when the choice is for another kind of step
// or the method does not allow it (the exercise checker says why before a learner's choice gets here), and
// std::logic_error when the lesson is finished.
LessonFrame takeStep(const LessonFrame& from, const LessonProblem& problem,
                     const StepChoice& choice = DefaultChoice{});

// The steps of the lessons beyond the textbook, whose frames come from a solver (solver_lesson.h).
constexpr bool isSolverStep(StepKind kind) {
  return kind >= StepKind::TreeReduce && kind <= StepKind::RomaPhaseEnd;
}

// "row 1 takes column 2 (cost 5); row 2 gets no column (it took a dummy column); ..." in the learner's
// rows, columns and sense.
std::string assignmentText(const LessonProblem& problem, const LapAnswer<int64_t>& answer);

std::string_view stepPhaseName(StepKind kind);  // "reduce_row", ...: trace phase names
std::string_view stepTitle(StepKind kind);      // "Reduce a row", ...: headings

}  // namespace ms::lap::teaching
