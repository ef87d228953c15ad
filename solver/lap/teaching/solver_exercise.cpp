#include "solver/lap/teaching/solver_exercise.h"

#include <algorithm>
#include <map>
#include <set>

#include "solver/lap/teaching/munkres_rules.h"
#include "solver/lap/teaching/narration_text.h"

namespace ms::lap::teaching {
namespace {

std::size_t at(int32_t k) {
  return static_cast<std::size_t>(k);
}

template <class T>
bool has(const std::set<T>& items, const T& item) {
  return items.contains(item);
}

// A ROMA proposal as the lesson stores it: its 4-cycle (row1, col1), (row1, col2), (row2, col2), ....
struct Proposal {
  int32_t row = -1, partner = -1;
};
std::vector<Proposal> proposalsOf(const std::vector<std::vector<Cell>>& cycles) {
  std::vector<Proposal> proposals;
  for (const auto& cycle : cycles) proposals.push_back({cycle[0].row, cycle[2].row});
  return proposals;
}
bool share(const Proposal& a, const Proposal& b) {
  return a.row == b.row || a.row == b.partner || a.partner == b.row || a.partner == b.partner;
}
std::string proposalName(const Proposal& p) {
  return "row " + std::to_string(p.row + 1) + "'s proposal (swap with row " + std::to_string(p.partner + 1) +
         ")";
}
std::string proposalList(const std::vector<Proposal>& proposals) {
  std::string text;
  for (const Proposal& p : proposals) {
    text += (text.empty() ? "" : ", ") + std::string("row ") + std::to_string(p.row + 1) + " with row " +
            std::to_string(p.partner + 1);
  }
  return text.empty() ? "none" : text;
}

Verdict judgeLevel(const LessonFrame& frame, const CoverAnswer& answer) {
  const MunkresState& s = frame.state;
  const UpcomingStep& up = s.upcoming;
  const std::set<int32_t> rows(answer.rows.begin(), answer.rows.end()),
      cols(answer.cols.begin(), answer.cols.end());
  const std::set<int32_t> wantRows(up.rows.begin(), up.rows.end()), wantCols(up.cols.begin(), up.cols.end());
  std::vector<std::string> mistakes;
  for (const int32_t j : wantCols) {
    if (has(cols, j)) continue;
    const std::vector<int32_t> treeRows = uncoveredRows(s);
    const auto zero = std::find_if(treeRows.begin(), treeRows.end(), [&](int32_t i) {
      return s.value({i, j}) == 0;
    });
    mistakes.push_back(columnName(j) + " is uncovered and has slack 0 from a tree row" +
                       (zero != treeRows.end() ? " (at " + cellName({*zero, j}) + ")" : std::string()) +
                       ": this level reaches it.");
  }
  for (const int32_t j : cols) {
    if (has(wantCols, j)) continue;
    mistakes.push_back(j < 0 || j >= s.n ? "a clicked column lies outside the matrix."
                       : s.colCovered[at(j)] != 0
                           ? columnName(j) +
                                 " is covered: it joined a tree earlier, so this level does not "
                                 "reach it again."
                           : columnName(j) +
                                 " has no 0 in a row the frontier expands: its slack stays above 0.");
  }
  for (const int32_t i : wantRows) {
    if (has(rows, i)) continue;
    const int32_t j = [&] {
      for (int32_t c = 0; c < s.n; ++c) {
        if (s.mark({i, c}) == Mark::Star) return c;
      }
      return -1;
    }();
    mistakes.push_back(rowName(i) + " is assigned to " + columnName(j) +
                       ", which this level reaches: the row joins the trees and the next level expands it.");
  }
  for (const int32_t i : rows) {
    if (has(wantRows, i)) continue;
    mistakes.push_back(i < 0 || i >= s.n ? "a clicked row lies outside the matrix."
                       : s.rowCovered[at(i)] == 0
                           ? rowName(i) +
                                 " is already in a tree (uncovered); only rows reached through a new "
                                 "column join now."
                           : rowName(i) + "'s assigned column is not reached by this level.");
  }
  if (!mistakes.empty()) return wrongVerdict(frame, mistakes);
  return rightVerdict("Right: the level reaches " + lineList("column", up.cols) +
                      (up.rows.empty() ? "" : ", and ") +
                      (up.rows.empty() ? "" : lineList("row", up.rows) + " join the trees") + ".");
}

Verdict judgeReverse(const LessonFrame& frame, const PathAnswer& answer) {
  const UpcomingStep& up = frame.state.upcoming;
  const std::set<Cell> picked(answer.cells.begin(), answer.cells.end());
  std::map<int32_t, std::vector<const std::vector<Cell>*>> byRoot;
  std::set<Cell> onSomePath;
  for (const auto& path : up.candidates) {
    byRoot[path.front().row].push_back(&path);
    onSomePath.insert(path.begin(), path.end());
  }
  std::vector<std::string> mistakes;
  for (const Cell c : picked) {
    if (!has(onSomePath, c))
      mistakes.push_back(cellName(c) +
                         " is on no augmenting path: paths run from a root along zeros of the "
                         "trees to an unassigned column.");
  }
  for (const auto& [root, paths] : byRoot) {
    const auto complete = std::find_if(paths.begin(), paths.end(), [&](const std::vector<Cell>* path) {
      return std::all_of(path->begin(), path->end(), [&](Cell c) { return has(picked, c); });
    });
    if (complete == paths.end()) {
      mistakes.push_back("the tree of " + rowName(root) + " has " +
                         (paths.size() > 1 ? counted(paths.size(), "path") + "; one of them" : "a path") +
                         " (to " + columnName(paths.front()->back().col) +
                         (paths.size() > 1 ? " or another" : "") + ") survives: pick all of its cells.");
      continue;
    }
    for (const std::vector<Cell>* path : paths) {
      if (path == *complete) continue;
      std::vector<Cell> extra;
      for (const Cell c : *path) {
        if (has(picked, c) && std::find((*complete)->begin(), (*complete)->end(), c) == (*complete)->end())
          extra.push_back(c);
      }
      if (!extra.empty()) {
        mistakes.push_back(cellList(extra) + " belong to a second path of " + rowName(root) + "'s tree (to " +
                           columnName(path->back().col) +
                           "); paths of one tree share the root, so only one survives.");
      }
    }
  }
  if (!mistakes.empty()) return wrongVerdict(frame, mistakes);
  std::vector<Cell> kept = up.cells, mine(picked.begin(), picked.end());
  std::sort(kept.begin(), kept.end());
  return rightVerdict(kept == mine
                          ? "Right: one path per tree, and paths of different trees share no vertex."
                          : "Right: one path per tree also works. The solver kept " + cellList(up.cells) +
                                " (in the reverse pass the last path written wins); the lesson "
                                "continues with those.");
}

Verdict judgeAugment(const LessonFrame& frame, const StarAnswer& answer) {
  const MunkresState& s = frame.state;
  const std::set<Cell> picked(answer.stars.begin(), answer.stars.end()),
      want(s.upcoming.cells.begin(), s.upcoming.cells.end());
  std::vector<std::string> mistakes;
  for (const Cell c : want) {
    if (has(picked, c)) continue;
    mistakes.push_back(s.mark(c) == Mark::Star
                           ? cellName(c) + " is on no surviving path, so it stays assigned."
                           : cellName(c) + " is a new edge of a surviving path: flipping assigns it.");
  }
  for (const Cell c : picked) {
    if (has(want, c)) continue;
    mistakes.push_back(c.row < 0 || c.row >= s.n || c.col < 0 || c.col >= s.n
                           ? "a clicked cell lies outside the matrix."
                       : s.mark(c) == Mark::Star
                           ? cellName(c) + " is an assigned edge on a surviving path: flipping gives it up."
                           : cellName(c) + " is not on a surviving path; only the paths change.");
  }
  if (!mistakes.empty()) return wrongVerdict(frame, mistakes);
  return rightVerdict("Right: " + counted(want.size(), "assignment") + " now, one more per path.");
}

Verdict judgeTheta(const LessonFrame& frame, int64_t answer) {
  const MunkresState& s = frame.state;
  if (answer == s.upcoming.value) {
    return rightVerdict("Right: theta = " + number(answer) +
                        ", the smallest slack from a tree row to a column no tree has reached.");
  }
  std::string mistake = thetaMistake(s, answer);
  if (mistake.empty()) mistake = "theta is " + number(s.upcoming.value) + ", not " + number(answer) + ".";
  return wrongVerdict(frame, mistake);
}

// The ROMA questions about proposals: the learner clicks the rows of the proposals that have a property
// (sharing a vertex, going through the locks). `missed` and `extra` word the mistake about a proposal that
// has the property but was not clicked, and one that was clicked without having it.
template <class Missed, class Extra>
std::vector<std::string> proposalRowMistakes(const LessonFrame& frame, const CoverAnswer& answer,
                                             Missed missed, Extra extra) {
  const UpcomingStep& up = frame.state.upcoming;
  const std::vector<Proposal> proposals = proposalsOf(up.candidates);
  const std::set<int32_t> rows(answer.rows.begin(), answer.rows.end()), want(up.rows.begin(), up.rows.end());
  std::vector<std::string> mistakes;
  if (!answer.cols.empty()) mistakes.push_back("click the proposing rows only, no columns.");
  for (const Proposal& p : proposals) {
    if (has(want, p.row) && !has(rows, p.row)) mistakes.push_back(missed(p, proposals));
    if (!has(want, p.row) && has(rows, p.row)) mistakes.push_back(extra(p, proposals, want));
  }
  for (const int32_t row : rows) {
    if (std::none_of(proposals.begin(), proposals.end(), [&](const Proposal& p) { return p.row == row; }))
      mistakes.push_back(rowName(row) + " makes no proposal of its own; click the rows that propose.");
  }
  return mistakes;
}

Verdict judgeConflicts(const LessonFrame& frame, const CoverAnswer& answer) {
  const std::vector<std::string> mistakes = proposalRowMistakes(
      frame, answer,
      [](const Proposal& p, const std::vector<Proposal>& all) {
        const auto other =
            std::find_if(all.begin(), all.end(), [&](const Proposal& q) { return &q != &p && share(p, q); });
        return proposalName(p) + " shares a row with " + proposalName(*other) + ".";
      },
      [](const Proposal& p, const std::vector<Proposal>&, const std::set<int32_t>&) {
        return proposalName(p) + " shares no row or column with any other proposal.";
      });
  if (!mistakes.empty()) return wrongVerdict(frame, mistakes);
  const std::vector<int32_t>& rows = frame.state.upcoming.rows;
  return rightVerdict(rows.empty() ? "Right: no two proposals share a vertex."
                                   : "Right: the proposals of " + lineList("row", rows) +
                                         " each share a vertex with another.");
}

Verdict judgeLocks(const LessonFrame& frame, const CoverAnswer& answer) {
  const std::vector<std::string> mistakes = proposalRowMistakes(
      frame, answer,
      [](const Proposal& p, const std::vector<Proposal>&) {
        return proposalName(p) +
               " goes through: no proposal that locked before it (threads in row order) holds one of its "
               "rows.";
      },
      [](const Proposal& p, const std::vector<Proposal>& all, const std::set<int32_t>& through) {
        const auto winner = std::find_if(all.begin(), all.end(), [&](const Proposal& q) {
          return q.row < p.row && has(through, q.row) && share(p, q);
        });
        return proposalName(p) + " fails" +
               (winner != all.end() ? ": " + proposalName(*winner) + " locked a shared row first"
                                    : std::string()) +
               ", so it waits for the next phase.";
      });
  if (!mistakes.empty()) return wrongVerdict(frame, mistakes);
  return rightVerdict("Right: the flips of " + lineList("row", frame.state.upcoming.rows) + " go through.");
}

Verdict judgeGain(const LessonFrame& frame, int64_t answer) {
  const int64_t gain = frame.state.upcoming.value;
  if (answer == gain) return rightVerdict("Right: the flip saves " + number(gain) + ".");
  const std::vector<int32_t>& rows = frame.state.upcoming.rows;
  const std::string pairs = "the two matched entries of " + lineList("row", rows);
  return wrongVerdict(frame,
                      answer == -gain
                          ? number(answer) + " has the wrong sign: the gain is the cost before (" + pairs +
                                ") minus the cost after (the two entries where the rows and the other's "
                                "column cross)."
                          : number(answer) + " is not the gain: add " + pairs +
                                ", then subtract the two entries where each row meets the other's column.");
}

std::string proposalsText(const LessonFrame& frame) {
  return proposalList(proposalsOf(frame.state.upcoming.candidates));
}

}  // namespace

std::string solverInstruction(const LessonFrame& frame) {
  const MunkresState& s = frame.state;
  switch (s.next) {
    case StepKind::TreeLevel:
      return "Click the columns this level reaches at slack 0, and the rows that join the trees through "
             "them.";
    case StepKind::TreeReverse:
      return "Click the zeros of the paths the reverse pass keeps: one per tree, root to unassigned column.";
    case StepKind::TreeAugment:
      return "Click zeros to set the assignment after every kept path is flipped.";
    case StepKind::TreeDualUpdate:
      return "Type theta: the smallest slack from a tree row (uncovered) to an uncovered column.";
    case StepKind::RomaProposals:
      return "Threads propose: " + proposalsText(frame) +
             ". Click the rows whose proposal shares a vertex with another.";
    case StepKind::RomaLocks:
      return "Proposals: " + proposalsText(frame) +
             ". Threads lock in row order: click the rows whose flips go through.";
    case StepKind::RomaFlip:
      return "Next, " + lineList("row", s.upcoming.rows) + " swap " + lineList("column", s.upcoming.cols) +
             ". Type the gain: cost before minus cost after.";
    default:
      return "Nothing to do: press Next to watch the solver's step.";
  }
}

std::string solverHint(const LessonFrame& frame) {
  const MunkresState& s = frame.state;
  switch (s.next) {
    case StepKind::TreeLevel:
      return "Look at the uncovered rows (the trees) and find their zeros in uncovered columns. An assigned "
             "column brings its star's row into the trees.";
    case StepKind::TreeReverse:
      return "From each unassigned column reached at slack 0, walk back: to the row it was reached from, "
             "then "
             "along that row's star to its column, and on to a root. Keep one such path per root.";
    case StepKind::TreeAugment:
      return "On each kept path, zeros that were not stars become stars and stars lose their star.";
    case StepKind::TreeDualUpdate:
      return "Only cells whose row and column are both uncovered count; take the smallest of them.";
    case StepKind::RomaProposals:
      return "A proposal touches its own row and its partner row (and their columns). Two proposals conflict "
             "when they touch a common row.";
    case StepKind::RomaLocks:
      return "Go through the proposals in row order; a proposal fails if an earlier successful one touched "
             "one of its rows.";
    case StepKind::RomaFlip:
      return "Before: each row with its own column. After: each row with the other's column. The gain is "
             "before minus after.";
    default:
      return "Press Next.";
  }
}

Verdict judgeSolverStep(const LessonFrame& frame, const LearnerAction& action) {
  switch (frame.state.next) {
    case StepKind::TreeLevel:
      return judgeLevel(frame, std::get<CoverAnswer>(action));
    case StepKind::TreeReverse:
      return judgeReverse(frame, std::get<PathAnswer>(action));
    case StepKind::TreeAugment:
      return judgeAugment(frame, std::get<StarAnswer>(action));
    case StepKind::TreeDualUpdate:
      return judgeTheta(frame, std::get<ValueAnswer>(action).value);
    case StepKind::RomaProposals:
      return judgeConflicts(frame, std::get<CoverAnswer>(action));
    case StepKind::RomaLocks:
      return judgeLocks(frame, std::get<CoverAnswer>(action));
    case StepKind::RomaFlip:
      return judgeGain(frame, std::get<ValueAnswer>(action).value);
    default:
      return wrongVerdict(frame, "there is nothing to answer at this step.");
  }
}

}  // namespace ms::lap::teaching
