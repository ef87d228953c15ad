#pragma once
// Where lessons come from: lesson files (the text matrix format of solver/lap/io/matrix_io.h, with optional
// metadata in comment lines) and seeded random instances.
//
//   # title: Machineco (Winston)
//   # source: W. L. Winston, Operations Research, Section 7.5
//   # goal: maximize          <- or "minimize", the default
//   # method: lines           <- or "stars" (Munkres), the default
//   14 5 8 7
//   ...

#include <cstdint>
#include <filesystem>
#include <vector>

#include "solver/core/input_file.h"
#include "solver/lap/teaching/lesson_problem.h"

namespace ms::lap::teaching {

// Throws InputError naming the file and line for a bad matrix, a bad goal, or a size or cost the lessons do
// not take. A lesson file is small: one over kLessonFileLimit bytes is refused before it is read.
LessonProblem readLessonFile(const std::filesystem::path& path);
// The same from any source; `path` gives the default title (its stem) and source (its name).
LessonProblem readLessonFile(InputSource& source, const std::filesystem::path& path);

inline constexpr std::uintmax_t kLessonFileLimit = 1 << 20;

// The .txt files of a folder, sorted by name; empty when the folder does not exist.
std::vector<std::filesystem::path> lessonFiles(const std::filesystem::path& folder);

// n x n integer costs uniform in [0, 10n) from the project's generator (lap::generate), so a seed names the
// same matrix in the studio and in matchscope-cli.
LessonProblem randomLessonProblem(int32_t n, uint64_t seed, bool maximize = false,
                                  LessonMethod method = LessonMethod::Stars);

}  // namespace ms::lap::teaching
