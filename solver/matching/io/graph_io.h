#pragma once
// Reading and writing complete graphs. The weight matrix formats are the LAP ones (lap/io/matrix_io.h):
//   .npy            2-D NumPy array, any of int32/int64/float32/float64, converted to float32;
//   .points / .pts  a point list: one vertex per line as "x y" (whitespace or comma separated, '#' comments);
//                   the weights are the Euclidean distances, and the points are kept for the views;
//   anything else   a text weight matrix, one row per line.
// Weights must be symmetric, finite and non-negative; violations are InputError naming the file and the
// offending entry, "entry (i,j)" with 0-based vertex indices, or "point i" for a point list.

#include <filesystem>

#include "solver/core/input_file.h"
#include "solver/matching/complete_graph.h"

namespace ms::matching {

enum class GraphFormat { WeightText, WeightNpy, PointList };

bool isPointListPath(const std::filesystem::path& path);
GraphFormat graphFormatOf(const std::filesystem::path& path);  // by extension, as listed above

CompleteGraph readGraph(const std::filesystem::path& path);
CompleteGraph readGraph(InputSource& source, GraphFormat format);

// Written through writeFileAtomically (solver/core/atomic_file.h). A point list needs a graph with points
// (InputError otherwise).
void writeGraph(const CompleteGraph& graph, const std::filesystem::path& path);

}  // namespace ms::matching
