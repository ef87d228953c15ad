#pragma once
// The pseudocode of the two textbook methods, the line each lesson step runs, and the live variables of a
// frame (stars, primes, covered lines, the path, theta), for the pseudocode panel beside the lesson.

#include "solver/lap/teaching/lesson_frame.h"
#include "solver/pseudocode/pseudocode.h"

namespace ms::lap::teaching {

// Phase names are stepPhaseName's.
const PseudocodeListing& lessonPseudocode(LessonMethod method);
// The line the frame's step ran (frame 0: -1, nothing ran yet).
int32_t lessonLine(const LessonFrame& frame);
PseudocodeVariables lessonVariables(const LessonFrame& frame);

}  // namespace ms::lap::teaching
