#pragma once
// The pseudocode of the studio's algorithms, keyed by StepMachine::algorithmName(): the Hungarian method's
// classical and alternating-tree variants (Date & Nagi 2016, Algorithms 1-9), ROMA (Hovland's rank-one
// matching augmentation by 4-cycle flips) and the greedy LAP approximations. Each phase a solver reports
// maps to the line it runs.

#include <string_view>

#include "solver/pseudocode/pseudocode.h"

namespace ms {

// nullptr for an algorithm without a listing.
const PseudocodeListing* algorithmPseudocode(std::string_view algorithmName);

}  // namespace ms
