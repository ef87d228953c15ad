#pragma once
// A lesson as plain text: the title, the method and the matrix, one line per frame, the learner's answers
// with their verdicts and the score when there was a quiz, and last the optimal total:
//
//   Lesson: <title> (<source>)
//   Method: minimum lines
//   Matrix (minimise cost, 3 x 3):
//     1 2 inf
//     ...
//   Step 0. The problem. <narration>
//   ...
//   Answers:                                   <- only with a quiz log
//   Step 3 (Reduce a row): 2 - wrong (counted). 2 is in row 1 ...
//   Hint at step 3: ...
//   Step 5 (Reduce a column): skipped
//   Score: 3 of 5 steps right at the first answer, 1 wrong, 1 skipped, 1 hint
//   total: 10                                  <- when the frames reach the result

#include <filesystem>
#include <string>
#include <vector>

#include "solver/lap/teaching/exercise.h"
#include "solver/lap/teaching/lesson_frame.h"
#include "solver/lap/teaching/lesson_problem.h"

namespace ms::lap::teaching {

// The matrix one row per line, each indented by two spaces ("  1 2 inf").
std::string matrixLines(const CostMatrix<int64_t>& matrix);

std::string lessonTranscript(const LessonProblem& problem, const std::vector<LessonFrame>& frames,
                             const ExerciseChecker* quiz = nullptr);
// Written to a temporary file and renamed (solver/core/atomic_file.h).
void writeLessonTranscript(const std::filesystem::path& path, const LessonProblem& problem,
                           const std::vector<LessonFrame>& frames, const ExerciseChecker* quiz = nullptr);

}  // namespace ms::lap::teaching
