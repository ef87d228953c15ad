#include "solver/lap/teaching/roma_lesson.h"

#include <algorithm>
#include <stdexcept>

#include "solver/core/snapshot.h"
#include "solver/lap/teaching/munkres_method.h"
#include "solver/lap/teaching/munkres_rules.h"
#include "solver/lap/teaching/narration_text.h"
#include "solver/lap/teaching/solver_lesson.h"
#include "solver/matching/cpu/cpu_roma_state.h"
#include "solver/matching/matching_snapshot.h"

namespace ms::lap::teaching {
namespace {

std::size_t at(int32_t k) {
  return static_cast<std::size_t>(k);
}

// Two matched pairs (row1, col1) and (row2, col2) that swap partners: row1 takes col2, row2 takes col1.
struct Swap {
  int32_t row1 = -1, col1 = -1, row2 = -1, col2 = -1;
  int64_t gain = 0;  // cost saved in the square (minimisation) matrix
};

// A 4-cycle drawn as a closed path of five cells: row1's matched cell, row1's new cell, row2's matched cell,
// row2's new cell, and back.
constexpr std::size_t kCycleCells = 5;
std::vector<Cell> cycleCells(const Swap& swap) {
  return {{swap.row1, swap.col1},
          {swap.row1, swap.col2},
          {swap.row2, swap.col2},
          {swap.row2, swap.col1},
          {swap.row1, swap.col1}};
}

class RomaLessonBuilder {
 public:
  explicit RomaLessonBuilder(const LessonProblem& problem)
      : problem_(problem), n_(problem.square.rows()), graph_(romaGraph(problem)) {}

  std::vector<LessonFrame> build() {
    frames_.push_back(startFrame(problem_));
    const matching::MatchingOptions options = romaLessonOptions();
    const auto solver = matching::makeMatchingSolver(graph_, options);
    Snapshot snapshot;
    solver->step();  // set-up: the initial matching
    solver->snapshot(snapshot);
    mate_ = std::get<matching::MatchingSnapshot>(snapshot).mate;
    started();
    for (int32_t phase = 1; !solver->done(); ++phase) {
      proposals(phase, options.gainThreshold);
      solver->step();
      solver->snapshot(snapshot);
      const auto& flips = std::get<matching::MatchingSnapshot>(snapshot).flips;
      const int64_t before = total();
      for (std::size_t k = 0; k < flips.size(); ++k) flipped(phase, flips[k], k + 1, flips.size());
      if (mate_ != std::get<matching::MatchingSnapshot>(snapshot).mate) {
        throw std::logic_error("ROMA lesson: the flips do not lead to the solver's matching");
      }
      phaseEnded(phase, flips.size(), before);
    }
    result(solver->solution().mate);
    linkFrames();
    return std::move(frames_);
  }

 private:
  int64_t cost(int32_t row, int32_t col) const { return problem_.square(row, col); }
  std::vector<int32_t> assignment() const { return romaAssignment(mate_, n_); }
  int64_t total() const {
    int64_t sum = 0;
    const std::vector<int32_t> rowToCol = assignment();
    for (int32_t i = 0; i < n_; ++i) sum += cost(i, rowToCol[at(i)]);
    return sum;
  }
  Swap swapOf(int32_t row1, int32_t row2) const {
    const std::vector<int32_t> rowToCol = assignment();
    Swap swap{row1, rowToCol[at(row1)], row2, rowToCol[at(row2)], 0};
    swap.gain = cost(row1, swap.col1) + cost(row2, swap.col2) - cost(row1, swap.col2) - cost(row2, swap.col1);
    return swap;
  }
  std::string swapText(const Swap& swap) const {
    return rowName(swap.row1) + " (with " + columnName(swap.col1) + ") and " + rowName(swap.row2) +
           " (with " + columnName(swap.col2) + ") swap columns: " + number(cost(swap.row1, swap.col1)) +
           " + " + number(cost(swap.row2, swap.col2)) + " before, " + number(cost(swap.row1, swap.col2)) +
           " + " + number(cost(swap.row2, swap.col1)) + " after, gain " + number(swap.gain);
  }

  LessonFrame& add(StepKind kind) {
    LessonFrame frame = followingFrame(frames_.back(), kind);
    setAssignment(frame.state, assignment());
    frames_.push_back(std::move(frame));
    return frames_.back();
  }

  void started() {
    LessonFrame& frame = add(StepKind::RomaStart);
    frame.highlight = marked(frame.state, Mark::Star);
    frame.stepValue = total();
    frame.narration =
        "ROMA sees the rows and columns as the vertices of one complete graph and an assignment as a perfect "
        "matching. It starts from any perfect matching, here row i with column i (total cost " +
        number(frame.stepValue) +
        "), and improves it by 4-cycle flips: two matched pairs swap partners whenever that costs less. "
        "Each phase tries a flip for every matched edge; ROMA stops after a phase without one.";
  }

  // What parallel ROMA's threads would do with the matching at the start of this phase: each row's edge
  // searches its best flip (the solver's own search), all against the same matching; then every thread
  // flips under Algorithm 7's locks, taken here in row order.
  void proposals(int32_t phase, float threshold) {
    matching::CpuRomaState searcher(graph_);
    searcher.reset(mate_);
    std::vector<std::pair<Swap, matching::FlipChoice>> found;
    for (int32_t row = 0; row < n_; ++row) {
      const matching::FlipChoice choice = searcher.bestFlipOverEdges(row, mate_[at(row)], threshold);
      if (choice.found()) found.emplace_back(swapOf(row, choice.b), choice);
    }
    if (found.empty()) return;
    std::vector<int32_t> conflicting;
    for (const auto& [mine, unused] : found) {
      for (const auto& [other, alsoUnused] : found) {
        const bool shares = mine.row1 == other.row1 || mine.row1 == other.row2 || mine.row2 == other.row1 ||
                            mine.row2 == other.row2;
        if (&mine != &other && shares) {
          conflicting.push_back(mine.row1);
          break;
        }
      }
    }
    matching::CpuRomaState locker(graph_);
    locker.reset(mate_);
    std::vector<int32_t> through;
    for (const auto& [swap, choice] : found) {
      if (locker.atomicFlip(swap.row1, mate_[at(swap.row1)], choice, threshold) ==
          matching::FlipOutcome::Flipped)
        through.push_back(swap.row1);
    }

    LessonFrame& ask = add(StepKind::RomaProposals);
    ask.round = phase;
    ask.highlightRows = conflicting;
    ask.stepValue = static_cast<int64_t>(found.size());
    ask.narration = "Phase " + std::to_string(phase) +
                    ". Parallel ROMA gives every matched edge its own thread, and all threads search at once "
                    "against the same matching. Their best flips:";
    for (const auto& entry : found) {
      const auto& swap = entry.first;  // a plain reference: clang 14 cannot capture a structured binding
      ask.narration += ' ';
      // Both edges of one swap may each find it: two threads, one flip.
      const bool repeated = std::any_of(found.begin(), found.end(), [&](const auto& other) {
        return other.first.row1 == swap.row2 && other.first.row2 == swap.row1 && swap.row1 > swap.row2;
      });
      ask.narration +=
          repeated ? rowName(swap.row1) + ": the same swap, found from its side" : swapText(swap);
      ask.narration += ';';
      const std::vector<Cell> cycle = cycleCells(swap);
      ask.state.path.insert(ask.state.path.end(), cycle.begin(), cycle.end());
      ask.highlight.push_back({swap.row1, swap.col2});
      ask.highlight.push_back({swap.row2, swap.col1});
    }
    ask.narration.back() = '.';
    ask.narration += conflicting.empty()
                         ? " No two of them share a vertex, so they could all flip together."
                         : " The proposals of " + lineList("row", conflicting) +
                               " share a vertex with another one: two threads rewriting the same vertex's "
                               "partner at once would leave a vertex with two partners, or none.";

    LessonFrame& lock = add(StepKind::RomaLocks);
    lock.round = phase;
    lock.highlightRows = through;
    lock.stepValue = static_cast<int64_t>(through.size());
    for (const auto& [swap, choice] : found) {
      if (std::find(through.begin(), through.end(), swap.row1) == through.end()) continue;
      const std::vector<Cell> cycle = cycleCells(swap);
      lock.state.path.insert(lock.state.path.end(), cycle.begin(), cycle.end());
      lock.highlight.push_back({swap.row1, swap.col2});
      lock.highlight.push_back({swap.row2, swap.col1});
    }
    lock.narration =
        "Algorithm 7: a thread locks the smaller end of both matched edges (the rows), the smaller one first "
        "so that two threads never wait for each other, and gives up when a lock is taken; holding both, it "
        "flips only if both edges are still matched as it found them. Say the threads arrive in row order: "
        "the flips of " +
        lineList("row", through) + " go through.";
    if (through.size() < found.size()) {
      lock.narration +=
          " The others find a row locked or, arriving after the unlock, their edges changed, "
          "and wait for the next phase: the locks keep the matching a matching.";
    }
    lock.narration +=
        " The solver of this lesson is sequential ROMA: one vertex at a time in a random order, "
        "flipping at once, so it needs no locks. Its flips follow.";
  }

  void flipped(int32_t phase, const matching::MatchingFlip& flip, std::size_t k, std::size_t count) {
    // (u, mateU), (x, mateX) -> (u, x), (mateU, mateX): rows are the vertices below n.
    const int32_t row1 = std::min(flip.u, flip.mateU), row2 = std::min(flip.x, flip.mateX);
    const Swap swap = swapOf(row1, row2);
    for (const auto& [p, q] : {std::pair{flip.u, flip.x}, std::pair{flip.mateU, flip.mateX}}) {
      mate_[at(p)] = q;
      mate_[at(q)] = p;
    }
    LessonFrame& frame = add(StepKind::RomaFlip);
    frame.round = phase;
    frame.state.path = cycleCells(swap);
    frame.highlight = {{swap.row1, swap.col2}, {swap.row2, swap.col1}};
    frame.highlightRows = {std::min(row1, row2), std::max(row1, row2)};
    frame.highlightCols = {std::min(swap.col1, swap.col2), std::max(swap.col1, swap.col2)};
    frame.stepValue = swap.gain;
    frame.narration = "Phase " + std::to_string(phase) + ", flip " + std::to_string(k) + " of " +
                      std::to_string(count) + ": " + swapText(swap) +
                      ". The 4-cycle row - column - row - column loses its two matched edges and gains the "
                      "other two. Total cost now " +
                      number(total()) + ".";
  }

  void phaseEnded(int32_t phase, std::size_t flips, int64_t before) {
    LessonFrame& frame = add(StepKind::RomaPhaseEnd);
    frame.round = phase;
    frame.stepValue = total();
    frame.narration =
        flips == 0 ? "Phase " + std::to_string(phase) +
                         ": no two matched pairs gain by swapping partners. No 4-cycle flip improves the "
                         "matching, so ROMA stops; this is a local optimum, not always the best assignment."
                   : "Phase " + std::to_string(phase) + " made " + counted(flips, "flip") + ": total cost " +
                         number(before) + " -> " + number(frame.stepValue) + ". Another phase follows.";
  }

  void result(const std::vector<int32_t>& mate) {
    LessonFrame& frame = add(StepKind::Result);
    const std::vector<int32_t> rowToCol = romaAssignment(mate, n_);
    const LapAnswer<int64_t> answer = lessonAnswer(problem_, rowToCol);
    const int64_t optimum = lessonAnswer(problem_, optimalAssignment(problem_)).objective;
    frame.highlight = marked(frame.state, Mark::Star);
    frame.stepValue = answer.objective;
    const std::string what = problem_.maximize ? "profit" : "cost";
    frame.narration = "ROMA's assignment: " + assignmentText(problem_, answer);
    frame.narration +=
        ". Total " + what + ": " + number(answer.objective) + ". The optimum (Hungarian method) is " +
        number(optimum) +
        (optimum == answer.objective ? ": here ROMA found it."
                                     : ": ROMA stopped at a matching that no single flip improves, "
                                       "which is not the best one.");
  }

  // Each frame's next step, and what that step does for the exercise checker.
  void linkFrames() {
    for (std::size_t k = 0; k + 1 < frames_.size(); ++k) {
      MunkresState& s = frames_[k].state;
      const LessonFrame& next = frames_[k + 1];
      s.next = next.kind;
      if (next.kind == StepKind::RomaProposals || next.kind == StepKind::RomaLocks) {
        s.upcoming.rows = next.highlightRows;
        std::sort(s.upcoming.rows.begin(), s.upcoming.rows.end());
        // Every proposal: the 4-cycles the proposals frame draws, five cells each.
        const std::vector<Cell>& cycles =
            next.kind == StepKind::RomaProposals ? next.state.path : frames_[k].state.path;
        for (std::size_t c = 0; c + kCycleCells <= cycles.size(); c += kCycleCells)
          s.upcoming.candidates.emplace_back(cycles.begin() + static_cast<std::ptrdiff_t>(c),
                                             cycles.begin() + static_cast<std::ptrdiff_t>(c + kCycleCells));
      }
      if (next.kind == StepKind::RomaFlip) {
        s.upcoming.rows = next.highlightRows;
        s.upcoming.cols = next.highlightCols;
        s.upcoming.value = next.stepValue;
      }
    }
    frames_.back().state.next = StepKind::Finished;
  }

  const LessonProblem& problem_;
  int32_t n_;
  matching::CompleteGraph graph_;
  std::vector<int32_t> mate_;
  std::vector<LessonFrame> frames_;
};

}  // namespace

matching::CompleteGraph romaGraph(const LessonProblem& problem) {
  const int32_t n = problem.square.rows();
  int64_t largest = 0;
  for (int64_t k = 0; k < problem.square.size(); ++k) {
    const int64_t cost = problem.square.data()[k];
    if (isForbiddenEntry(cost)) throw std::invalid_argument("ROMA lessons take no forbidden pairs");
    largest = std::max(largest, cost);
  }
  matching::WeightMatrix weights(2 * n, 2 * n);
  std::fill(weights.data(), weights.data() + weights.size(), 0.0f);
  for (int32_t i = 0; i < n; ++i) {
    for (int32_t j = 0; j < n; ++j) {
      const auto weight = static_cast<float>(largest + 1 - problem.square(i, j));
      weights(i, n + j) = weight;
      weights(n + j, i) = weight;
    }
  }
  return matching::CompleteGraph(std::move(weights));
}

matching::MatchingOptions romaLessonOptions() {
  matching::MatchingOptions options;
  options.algorithm = matching::MatchingAlgorithm::Roma;
  options.backend = Backend::Cpu;
  options.threads = 1;
  options.initial = matching::InitialMatching::Half;
  options.maxPhases = 0;
  options.seed = 1;
  return options;
}

std::vector<int32_t> romaAssignment(const std::vector<int32_t>& mate, int32_t n) {
  std::vector<int32_t> rowToCol(at(n), -1);
  for (int32_t i = 0; i < n; ++i) rowToCol[at(i)] = mate[at(i)] - n;
  return rowToCol;
}

std::vector<LessonFrame> romaLessonFrames(const LessonProblem& problem) {
  return RomaLessonBuilder(problem).build();
}

}  // namespace ms::lap::teaching
