#pragma once
// Lesson export: one PNG per step (a slide: heading, the drawn matrix, the narration) and the text
// transcript of the narration. Every file is written to a temporary file and renamed.

#include <QImage>
#include <QSize>
#include <filesystem>
#include <vector>

#include "solver/lap/teaching/exercise.h"
#include "solver/lap/teaching/lesson_frame.h"
#include "solver/lap/teaching/lesson_problem.h"
#include "solver/lap/teaching/question_bank.h"
#include "views/teaching/lesson_painter.h"

namespace ms::views {

// One step as a slide of the given size.
QImage renderLessonSlide(const lap::teaching::LessonProblem& problem, const lap::teaching::LessonFrame& frame,
                         int32_t lastIndex, QSize size);

// Draws one legend entry (swatch or line sample, then its text) with its left end at `left`, vertically
// centred there; returns the width used. The Learn panel's legend and the slides share it.
double paintLegendEntry(QPainter& painter, const LegendEntry& entry, QPointF left, double swatch);

// Writes <folder>/step_000.png ... (one per frame), <folder>/sheet.png (the printable one-page sheet, when
// the frames reach the result) and <folder>/transcript.txt (with the quiz's answers and score when `quiz` has
// any), creating the folder.
// Returns the number of slides written. Throws std::runtime_error naming the file that could not be written.
int32_t exportLesson(const lap::teaching::LessonProblem& problem,
                     const std::vector<lap::teaching::LessonFrame>& frames,
                     const std::filesystem::path& folder, QSize slideSize,
                     const lap::teaching::ExerciseChecker* quiz = nullptr);

// "step_007.png"
std::string slideFileName(int32_t index);

// Writes a question bank: <folder>/questions-01.png ... and <folder>/answers-01.png ... (bank_sheet.h),
// <folder>/questions.txt and <folder>/answers.txt, creating the folder. The same spec writes the same bytes.
// Returns the bank. Throws as exportLesson, and InputError for a spec the bank does not take.
std::vector<lap::teaching::BankEntry> exportQuestionBank(const lap::teaching::BankSpec& spec,
                                                         const std::filesystem::path& folder);

}  // namespace ms::views
