#pragma once
// Helpers shared by the teaching tests: 1-based cells (as the hand work in the comments is written), the
// lesson files of resources/lessons, and walking a lesson to its end.

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "solver/lap/teaching/lesson_files.h"
#include "solver/lap/teaching/munkres_lesson.h"
#include "solver/lap/teaching/munkres_rules.h"

namespace ms::lap::teaching::test {

// Row r, column c, both counted from 1.
inline Cell at1(int32_t r, int32_t c) {
  return Cell{r - 1, c - 1};
}

inline std::vector<int32_t> lines1(std::initializer_list<int32_t> oneBased) {
  std::vector<int32_t> out;
  for (int32_t k : oneBased) out.push_back(k - 1);
  return out;
}

inline std::filesystem::path lessonPath(const std::string& name) {
  return std::filesystem::path(MATCHSCOPE_LESSONS_DIR) / name;
}

inline MunkresLesson walkedLesson(const std::string& fileName) {
  MunkresLesson lesson(readLessonFile(lessonPath(fileName)));
  lesson.completeFrames();
  return lesson;
}

inline std::vector<Cell> sortedCells(std::vector<Cell> cells) {
  std::sort(cells.begin(), cells.end());
  return cells;
}

}  // namespace ms::lap::teaching::test
