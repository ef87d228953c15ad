#include "solver/lap/teaching/lesson_transcript.h"

#include <ostream>

#include "solver/core/atomic_file.h"
#include "solver/lap/teaching/munkres_method.h"
#include "solver/lap/teaching/narration_text.h"

namespace ms::lap::teaching {
namespace {

std::string matrixText(const LessonProblem& problem) {
  const CostMatrix<int64_t>& m = problem.original;
  return std::string("Matrix (") + (problem.maximize ? "maximise profit" : "minimise cost") + ", " +
         std::to_string(m.rows()) + " x " + std::to_string(m.cols()) + "):\n" + matrixLines(m);
}

std::string quizText(const ExerciseChecker& quiz) {
  std::string text = "Answers:\n";
  for (const QuizEntry& entry : quiz.log()) {
    const std::string step =
        "step " + std::to_string(entry.step) + " (" + std::string(stepTitle(entry.stepKind)) + ")";
    switch (entry.kind) {
      case QuizEntry::Kind::Answer:
        text += capitalised(step) + ": " + entry.answer + " - " + (entry.correct ? "right" : "wrong") +
                (entry.counted ? "" : " (not counted: not the step's first answer)") + ". " + entry.verdict +
                "\n";
        break;
      case QuizEntry::Kind::Hint:
        text += "Hint at " + step + ": " + entry.verdict + "\n";
        break;
      case QuizEntry::Kind::Skip:
        text += capitalised(step) + ": skipped\n";
        break;
    }
  }
  return text + "Score: " + scoreSummary(quiz.score()) + "\n";
}

}  // namespace

std::string matrixLines(const CostMatrix<int64_t>& m) {
  std::string text;
  for (int32_t i = 0; i < m.rows(); ++i) {
    text += " ";
    for (int32_t j = 0; j < m.cols(); ++j) {
      text += ' ';
      text += number(m(i, j));
    }
    text += "\n";
  }
  return text;
}

std::string lessonTranscript(const LessonProblem& problem, const std::vector<LessonFrame>& frames,
                             const ExerciseChecker* quiz) {
  std::string text = "Lesson: " + problem.title + " (" + problem.source + ")\n";
  text += "Method: " + std::string(lessonMethodName(problem.method)) + "\n";
  text += matrixText(problem);
  for (const LessonFrame& frame : frames) {
    text += "Step " + std::to_string(frame.index) + ". " + std::string(stepTitle(frame.kind)) + ". " +
            frame.narration + "\n";
  }
  if (quiz != nullptr && !quiz->log().empty()) text += quizText(*quiz);
  if (!frames.empty() && frames.back().kind == StepKind::Result)
    text += "total: " + number(frames.back().stepValue) + "\n";
  return text;
}

void writeLessonTranscript(const std::filesystem::path& path, const LessonProblem& problem,
                           const std::vector<LessonFrame>& frames, const ExerciseChecker* quiz) {
  const std::string text = lessonTranscript(problem, frames, quiz);
  writeFileAtomically(path, [&](std::ostream& out) { out << text; });
}

}  // namespace ms::lap::teaching
