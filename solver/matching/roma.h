#pragma once
// Host orchestration of ROMA (Hovland, Algorithm 9 for the parallel phases, Algorithm 3 for the sequential
// one), written once against a kernel set: one setup step, then one step per ROMA phase, reading back one
// small record of counts per phase and stopping at convergence (a phase without flips) or after k phases.
//
// Kernel-set contract (cpu/sequential_roma_kernels.h, cpu/openmp_roma_kernels.h, cuda/cuda_roma_kernels.h):
//   setup(initialMate)        allocate buffers (upload the graph on a device) and start from initialMate;
//   weight()                  the current matching's weight;
//   runPhase(gainThreshold)   one ROMA phase, flipping only for gains above the threshold -> RomaPhaseCounts;
//   mates()                   the current matching;
//   snapshot(MatchingSnapshot&)  copies the matching and the latest phase's flips;
//   beginPhase(), endPhase()  bracket a step for device timing (endPhase: device ns, or -1 on the CPU).

#include <cmath>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "solver/matching/initial_matching.h"
#include "solver/matching/matching_machine.h"
#include "solver/matching/roma_phase_counts.h"

namespace ms::matching {

template <class Kernels>
class Roma final : public MatchingMachine {
 public:
  // `kernels` work on graph.maximised().
  Roma(std::string name, const MaximisedGraph& graph, Kernels kernels, const MatchingOptions& options)
      : MatchingMachine(std::move(name), graph), kernels_(std::move(kernels)), options_(options) {}

 private:
  std::string_view pendingPhase() const override { return setUp_ ? kRomaPhase : kSetupPhase; }

  void beginDeviceTiming() override { kernels_.beginPhase(); }
  int64_t endDeviceTiming() override { return kernels_.endPhase(); }

  void runPhase(StepRecord& record) override {
    if (!setUp_) {
      kernels_.setup(makeInitialMatching(graph(), options_.initial, options_.seed));
      setWeight(kernels_.weight());
      setUp_ = true;
    } else {
      const RomaPhaseCounts counts = kernels_.runPhase(options_.gainThreshold);
      auto& counters = record.counters;
      counters[kFlips] = static_cast<double>(counts.flips);
      counters[kFailedLocks] = counts.failedLocks;
      counters[kStaleMates] = counts.staleMates;
      counters[kBestGain] = counts.bestGain;
      setWeight(counts.weight);
      completePhase();
      if (counts.flips == 0 || (options_.maxPhases > 0 && phases() >= options_.maxPhases)) markFinished();
    }
  }

  void fillState(MatchingSnapshot& out) const override {
    if (setUp_) {
      kernels_.snapshot(out);
    } else {
      out.mate.assign(static_cast<std::size_t>(graph().vertexCount()), -1);
      out.flips.clear();
    }
  }

  std::vector<int32_t> finalMatching() const override { return kernels_.mates(); }

  Kernels kernels_;
  MatchingOptions options_;
  bool setUp_ = false;
};

}  // namespace ms::matching
