#pragma once
// A vertex position of a geometric graph (kept apart from complete_graph.h so snapshots stay light).

namespace ms::matching {

struct Point {
  double x = 0;
  double y = 0;
};

}  // namespace ms::matching
