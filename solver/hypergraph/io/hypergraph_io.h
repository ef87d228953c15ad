#pragma once
// Hypergraph files. In: hMETIS .hgr (weight format codes 0, 1, 10, 11) and Matrix Market .mtx (coordinate;
// pattern, integer or real; general or symmetric; rows = hyperedges, columns = nodes, values ignored since
// a_ij is 0 or 1). Out: .hgr and partition files (one part id per line, the hMETIS/KaHyPar convention).
// Bad files throw ms::InputError naming the file, the line and the problem.

#include <cstdint>
#include <filesystem>
#include <iosfwd>
#include <string>
#include <vector>

#include "solver/hypergraph/hypergraph.h"

namespace ms::hypergraph {

// By extension: .hgr or .mtx.
Hypergraph readHypergraph(const std::filesystem::path& path);
// `name` is what errors call the input.
Hypergraph readHgr(std::istream& in, const std::string& name);
Hypergraph readMatrixMarket(std::istream& in, const std::string& name);

void writeHgr(const Hypergraph& graph, std::ostream& out);
void writeHgrFile(const Hypergraph& graph, const std::filesystem::path& path);  // atomically
void writePartitionFile(const std::vector<uint8_t>& partition, const std::filesystem::path& path);
// Reads one part id (0 or 1) per line for `nodes` nodes.
std::vector<uint8_t> readPartitionFile(const std::filesystem::path& path, int32_t nodes);

}  // namespace ms::hypergraph
