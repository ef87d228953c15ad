#pragma once
// The narration of a lesson as plain text: a title line, then one line per frame.

#include <filesystem>
#include <string>
#include <vector>

#include "solver/lap/teaching/lesson_frame.h"
#include "solver/lap/teaching/lesson_problem.h"

namespace ms::lap::teaching {

// "Lesson: <title> (<source>)" then "Step <index>. <step title>. <narration>" per frame, '\n'-terminated.
std::string lessonTranscript(const LessonProblem& problem, const std::vector<LessonFrame>& frames);
// Written to a temporary file and renamed (solver/core/atomic_file.h).
void writeLessonTranscript(const std::filesystem::path& path, const LessonProblem& problem,
                           const std::vector<LessonFrame>& frames);

}  // namespace ms::lap::teaching
