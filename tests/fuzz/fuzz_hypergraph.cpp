// The hypergraph readers (.hgr and Matrix Market .mtx; the first byte picks one): any bytes give a
// hypergraph whose two incidence directions agree and whose pins are in range, or an InputError.
#include <cstdlib>
#include <string>

#include "solver/hypergraph/io/hypergraph_io.h"
#include "tests/fuzz/fuzz_entry.h"

void fuzzInput(ms::InputSource& source) {
  const std::string bytes = source.readAll(ms::kStandardInputLimit);
  if (bytes.empty()) return;
  ms::InputSource rest = ms::InputSource::fromBytes(bytes.substr(1), source.name());
  const ms::hypergraph::Hypergraph graph = bytes[0] % 2 == 0
                                               ? ms::hypergraph::readHgr(rest.stream(), rest.name())
                                               : ms::hypergraph::readMatrixMarket(rest.stream(), rest.name());
  int64_t incidences = 0;
  for (int32_t node = 0; node < graph.nodeCount(); ++node)
    incidences += static_cast<int64_t>(graph.edgesOf(node).size());
  if (incidences != graph.pinCount()) std::abort();
  for (int32_t edge = 0; edge < graph.edgeCount(); ++edge) {
    for (const int32_t pin : graph.pins(edge)) {
      if (pin < 0 || pin >= graph.nodeCount()) std::abort();
    }
  }
}
