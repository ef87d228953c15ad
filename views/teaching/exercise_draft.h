#pragma once
// What the learner has marked so far in exercise mode, before pressing Check: the proposed covering lines,
// stars, primed zero or path. It starts from the current frame (its covers and stars), so a learner only
// clicks what changes.

#include <cstdint>
#include <optional>
#include <vector>

#include "solver/lap/teaching/exercise.h"

namespace ms::views {

struct ExerciseDraft {
  lap::teaching::AnswerKind kind = lap::teaching::AnswerKind::None;
  std::vector<uint8_t> rowCovered, colCovered;
  std::vector<lap::teaching::Cell> stars;
  std::optional<lap::teaching::Cell> prime;
  std::vector<lap::teaching::Cell> path;
  std::vector<int64_t> values;  // matrix steps: the entries as the learner has typed them so far

  // The draft for answering the step after `frame`.
  static ExerciseDraft startFrom(const lap::teaching::LessonFrame& frame);

  // Clicks: a header toggles that line's cover (cover steps); a cell toggles a star (star steps), picks the
  // zero to prime, or toggles the cell's place in the path. Clicks that mean nothing for the step are
  // ignored.
  void toggleRow(int32_t row);
  void toggleColumn(int32_t col);
  void clickCell(lap::teaching::Cell cell);

  // The answer to judge; `typed` is the number typed for a value step. Empty when nothing was given yet.
  std::optional<lap::teaching::LearnerAction> action(std::optional<int64_t> typed) const;
};

}  // namespace ms::views
