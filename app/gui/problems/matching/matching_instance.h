#pragma once
// What the studio needs to know about weighted matching: where a graph comes from, the even vertex count
// the solvers and views share, a machine factory for the run controller, what each matching step did in
// words.

#include <QString>
#include <memory>
#include <string>

#include "app/gui/run_controller.h"
#include "solver/matching/generators.h"
#include "solver/matching/matching_solver.h"

namespace ms::studio {

struct MatchingInstanceSource {
  QString file;  // read this file when set (the formats of matching/io/graph_io.h), else generate
  matching::GraphSpec generator{matching::Distribution::Geometric, 200, 1};
};

// A graph with an even vertex count (an odd input gets one zero-weight padding vertex, as the CLI does).
struct MatchingInstance {
  std::shared_ptr<const matching::CompleteGraph> graph;
  // The weights again in the matrix view's form, for graphs without points (the view shows the matrix).
  std::shared_ptr<const lap::AnyCostMatrix> weightMatrix;
  QString description;        // "geometric n=200 seed=1", or the file name
  int32_t givenVertices = 0;  // before padding
  uint64_t seed = 1;          // the generator's; also ROMA's vertex order and shuffled start (as in the CLI)
  int32_t n() const { return graph == nullptr ? 0 : graph->vertexCount(); }
};

// Throws ms::InputError for a bad file (naming the file and line or entry), ms::ResourceError when the graph
// cannot fit in memory, std::invalid_argument for a bad generator size.
MatchingInstance loadMatchingInstance(const MatchingInstanceSource& source);

// Only parallel ROMA has backends: its backend is resolved (CUDA falls back to the CPU with a notice when
// unusable), the other algorithms run sequentially whatever was asked.
matching::MatchingOptions resolveMatchingBackend(matching::MatchingOptions options, std::string* notice);

// Each call builds a fresh solver on `graph`. options.backend must be resolved.
MachineFactory matchingMachineFactory(std::shared_ptr<const matching::CompleteGraph> graph,
                                      matching::MatchingOptions options);

// One line on what a matching step did, from its phase and counters, under the solve's objective (gains are
// improvements in it).
QString explainMatchingStep(const StepRecord& record, matching::Objective objective);

}  // namespace ms::studio
