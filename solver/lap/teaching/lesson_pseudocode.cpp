#include "solver/lap/teaching/lesson_pseudocode.h"

#include "solver/lap/teaching/munkres_method.h"
#include "solver/lap/teaching/munkres_rules.h"
#include "solver/lap/teaching/narration_text.h"
#include "solver/pseudocode/algorithm_pseudocode.h"

namespace ms::lap::teaching {
namespace {

PseudocodeListing starsListing() {
  return PseudocodeListing{"Hungarian method: stars and primes (Munkres)",
                           {
                               "for each row i: subtract the row's smallest entry",
                               "for each column j: subtract the column's smallest entry",
                               "star each zero with no star in its row or column",
                               "loop",
                               "  cover every column that holds a star",
                               "  if all n columns are covered: the stars are optimal; stop",
                               "  while some zero z is uncovered:",
                               "    prime z",
                               "    if z's row holds a star s:",
                               "      cover z's row; uncover s's column",
                               "    else:",
                               "      path := z, star in z's column, prime in its row, ...",
                               "      unstar the path's stars, star its primes;",
                               "      erase all primes, remove all lines; continue loop",
                               "  theta := smallest uncovered entry",
                               "  add theta to covered rows, subtract it from uncovered columns",
                           },
                           {{"reduce_row", 0},
                            {"reduce_column", 1},
                            {"star_zeros", 2},
                            {"cover_starred_columns", 4},
                            {"result", 5},
                            {"prime_zero", 7},
                            {"cover_primed_row", 9},
                            {"find_path", 11},
                            {"flip_path", 12},
                            {"adjust", 15}}};
}

PseudocodeListing linesListing() {
  return PseudocodeListing{"Hungarian method: fewest covering lines",
                           {
                               "for each row i: subtract the row's smallest entry",
                               "for each column j: subtract the column's smallest entry",
                               "loop",
                               "  k := size of a largest set of independent zeros",
                               "  cover every zero with k lines (König: mark free rows, their",
                               "    zeros' columns, those columns' chosen rows, ...; draw unmarked",
                               "    rows and marked columns)",
                               "  if k = n: the independent zeros are optimal; stop",
                               "  theta := smallest uncovered entry",
                               "  subtract theta from uncovered entries, add it where lines cross",
                           },
                           {{"reduce_row", 0},
                            {"reduce_column", 1},
                            {"cover_zeros_fewest_lines", 4},
                            {"result", 7},
                            {"adjust_uncovered", 9}}};
}

std::string cellsText(const std::vector<Cell>& cells) {
  if (cells.empty()) return "none";
  std::string text;
  for (const Cell c : cells) {
    if (!text.empty()) text += ' ';
    text += '(';
    text += std::to_string(c.row + 1);
    text += ',';
    text += std::to_string(c.col + 1);
    text += ')';
  }
  return text;
}

std::string linesText(const std::vector<int32_t>& lines) {
  if (lines.empty()) return "none";
  std::string text;
  for (const int32_t k : lines) {
    if (!text.empty()) text += ' ';
    text += std::to_string(k + 1);
  }
  return text;
}

}  // namespace

const PseudocodeListing& lessonPseudocode(LessonMethod method) {
  static const PseudocodeListing stars = starsListing(), lines = linesListing();
  switch (method) {
    case LessonMethod::Stars:
      return stars;
    case LessonMethod::Lines:
      return lines;
    case LessonMethod::Tree:  // the studio's own listings: the lesson's phases are the solver's
      return *algorithmPseudocode("tree");
    case LessonMethod::Roma:
      return *algorithmPseudocode("roma");
  }
  return stars;
}

int32_t lessonLine(const LessonFrame& frame) {
  const LessonMethod method = frame.state.method;
  // The solvers' listings end where the solver stops: the last check, or the phase without a flip.
  if (frame.kind == StepKind::Result && method == LessonMethod::Tree)
    return lessonPseudocode(method).lineOf(stepPhaseName(StepKind::TreeCheck));
  if (frame.kind == StepKind::Result && method == LessonMethod::Roma)
    return lessonPseudocode(method).lineOf(stepPhaseName(StepKind::RomaPhaseEnd));
  return lessonPseudocode(method).lineOf(stepPhaseName(frame.kind));
}

namespace {

// The solver lessons' variables: the assignment, covers, frontier, paths and theta of the tree variant; the
// matching, the proposals and the gain of ROMA.
PseudocodeVariables solverVariables(const LessonFrame& frame) {
  const MunkresState& s = frame.state;
  PseudocodeVariables variables;
  const std::vector<Cell> stars = marked(s, Mark::Star);
  if (s.method == LessonMethod::Tree) {
    variables.emplace_back("assigned", std::to_string(stars.size()) + " of " + std::to_string(s.n));
    variables.emplace_back("A (stars)", cellsText(stars));
    variables.emplace_back("covered rows", linesText(coveredRows(s)));
    variables.emplace_back("covered columns", linesText(coveredColumns(s)));
    if (frame.kind == StepKind::TreeCheck || frame.kind == StepKind::TreeLevel)
      variables.emplace_back("F_in", linesText(frame.highlightRows));
    if (frame.kind == StepKind::TreeLevel)
      variables.emplace_back("reached columns", linesText(frame.highlightCols));
    if (frame.kind == StepKind::TreeReverse || frame.kind == StepKind::TreeAugment)
      variables.emplace_back("paths", cellsText(s.path));
    if (frame.kind == StepKind::TreeDualUpdate) variables.emplace_back("theta", number(frame.stepValue));
  } else {
    variables.emplace_back("M (stars)", cellsText(stars));
    if (frame.kind == StepKind::RomaProposals)
      variables.emplace_back("conflicting rows", linesText(frame.highlightRows));
    if (frame.kind == StepKind::RomaLocks) variables.emplace_back("through", linesText(frame.highlightRows));
    if (frame.kind == StepKind::RomaFlip) variables.emplace_back("gain", number(frame.stepValue));
    if (frame.kind == StepKind::RomaPhaseEnd || frame.kind == StepKind::RomaStart)
      variables.emplace_back("total cost", number(frame.stepValue));
  }
  if (frame.round > 0)
    variables.emplace_back(s.method == LessonMethod::Tree ? "iteration" : "phase",
                           std::to_string(frame.round));
  if (frame.kind == StepKind::Result) variables.emplace_back("total", number(frame.stepValue));
  return variables;
}

}  // namespace

PseudocodeVariables lessonVariables(const LessonFrame& frame) {
  const MunkresState& s = frame.state;
  if (s.method == LessonMethod::Tree || s.method == LessonMethod::Roma) return solverVariables(frame);
  PseudocodeVariables variables;
  const bool stars = s.method == LessonMethod::Stars;
  if (frame.kind == StepKind::ReduceRow)
    variables.emplace_back("row i", std::to_string(s.nextLine == 0 ? s.n : s.nextLine));
  if (frame.kind == StepKind::ReduceColumn)
    variables.emplace_back("column j", std::to_string(s.nextLine == 0 ? s.n : s.nextLine));
  if (frame.kind == StepKind::ReduceRow || frame.kind == StepKind::ReduceColumn)
    variables.emplace_back("minimum", number(frame.stepValue));
  if (stars || frame.kind == StepKind::Result) {
    variables.emplace_back("stars", cellsText(marked(s, Mark::Star)));
  } else if (frame.kind == StepKind::CoverZerosWithFewestLines) {
    variables.emplace_back("independent zeros", cellsText(frame.highlight));
  }
  if (stars) variables.emplace_back("primes", cellsText(marked(s, Mark::Prime)));
  variables.emplace_back("covered rows", linesText(coveredRows(s)));
  variables.emplace_back("covered columns", linesText(coveredColumns(s)));
  if (stars) variables.emplace_back("path", cellsText(s.path));
  if (stars && frame.kind == StepKind::PrimeZero) variables.emplace_back("z", cellsText({s.lastPrime}));
  if (frame.kind == StepKind::CoverZerosWithFewestLines) {
    variables.emplace_back("k", std::to_string(coveredRows(s).size() + coveredColumns(s).size()));
  }
  if (frame.kind == StepKind::Adjust || frame.kind == StepKind::AdjustUncovered)
    variables.emplace_back("theta", number(frame.stepValue));
  if (frame.kind == StepKind::Result) variables.emplace_back("total", number(frame.stepValue));
  return variables;
}

}  // namespace ms::lap::teaching
