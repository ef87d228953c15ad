#pragma once
// Lesson export: one PNG per step (a slide: heading, the drawn matrix, the narration) and the text
// transcript of the narration. Every file is written to a temporary file and renamed.

#include <QImage>
#include <QSize>
#include <filesystem>
#include <vector>

#include "solver/lap/teaching/lesson_frame.h"
#include "solver/lap/teaching/lesson_problem.h"

namespace ms::views {

// One step as a slide of the given size.
QImage renderLessonSlide(const lap::teaching::LessonProblem& problem, const lap::teaching::LessonFrame& frame,
                         int32_t lastIndex, QSize size);

// Writes <folder>/step_000.png ... (one per frame) and <folder>/transcript.txt, creating the folder.
// Returns the number of PNGs written. Throws std::runtime_error naming the file that could not be written.
int32_t exportLesson(const lap::teaching::LessonProblem& problem,
                     const std::vector<lap::teaching::LessonFrame>& frames,
                     const std::filesystem::path& folder, QSize slideSize);

// "step_007.png"
std::string slideFileName(int32_t index);

}  // namespace ms::views
