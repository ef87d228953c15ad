#include "solver/lap/teaching/tree_lesson.h"

#include <algorithm>
#include <cmath>
#include <map>

#include "solver/core/snapshot.h"
#include "solver/lap/hungarian/hungarian.h"
#include "solver/lap/lap_snapshot.h"
#include "solver/lap/lap_solver.h"
#include "solver/lap/teaching/munkres_method.h"
#include "solver/lap/teaching/munkres_rules.h"
#include "solver/lap/teaching/narration_text.h"
#include "solver/lap/teaching/solver_lesson.h"

namespace ms::lap::teaching {
namespace {

std::size_t at(int32_t k) {
  return static_cast<std::size_t>(k);
}

// The reduced matrix (cost - u - v), duals, covers and assignment of a snapshot. Integer costs keep the
// solver's duals integral, so rounding only undoes the display copy's conversion to double.
void readSnapshot(const LapSnapshot& snap, const LessonProblem& problem, MunkresState& s) {
  for (int32_t k = 0; k < s.n; ++k) {
    s.rowDual[at(k)] = std::llround(snap.rowDual[at(k)]);
    s.colDual[at(k)] = std::llround(snap.colDual[at(k)]);
  }
  for (int32_t i = 0; i < s.n; ++i) {
    for (int32_t j = 0; j < s.n; ++j) {
      const int64_t cost = problem.square(i, j);
      s.values[s.index({i, j})] =
          isForbiddenEntry(cost) ? kForbidden : cost - s.rowDual[at(i)] - s.colDual[at(j)];
    }
  }
  s.rowCovered = snap.rowCovered;
  s.colCovered = snap.colCovered;
  setAssignment(s, snap.rowAssignment);
}

// Unassigned columns the forward pass reached at zero slack: where augmenting paths end.
std::vector<int32_t> reverseColumns(const LapSnapshot& snap) {
  std::vector<int32_t> cols;
  if (snap.columnSlack.empty()) return cols;
  for (int32_t j = 0; j < snap.n; ++j) {
    if (snap.colAssignment[at(j)] == -1 && snap.colPredecessor[at(j)] != -1 && snap.columnSlack[at(j)] == 0)
      cols.push_back(j);
  }
  return cols;
}

// The augmenting path ending at reverse column `end`, traced back through the predecessors and returned from
// its root: (root, c1), (r1, c1), (r1, c2), ..., (r_k-1, end). New edges and matched edges alternate.
std::vector<Cell> pathTo(const LapSnapshot& snap, int32_t end) {
  std::vector<Cell> cells;
  for (int32_t col = end; col != -1;) {
    const int32_t row = snap.colPredecessor[at(col)];
    cells.push_back({row, col});
    col = snap.rowPredecessor[at(row)];
    if (col != -1) cells.push_back({row, col});
  }
  std::reverse(cells.begin(), cells.end());
  return cells;
}

// Cells of the solver's surviving paths (r0, c1, r1, c2, ..., ck) in the same form as pathTo.
std::vector<Cell> pathCells(const std::vector<int32_t>& path) {
  std::vector<Cell> cells;
  for (std::size_t k = 0; k + 1 < path.size(); k += 2) {
    cells.push_back({path[k], path[k + 1]});
    if (k + 2 < path.size()) cells.push_back({path[k + 2], path[k + 1]});
  }
  return cells;
}

std::string pathText(const std::vector<Cell>& cells) {
  std::string text = rowName(cells.front().row);
  for (std::size_t k = 0; k < cells.size(); ++k) {
    text += k % 2 == 0 ? " - column " + std::to_string(cells[k].col + 1)
                       : " = row " + std::to_string(cells[k].row + 1);
  }
  return text;
}

// Builds the frames while the solver runs, one per phase.
class TreeLessonBuilder {
 public:
  explicit TreeLessonBuilder(const LessonProblem& problem)
      : problem_(problem), costs_(lessonSolverCosts(problem)) {}

  std::vector<LessonFrame> build() {
    frames_.push_back(startFrame(problem_));
    const auto solver = makeLapSolver<double>(
        costs_, LapOptions(LapAlgorithm::Tree, Backend::Sequential, 1, Granularity::Phase));
    Snapshot snapshot;
    while (!solver->done()) {
      const StepRecord record = solver->step();
      solver->snapshot(snapshot);
      const LapSnapshot& snap = std::get<LapSnapshot>(snapshot);
      if (record.phase == hungarianPhaseName(HungarianPhase::InitialReduction)) reduced(snap);
      if (record.phase == hungarianPhaseName(HungarianPhase::OptimalityCheck)) checked(snap);
      if (record.phase == hungarianPhaseName(HungarianPhase::ForwardLevel)) level(snap);
      if (record.phase == hungarianPhaseName(HungarianPhase::ReversePass)) reversed(snap);
      if (record.phase == hungarianPhaseName(HungarianPhase::Augment)) augmented(snap);
      if (record.phase == hungarianPhaseName(HungarianPhase::DualUpdate))
        dualUpdated(snap, std::llround(record.counters[kTheta]));
      previous_ = snap;
    }
    LessonFrame last = frames_.back();
    last.state.next = StepKind::Result;
    LessonFrame result = takeStep(last, problem_);
    std::fill(result.state.rowCovered.begin(), result.state.rowCovered.end(), 0);
    std::fill(result.state.colCovered.begin(), result.state.colCovered.end(), 0);
    frames_.push_back(std::move(result));
    linkFrames();
    return std::move(frames_);
  }

 private:
  LessonFrame& add(StepKind kind, const LapSnapshot& snap) {
    LessonFrame frame = followingFrame(frames_.back(), kind);
    const std::vector<int64_t> before = frame.state.values;
    readSnapshot(snap, problem_, frame.state);
    frame.change = valueChanges(before, frame.state.values);
    frames_.push_back(std::move(frame));
    return frames_.back();
  }

  void reduced(const LapSnapshot& snap) {
    LessonFrame& frame = add(StepKind::TreeReduce, snap);
    const MunkresState& s = frame.state;
    frame.narration =
        "Algorithm 1, all rows and columns at once: each row's smallest entry becomes its dual u and is "
        "taken "
        "off the row (u = " +
        dualList(s.rowDual) +
        "), then each column's smallest remaining entry becomes its dual v (v = " + dualList(s.colDual) +
        "). Every entry is now a slack cost - u - v of at least 0; the zeros are the edges the trees may "
        "use.";
  }

  void checked(const LapSnapshot& snap) {
    LessonFrame& frame = add(StepKind::TreeCheck, snap);
    ++frame.round;
    level_ = 0;
    const MunkresState& s = frame.state;
    const std::vector<int32_t> assigned = coveredRows(s), roots = uncoveredRows(s);
    roots_ = roots;
    pathEnds_.clear();
    frame.highlight = marked(s, Mark::Star);
    frame.highlightRows = roots;
    frame.narration = "Algorithm 2: " + counted(assigned.size(), "row") + " of " + std::to_string(s.n) +
                      " assigned, and those rows are covered.";
    if (roots.empty()) {
      frame.narration += " Every row is assigned at slack 0: the assignment is optimal.";
      return;
    }
    frame.narration +=
        roots.size() > 1
            ? " " + capitalised(lineList("row", roots)) +
                  " are unassigned: each becomes the root of its own alternating tree, and all " +
                  counted(roots.size(), "tree") +
                  " grow at the same time, one level per step (the frontier F_in is " +
                  lineList("row", roots) + ")."
            : " " + capitalised(rowName(roots.front())) +
                  " is unassigned: it becomes the root of an alternating tree, grown one level "
                  "per step (the frontier F_in).";
  }

  void level(const LapSnapshot& snap) {
    // A search's first level expands the roots; later ones the rows the last level or dual update queued.
    const std::vector<int32_t> expanded =
        frames_.back().kind == StepKind::TreeCheck ? roots_ : previous_.frontier;
    LessonFrame& frame = add(StepKind::TreeLevel, snap);
    ++level_;
    const MunkresState& s = frame.state;
    const MunkresState& before = frames_[frames_.size() - 2].state;
    std::vector<int32_t> reachedAssigned, reachedFree;
    for (int32_t j = 0; j < s.n; ++j) {
      if (s.colCovered[at(j)] != 0 && before.colCovered[at(j)] == 0) reachedAssigned.push_back(j);
    }
    for (const int32_t j : reverseColumns(snap)) {
      if (std::find(pathEnds_.begin(), pathEnds_.end(), j) == pathEnds_.end()) reachedFree.push_back(j);
    }
    pathEnds_ = reverseColumns(snap);
    std::vector<int32_t> reached = reachedAssigned;
    reached.insert(reached.end(), reachedFree.begin(), reachedFree.end());
    std::sort(reached.begin(), reached.end());
    for (const int32_t j : reached) frame.highlight.push_back({snap.colPredecessor[at(j)], j});
    frame.highlightRows = expanded;
    frame.highlightCols = reached;
    frame.stepValue = level_;
    frame.narration = "Level " + std::to_string(level_) + " (Algorithm 4): every column scans the frontier " +
                      lineList("row", expanded) +
                      " at once and keeps its smallest slack and the row it came from.";
    if (reached.empty()) {
      frame.narration += " No uncovered column is reached at slack 0: the trees cannot grow on zeros.";
    }
    if (!reachedAssigned.empty()) {
      std::vector<int32_t> rows;
      for (const int32_t j : reachedAssigned) rows.push_back(snap.colAssignment[at(j)]);
      frame.narration += " " + capitalised(lineList("column", reachedAssigned)) + " (assigned, slack 0) " +
                         (reachedAssigned.size() > 1 ? "are" : "is") + " covered, and " +
                         lineList("row", rows) + " assigned there join" + (rows.size() > 1 ? "" : "s") +
                         " the trees, uncovered: the next frontier.";
    }
    if (!reachedFree.empty()) {
      frame.narration += " " + capitalised(lineList("column", reachedFree)) +
                         (reachedFree.size() > 1 ? " are" : " is") +
                         " unassigned at slack 0: an augmenting path ends there.";
    }
    if (snap.frontier.empty()) {
      frame.narration += reverseColumns(snap).empty()
                             ? " The frontier is empty and no path was found, so the duals must change."
                             : " The frontier is empty: the reverse pass traces the paths.";
    }
  }

  void reversed(const LapSnapshot& snap) {
    const std::vector<int32_t> ends = reverseColumns(previous_);
    LessonFrame& frame = add(StepKind::TreeReverse, snap);
    std::map<int32_t, std::vector<std::vector<Cell>>> byRoot;
    std::vector<std::vector<Cell>>& candidates = frames_[frames_.size() - 2].state.upcoming.candidates;
    for (const int32_t j : ends) {
      std::vector<Cell> path = pathTo(previous_, j);
      candidates.push_back(path);
      byRoot[path.front().row].push_back(std::move(path));
    }
    std::vector<std::vector<Cell>> kept;
    for (const std::vector<int32_t>& path : snap.augmentingPaths) kept.push_back(pathCells(path));
    std::sort(kept.begin(), kept.end());
    for (const auto& path : kept) frame.state.path.insert(frame.state.path.end(), path.begin(), path.end());
    frame.highlight = frame.state.path;
    frame.highlightCols = ends;
    frame.stepValue = static_cast<int64_t>(kept.size());
    frame.narration = "Algorithm 5 traces each unassigned column reached at slack 0 (" +
                      lineList("column", ends) + ") back to its root through the predecessors.";
    for (const auto& [treeRoot, paths] : byRoot) {
      const auto root = treeRoot;  // a copy: clang 14 cannot capture a structured binding
      const auto survivor =
          std::find_if(kept.begin(), kept.end(), [&](const auto& path) { return path.front().row == root; });
      if (survivor == kept.end()) continue;
      frame.narration += " Tree of " + rowName(root) + ": " + pathText(*survivor);
      if (paths.size() > 1) {
        std::vector<int32_t> dropped;
        for (const auto& path : paths) {
          if (path.back().col != survivor->back().col) dropped.push_back(path.back().col);
        }
        frame.narration += dropped.size() > 1
                               ? "; its paths to " + lineList("column", dropped) +
                                     " share the root, so they are dropped (the last path written "
                                     "wins)"
                               : "; its path to " + lineList("column", dropped) +
                                     " shares the root, so it is dropped (the last path written "
                                     "wins)";
      }
      frame.narration += ".";
    }
    frame.narration += kept.size() > 1
                           ? " Each row and column belongs to one tree, so paths of different "
                             "trees share no vertex: all " +
                                 counted(kept.size(), "path") + " can be flipped at the same time."
                           : " One path: it is flipped next.";
  }

  void augmented(const LapSnapshot& snap) {
    const std::vector<Cell> flipped = frames_.back().state.path;
    LessonFrame& frame = add(StepKind::TreeAugment, snap);
    frame.state.path = flipped;
    std::vector<Cell> added;
    for (std::size_t k = 0; k < flipped.size(); k += 2) added.push_back(flipped[k]);
    frame.highlight = added;
    frame.narration =
        "Algorithm 6 flips every surviving path at once: along a path each new edge becomes an "
        "assignment and each old one is given up, so each path adds one. Now " +
        std::to_string(snap.assignedCount) + " of " + std::to_string(snap.n) +
        " rows are assigned; the next step checks again.";
  }

  void dualUpdated(const LapSnapshot& snap, int64_t theta) {
    LessonFrame& frame = add(StepKind::TreeDualUpdate, snap);
    const MunkresState& s = frame.state;
    frame.stepValue = theta;
    std::vector<int32_t> newZeroColumns;
    for (int32_t j = 0; j < s.n; ++j) {
      if (s.colCovered[at(j)] == 0 && snap.columnSlack[at(j)] == 0 && previous_.columnSlack[at(j)] != 0) {
        newZeroColumns.push_back(j);
        frame.highlight.push_back({snap.colPredecessor[at(j)], j});
      }
    }
    frame.highlightRows = snap.frontier;
    frame.highlightCols = newZeroColumns;
    frame.narration =
        "No tree reached an unassigned column. Algorithm 9 takes one theta for all trees: the "
        "smallest slack of an uncovered column, " +
        number(theta) + " (" + lineList("column", newZeroColumns) + "). The tree rows (" +
        lineList("row", uncoveredRows(s)) + ") gain " + number(theta) + " in u and the covered columns (" +
        lineList("column", coveredColumns(s)) +
        ") lose it in v: slack from a tree row to an uncovered column drops by theta, slack "
        "inside the trees stays 0, and every tree continues from " +
        lineList("row", snap.frontier) + ".";
  }

  static std::string dualList(const std::vector<int64_t>& duals) {
    std::string text;
    for (const int64_t d : duals) text += (text.empty() ? "" : ", ") + number(d);
    return text;
  }

  // Each frame's next step, and what that step does for the exercise checker.
  void linkFrames() {
    for (std::size_t k = 0; k + 1 < frames_.size(); ++k) {
      MunkresState& s = frames_[k].state;
      const LessonFrame& next = frames_[k + 1];
      s.next = next.kind;
      UpcomingStep& up = s.upcoming;
      switch (next.kind) {
        case StepKind::TreeLevel:
          up.cols = next.highlightCols;
          for (const int32_t j : next.highlightCols) {
            if (next.state.colCovered[at(j)] != 0) up.rows.push_back(rowWithStarIn(next.state, j));
          }
          std::sort(up.rows.begin(), up.rows.end());
          break;
        case StepKind::TreeReverse:  // the candidates were set when the reverse pass was read
          up.cells = next.state.path;
          break;
        case StepKind::TreeAugment:
          up.cells = marked(next.state, Mark::Star);
          break;
        case StepKind::TreeDualUpdate:
          up.value = next.stepValue;
          break;
        default:
          break;
      }
    }
    frames_.back().state.next = StepKind::Finished;
  }

  static int32_t rowWithStarIn(const MunkresState& s, int32_t col) {
    for (int32_t i = 0; i < s.n; ++i) {
      if (s.mark({i, col}) == Mark::Star) return i;
    }
    return -1;
  }

  const LessonProblem& problem_;
  CostMatrix<double> costs_;
  std::vector<LessonFrame> frames_;
  LapSnapshot previous_;
  std::vector<int32_t> roots_;     // unassigned rows at the latest check
  std::vector<int32_t> pathEnds_;  // unassigned columns reached at slack 0 in this search so far
  int32_t level_ = 0;
};

}  // namespace

std::vector<LessonFrame> treeLessonFrames(const LessonProblem& problem) {
  return TreeLessonBuilder(problem).build();
}

}  // namespace ms::lap::teaching
