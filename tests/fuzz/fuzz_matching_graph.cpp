// The matching graph readers (text weight matrix, .npy weight matrix, point list; the first byte picks one):
// any bytes give a complete graph with at least one vertex or an InputError.
#include <cstdlib>
#include <string>

#include "solver/matching/io/graph_io.h"
#include "tests/fuzz/fuzz_entry.h"

void fuzzInput(ms::InputSource& source) {
  using ms::matching::GraphFormat;
  const std::string bytes = source.readAll(ms::kStandardInputLimit);
  if (bytes.empty()) return;
  const int selector = static_cast<unsigned char>(bytes[0]) % 3;
  const GraphFormat format = selector == 0   ? GraphFormat::WeightText
                             : selector == 1 ? GraphFormat::WeightNpy
                                             : GraphFormat::PointList;
  ms::InputSource rest = ms::InputSource::fromBytes(bytes.substr(1), source.name());
  if (ms::matching::readGraph(rest, format).vertexCount() <= 0) std::abort();
}
