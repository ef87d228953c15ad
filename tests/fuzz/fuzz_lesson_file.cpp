// Lesson files: any bytes give a lesson, which then runs to its end, or an InputError.
#include "solver/lap/teaching/lesson_files.h"
#include "solver/lap/teaching/munkres_lesson.h"
#include "tests/fuzz/fuzz_entry.h"

void fuzzInput(ms::InputSource& source) {
  ms::lap::teaching::MunkresLesson lesson(ms::lap::teaching::readLessonFile(source, "fuzz.txt"));
  lesson.completeFrames();
}
