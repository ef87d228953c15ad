#pragma once
// The lesson on Hovland's ROMA: the assignment problem as a complete graph on the rows and columns, a
// perfect matching improved by 4-cycle flips (two matched pairs swap partners when that costs less). Its
// flips are the snapshots of the studio's sequential ROMA solver. Before each phase the lesson shows what
// parallel ROMA's threads would propose against the same matching, which proposals share a vertex, and
// which of those the locks of Algorithm 7 let through: why parallel flips need locks.

#include <cstdint>
#include <vector>

#include "solver/lap/teaching/lesson_frame.h"
#include "solver/lap/teaching/lesson_problem.h"
#include "solver/matching/complete_graph.h"
#include "solver/matching/matching_solver.h"

namespace ms::lap::teaching {

// Vertices 0..n-1 are the rows, n..2n-1 the columns. A row-column edge weighs (largest cost + 1) - cost, so
// a heavier perfect matching is a cheaper assignment; rows with rows and columns with columns weigh 0, which
// no flip ever prefers. Throws InputError naming the problem's source when a pair is forbidden: ROMA works on
// a complete graph and may keep any pair it starts from.
matching::CompleteGraph romaGraph(const LessonProblem& problem);
// The solver the lesson follows: sequential ROMA (Algorithm 3), from row i with column i, until a phase
// makes no flip.
matching::MatchingOptions romaLessonOptions();
// A perfect matching of romaGraph read as the assignment of the square matrix (per row its column).
std::vector<int32_t> romaAssignment(const std::vector<int32_t>& mate, int32_t n);

std::vector<LessonFrame> romaLessonFrames(const LessonProblem& problem);

}  // namespace ms::lap::teaching
