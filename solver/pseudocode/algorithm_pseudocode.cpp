#include "solver/pseudocode/algorithm_pseudocode.h"

namespace ms {
namespace {

// Date & Nagi 2016, Section 4: the host loop around Algorithms 1-9. Phase names are those of
// solver/lap/lap_solver.cpp (hungarianPhaseName).
PseudocodeListing hungarian(bool classical) {
  return PseudocodeListing{classical ? "Hungarian method, classical variant (Date & Nagi 2016)"
                                     : "Hungarian method, alternating-tree variant (Date & Nagi 2016)",
                           {
                               "allocate D_r, D_c, A_r, A_c, cover and predecessor arrays",
                               "D_r[i] := min_j C[i,j];  D_c[j] := min_i C[i,j] - D_r[i]      (Alg. 1)",
                               "loop",
                               "  cover assigned rows; if n rows are assigned: stop           (Alg. 2)",
                               classical ? "  Z := zero-slack edges, compressed per row (when duals changed)"
                                         : "  slack[j] := inf for every column j",
                               "  F_in := unassigned rows",
                               classical ? "  repeat: expand F_in along Z to uncovered columns      (Alg. 3)"
                                         : "  repeat: every column j scans F_in, slack[j] := min   (Alg. 4)",
                               "    zero-slack column assigned: cover it, its row joins F_out",
                               "    zero-slack column unassigned: mark it 'reverse'",
                               "  if some column is 'reverse':",
                               "    trace back each path, one survives per tree           (Alg. 5)",
                               "    flip every vertex-disjoint path: more assignments     (Alg. 6)",
                               "  else:",
                               classical ? "    theta := min slack over uncovered rows x columns   (Alg. 7-8)"
                                         : "    theta := min slack[j] over uncovered columns        (Alg. 9)",
                               "    D_r += theta on uncovered rows; D_c -= theta on covered columns",
                           },
                           {{"setup", 0},
                            {"initial_reduction", 1},
                            {"optimality_check", 3},
                            {"compress_zeros", 4},
                            {"forward_level", 6},
                            {"reverse_pass", 10},
                            {"augment", 11},
                            {"dual_update", 13},
                            {"search", 6}}};
}

// Hovland's ROMA: each phase finds, for every matched edge, the best 4-cycle flip and applies the
// non-conflicting ones. Phase names: solver/matching/matching_solver.h.
PseudocodeListing roma() {
  return PseudocodeListing{"ROMA: rank-one matching augmentation (Hovland)",
                           {
                               "M := an initial perfect matching",
                               "repeat",
                               "  parallel foreach matched edge (a, b) in M:",
                               "    best (c, d) in M: gain := w(a,b) + w(c,d) - w(a,d) - w(c,b)",
                               "    if gain > threshold: propose the flip of the 4-cycle a-b-c-d",
                               "  lock a, b, c, d for each proposal; drop any that meet a held lock",
                               "  flip the surviving 4-cycles: M := M - {ab, cd} + {ad, cb}",
                               "until no flip in a phase (or k phases)",
                               "(minimising: w is the negated weight -w)",
                           },
                           // roma_search, roma_lock, roma_flip, roma_phase_end: the Learn mode's ROMA lesson,
                           // which shows a phase's search, locks and flips one by one.
                           {{"setup", 0},
                            {"roma_phase", 2},
                            {"roma_search", 3},
                            {"roma_lock", 5},
                            {"roma_flip", 6},
                            {"roma_phase_end", 7}}};
}

// The greedy approximations of greedy-lap-approximation.txt (Algorithm 1 and its sorted form).
PseudocodeListing greedy(bool sorted) {
  return PseudocodeListing{
      sorted ? "Greedy LAP approximation, sorted entries" : "Greedy LAP approximation, naive scan",
      {
          sorted ? "E := every entry (i, j), sorted by C[i,j]" : "R := every row; K := every column",
          "while a row is unassigned:",
          sorted ? "  (i, j) := next entry of E"
                 : "  (i, j) := argmin C[i,j] over free rows i and free columns j",
          sorted ? "  if i and j are both free: assign i to j" : "  assign i to j; remove i and j",
      },
      {{sorted ? "sort" : "setup", 0}, {"take", 2}}};
}

// The matching greedy of Hovland's Algorithm 1, computed by Suitor proposals (solver/matching/greedy.h).
PseudocodeListing matchingGreedy() {
  return PseudocodeListing{"Greedy matching by Suitor proposals (Manne & Halappanavar)",
                           {
                               "greedy: repeatedly take the heaviest edge between two free vertices",
                               "same result, in parallel rounds:",
                               "parallel foreach vertex u without an accepted proposal:",
                               "  v := heaviest neighbour whose suitor u outbids",
                               "  u becomes v's suitor; v's previous suitor proposes again",
                               "until no vertex proposes; suitors that chose each other are matched",
                               "(minimising: w is the negated weight -w, so heaviest means lightest)",
                           },
                           {{"setup", 0}, {"suitor_round", 2}}};
}

}  // namespace

const PseudocodeListing* algorithmPseudocode(std::string_view algorithmName) {
  static const PseudocodeListing classical = hungarian(true), tree = hungarian(false), rank = roma(),
                                 sortedGreedy = greedy(true), naiveGreedy = greedy(false),
                                 suitor = matchingGreedy();
  // Names carry the backend after a slash ("tree/cuda", "roma/openmp"); the LAP greedy names have none.
  if (algorithmName == "greedy") return &sortedGreedy;
  if (algorithmName == "greedy-naive") return &naiveGreedy;
  const std::string_view family = algorithmName.substr(0, algorithmName.find('/'));
  if (family == "classical") return &classical;
  if (family == "tree") return &tree;
  if (family == "roma") return &rank;
  if (family == "greedy") return &suitor;
  return nullptr;
}

}  // namespace ms
