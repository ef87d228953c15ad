#pragma once
// The lesson on Date & Nagi's alternating-tree variant (2016, Algorithms 1, 2, 4, 5, 6 and 9): every frame is
// a snapshot of the studio's sequential tree solver, one phase per frame, narrated. Many trees grow level by
// level at once, the reverse pass keeps one augmenting path per tree (so the paths are vertex-disjoint and
// flip together), and one dual update serves all trees.

#include <vector>

#include "solver/lap/teaching/lesson_frame.h"
#include "solver/lap/teaching/lesson_problem.h"

namespace ms::lap::teaching {

// Frame 0 is startFrame(problem); the last frame is the Result, with the solver's duals as its proof.
std::vector<LessonFrame> treeLessonFrames(const LessonProblem& problem);

}  // namespace ms::lap::teaching
