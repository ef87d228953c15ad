#pragma once
// Settings of the auction algorithm (Bertsekas 1988, with epsilon scaling).

#include <cstdint>

namespace ms::lap {

struct AuctionSettings {
  // Real costs: the last scaling phase's epsilon; the result is then within n x epsilon of the optimum.
  // 0 picks kDefaultGapFraction x the largest |cost| / n (auction.h). Integer costs ignore it: they
  // are scaled by n + 1 and end at epsilon 1, which makes the result optimal.
  double finalEpsilon = 0;
  // Epsilon shrinks by this factor from one scaling phase to the next (> 1).
  double scalingFactor = 8;
  // Bidding rounds one step() may run; 0 = a whole scaling phase per step (the headless default). The studio
  // sets 1 to watch every round.
  int64_t roundsPerStep = 0;
};

}  // namespace ms::lap
