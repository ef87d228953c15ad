#include "views/teaching/exercise_draft.h"

#include <algorithm>

#include "solver/lap/teaching/munkres_rules.h"

namespace ms::views {

using lap::teaching::AnswerKind;
using lap::teaching::Cell;

namespace {

void toggle(std::vector<Cell>& cells, Cell cell) {
  const auto found = std::find(cells.begin(), cells.end(), cell);
  if (found == cells.end()) {
    cells.push_back(cell);
  } else {
    cells.erase(found);
  }
}

std::vector<int32_t> linesOf(const std::vector<uint8_t>& covered) {
  std::vector<int32_t> lines;
  for (std::size_t k = 0; k < covered.size(); ++k) {
    if (covered[k] != 0) lines.push_back(static_cast<int32_t>(k));
  }
  return lines;
}

}  // namespace

ExerciseDraft ExerciseDraft::startFrom(const lap::teaching::LessonFrame& frame) {
  ExerciseDraft draft;
  draft.kind = lap::teaching::answerKind(frame.state.next);
  // The minimum-lines method draws its lines afresh each round; Munkres changes the cover it has.
  // So do the solver lessons' questions about rows and columns (reached, conflicting, let through).
  const lap::teaching::StepKind next = frame.state.next;
  const bool fresh = next == lap::teaching::StepKind::CoverZerosWithFewestLines ||
                     next == lap::teaching::StepKind::TreeLevel ||
                     next == lap::teaching::StepKind::RomaProposals ||
                     next == lap::teaching::StepKind::RomaLocks;
  draft.rowCovered = fresh ? std::vector<uint8_t>(frame.state.rowCovered.size(), 0) : frame.state.rowCovered;
  draft.colCovered = fresh ? std::vector<uint8_t>(frame.state.colCovered.size(), 0) : frame.state.colCovered;
  draft.values = frame.state.values;
  draft.stars = lap::teaching::marked(frame.state, lap::teaching::Mark::Star);
  return draft;
}

void ExerciseDraft::toggleRow(int32_t row) {
  if (kind != AnswerKind::Cover || row < 0 || row >= static_cast<int32_t>(rowCovered.size())) return;
  rowCovered[static_cast<std::size_t>(row)] ^= 1;
}

void ExerciseDraft::toggleColumn(int32_t col) {
  if (kind != AnswerKind::Cover || col < 0 || col >= static_cast<int32_t>(colCovered.size())) return;
  colCovered[static_cast<std::size_t>(col)] ^= 1;
}

void ExerciseDraft::clickCell(Cell cell) {
  switch (kind) {
    case AnswerKind::Stars:
      toggle(stars, cell);
      break;
    case AnswerKind::Prime:
      prime = (prime == cell) ? std::nullopt : std::optional<Cell>(cell);
      break;
    case AnswerKind::Path:
      toggle(path, cell);
      break;
    case AnswerKind::None:
    case AnswerKind::Value:
    case AnswerKind::Cover:
    case AnswerKind::Matrix:
      break;
  }
}

std::optional<lap::teaching::LearnerAction> ExerciseDraft::action(std::optional<int64_t> typed) const {
  switch (kind) {
    case AnswerKind::Value:
      if (typed) return lap::teaching::ValueAnswer{*typed};
      return std::nullopt;
    case AnswerKind::Cover:
      return lap::teaching::CoverAnswer{linesOf(rowCovered), linesOf(colCovered)};
    case AnswerKind::Stars:
      return lap::teaching::StarAnswer{stars};
    case AnswerKind::Prime:
      if (prime) return lap::teaching::PrimeAnswer{*prime};
      return std::nullopt;
    case AnswerKind::Path:
      if (!path.empty()) return lap::teaching::PathAnswer{path};
      return std::nullopt;
    case AnswerKind::Matrix:
      return lap::teaching::MatrixAnswer{values};
    case AnswerKind::None:
      break;
  }
  return std::nullopt;
}

}  // namespace ms::views
