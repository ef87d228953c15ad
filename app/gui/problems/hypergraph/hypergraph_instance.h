#pragma once
// What the studio needs to know about hypergraphs (Cheng, Cho & Yoon): where one comes from, a machine
// factory for the run controller, what each coarsening or partitioning step did in words, and the incidence
// matrix in the matrix view's form: exact for small hypergraphs, a density raster for large ones.

#include <QString>
#include <memory>
#include <span>
#include <vector>

#include "app/gui/run_controller.h"
#include "solver/hypergraph/hypergraph_solver.h"
#include "solver/hypergraph/kway_solver.h"
#include "solver/lap/cost_matrix.h"

namespace ms::studio {

// A random hypergraph (hyperedges of up to four nodes) or one shaped like a Table II matrix.
enum class HypergraphGenerator { Random, Flickr, Wikipedia, Stanford, StanfordBerkeley };

struct HypergraphInstanceSource {
  QString file;  // .hgr or .mtx when set, else generate
  HypergraphGenerator generator = HypergraphGenerator::Random;
  int32_t n = 60;  // nodes (a profile's matrix is n x n)
  uint64_t seed = 1;
};

struct HypergraphInstance {
  std::shared_ptr<const hypergraph::Hypergraph> graph;
  QString description;  // "random n=60 seed=1", or the file name
  int32_t n() const { return graph == nullptr ? 0 : graph->nodeCount(); }
};

QString hypergraphGeneratorName(HypergraphGenerator generator);

// Throws ms::InputError for a bad file, std::invalid_argument for a bad generator size.
HypergraphInstance loadHypergraphInstance(const HypergraphInstanceSource& source);

// Each call builds a fresh machine on `graph`. options.backend must be resolved.
MachineFactory hypergraphMachineFactory(std::shared_ptr<const hypergraph::Hypergraph> graph,
                                        hypergraph::HypergraphOptions options);

// The same for k-way partitioning (recursive bisection, rebalancing, label propagation, FM,
// V-cycles).
MachineFactory kwayMachineFactory(std::shared_ptr<const hypergraph::Hypergraph> graph,
                                  hypergraph::KWayOptions options);

// One line on what a hypergraph step did, from its phase and counters.
QString explainHypergraphStep(const StepRecord& record);

// The incidence matrix A (rows = hyperedges, columns = nodes) as a square picture of side
// min(max(m, n), maxSide): each cell the fraction of ones in the block of A it covers (exactly A's 0/1 when
// A fits), cells beyond A's rows or columns forbidden (+inf, drawn black).
struct IncidenceRaster {
  std::shared_ptr<const lap::AnyCostMatrix> cells;
  int32_t side = 0;
  int32_t edgesPerCell = 1;           // rows of A per raster row
  int32_t nodesPerCell = 1;           // columns of A per raster column
  std::vector<int32_t> nodePosition;  // where each node stands among the columns; empty: in node order
  int32_t rowOf(int32_t edge) const { return edge / edgesPerCell; }
  int32_t colOf(int32_t node) const {
    return (nodePosition.empty() ? node : nodePosition[static_cast<std::size_t>(node)]) / nodesPerCell;
  }
};
inline constexpr int32_t kMaxRasterSide = 1024;
// `partition` (a side or part per node, or empty) groups the columns by it, 0 first, each group in node
// order.
IncidenceRaster incidenceRaster(const hypergraph::Hypergraph& graph, int32_t maxSide = kMaxRasterSide,
                                std::span<const uint8_t> partition = {});

}  // namespace ms::studio
