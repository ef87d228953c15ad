#include "solver/lap/teaching/lesson_transcript.h"

#include <ostream>

#include "solver/core/atomic_file.h"
#include "solver/lap/teaching/munkres_method.h"

namespace ms::lap::teaching {

std::string lessonTranscript(const LessonProblem& problem, const std::vector<LessonFrame>& frames) {
  std::string text = "Lesson: " + problem.title + " (" + problem.source + ")\n";
  for (const LessonFrame& frame : frames) {
    text += "Step " + std::to_string(frame.index) + ". " + std::string(stepTitle(frame.kind)) + ". " +
            frame.narration + "\n";
  }
  return text;
}

void writeLessonTranscript(const std::filesystem::path& path, const LessonProblem& problem,
                           const std::vector<LessonFrame>& frames) {
  const std::string text = lessonTranscript(problem, frames);
  writeFileAtomically(path, [&](std::ostream& out) { out << text; });
}

}  // namespace ms::lap::teaching
