#pragma once
// A LAP snapshot carries the augmenting paths of the latest reverse pass. They belong to the current
// iteration only until the next optimality check starts a new search; after that they are history, and the
// views stop drawing them.

#include "solver/lap/lap_snapshot.h"

namespace ms::views {

inline bool augmentingPathsCurrent(const lap::LapSnapshot& snapshot) {
  return snapshot.lastPhase == "reverse_pass" || snapshot.lastPhase == "augment";
}

}  // namespace ms::views
