#pragma once
// The exercises of the lessons beyond the textbook, judged against the step the solver takes next
// (frame.state.upcoming): which columns a tree level reaches and which rows join the trees, which augmenting
// paths survive the reverse pass, the assignment after the flips, theta of the common dual update; for ROMA,
// which proposed flips conflict, which the locks let through, and the gain of a flip.

#include <string>

#include "solver/lap/teaching/exercise.h"

namespace ms::lap::teaching {

// For a frame whose next step is a solver lesson's (TreeLevel ... RomaPhaseEnd).
std::string solverInstruction(const LessonFrame& frame);
std::string solverHint(const LessonFrame& frame);
// Every mistake named with its row, column or cell; the action has the step's answer kind.
Verdict judgeSolverStep(const LessonFrame& frame, const LearnerAction& action);

}  // namespace ms::lap::teaching
