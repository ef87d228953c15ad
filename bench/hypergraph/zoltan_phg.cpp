// Outside quality reference for the bipartition (not part of the product): reads an hMETIS .hgr file,
// bipartitions it with Zoltan's PHG hypergraph partitioner at the given imbalance and writes one part id per
// line. Built and run by compare_with_zoltan.py only (needs Debian's libtrilinos-zoltan-dev and MPI).
//
//   zoltan_phg INPUT.hgr EPSILON SEED OUTPUT.part
#include <mpi.h>
#include <zoltan.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace {

struct Hypergraph {
  int nodes = 0, edges = 0;
  std::vector<int> offsets{0}, pins;  // 0-based pins
  std::vector<float> edgeWeights, nodeWeights;
};

Hypergraph readHgr(const char* path) {
  std::ifstream in(path);
  std::string line;
  Hypergraph g;
  int format = 0;
  while (std::getline(in, line) && (line.empty() || line[0] == '%')) {
  }
  std::istringstream(line) >> g.edges >> g.nodes >> format;
  for (int e = 0; e < g.edges;) {
    if (!std::getline(in, line)) break;
    if (!line.empty() && line[0] == '%') continue;
    std::istringstream fields(line);
    float weight = 1;
    if (format % 10 == 1) fields >> weight;
    int pin;
    while (fields >> pin) g.pins.push_back(pin - 1);
    g.offsets.push_back(static_cast<int>(g.pins.size()));
    g.edgeWeights.push_back(weight);
    ++e;
  }
  g.nodeWeights.assign(static_cast<std::size_t>(g.nodes), 1.0f);
  for (int v = 0; format >= 10 && v < g.nodes && std::getline(in, line);) {
    if (line.empty() || line[0] == '%') continue;
    g.nodeWeights[static_cast<std::size_t>(v++)] = std::stof(line);
  }
  return g;
}

int numObjects(void* data, int* error) {
  *error = ZOLTAN_OK;
  return static_cast<Hypergraph*>(data)->nodes;
}

void objectList(void* data, int, int, ZOLTAN_ID_PTR global, ZOLTAN_ID_PTR local, int weightDim,
                float* weights, int* error) {
  auto* g = static_cast<Hypergraph*>(data);
  for (int v = 0; v < g->nodes; ++v) {
    global[v] = static_cast<ZOLTAN_ID_TYPE>(v);
    local[v] = static_cast<ZOLTAN_ID_TYPE>(v);
    if (weightDim > 0) weights[v] = g->nodeWeights[static_cast<std::size_t>(v)];
  }
  *error = ZOLTAN_OK;
}

void hypergraphSize(void* data, int* lists, int* pins, int* format, int* error) {
  auto* g = static_cast<Hypergraph*>(data);
  *lists = g->edges;
  *pins = static_cast<int>(g->pins.size());
  *format = ZOLTAN_COMPRESSED_EDGE;
  *error = ZOLTAN_OK;
}

void hypergraphPins(void* data, int, int lists, int pins, int, ZOLTAN_ID_PTR edgeIds, int* starts,
                    ZOLTAN_ID_PTR pinIds, int* error) {
  auto* g = static_cast<Hypergraph*>(data);
  for (int e = 0; e < lists; ++e) {
    edgeIds[e] = static_cast<ZOLTAN_ID_TYPE>(e);
    starts[e] = g->offsets[static_cast<std::size_t>(e)];
  }
  for (int p = 0; p < pins; ++p)
    pinIds[p] = static_cast<ZOLTAN_ID_TYPE>(g->pins[static_cast<std::size_t>(p)]);
  *error = ZOLTAN_OK;
}

void edgeWeightSize(void* data, int* count, int* error) {
  *count = static_cast<Hypergraph*>(data)->edges;
  *error = ZOLTAN_OK;
}

void edgeWeights(void* data, int, int, int count, int, ZOLTAN_ID_PTR global, ZOLTAN_ID_PTR, float* weights,
                 int* error) {
  auto* g = static_cast<Hypergraph*>(data);
  for (int e = 0; e < count; ++e) {
    global[e] = static_cast<ZOLTAN_ID_TYPE>(e);
    weights[e] = g->edgeWeights[static_cast<std::size_t>(e)];
  }
  *error = ZOLTAN_OK;
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  if (argc != 5) {
    std::fprintf(stderr, "usage: zoltan_phg INPUT.hgr EPSILON SEED OUTPUT.part\n");
    return 2;
  }
  float version = 0;
  Zoltan_Initialize(argc, argv, &version);
  Hypergraph g = readHgr(argv[1]);
  Zoltan_Struct* zz = Zoltan_Create(MPI_COMM_WORLD);
  // eq. 2's epsilon is Zoltan's tolerance minus one: max part <= (1 + epsilon) |V| / 2.
  const std::string tolerance = std::to_string(1.0 + std::atof(argv[2]));
  Zoltan_Set_Param(zz, "DEBUG_LEVEL", "0");
  Zoltan_Set_Param(zz, "LB_METHOD", "HYPERGRAPH");
  Zoltan_Set_Param(zz, "HYPERGRAPH_PACKAGE", "PHG");
  Zoltan_Set_Param(zz, "NUM_GLOBAL_PARTS", "2");
  Zoltan_Set_Param(zz, "IMBALANCE_TOL", tolerance.c_str());
  Zoltan_Set_Param(zz, "LB_APPROACH", "PARTITION");
  Zoltan_Set_Param(zz, "OBJ_WEIGHT_DIM", "1");
  Zoltan_Set_Param(zz, "EDGE_WEIGHT_DIM", "1");
  Zoltan_Set_Param(zz, "PHG_CUT_OBJECTIVE",
                   "HYPEREDGES");  // eq. 1: each cut hyperedge counts its weight once
  Zoltan_Set_Param(zz, "RETURN_LISTS", "PARTS");
  Zoltan_Set_Param(zz, "SEED", argv[3]);
  Zoltan_Set_Num_Obj_Fn(zz, numObjects, &g);
  Zoltan_Set_Obj_List_Fn(zz, objectList, &g);
  Zoltan_Set_HG_Size_CS_Fn(zz, hypergraphSize, &g);
  Zoltan_Set_HG_CS_Fn(zz, hypergraphPins, &g);
  Zoltan_Set_HG_Size_Edge_Wts_Fn(zz, edgeWeightSize, &g);
  Zoltan_Set_HG_Edge_Wts_Fn(zz, edgeWeights, &g);
  int changes = 0, globalIdEntries = 0, localIdEntries = 0, imports = 0, exports = 0;
  ZOLTAN_ID_PTR importGlobal = nullptr, importLocal = nullptr, exportGlobal = nullptr, exportLocal = nullptr;
  int *importProcs = nullptr, *importParts = nullptr, *exportProcs = nullptr, *exportParts = nullptr;
  const int status = Zoltan_LB_Partition(zz, &changes, &globalIdEntries, &localIdEntries, &imports,
                                         &importGlobal, &importLocal, &importProcs, &importParts, &exports,
                                         &exportGlobal, &exportLocal, &exportProcs, &exportParts);
  if (status != ZOLTAN_OK) {
    std::fprintf(stderr, "Zoltan_LB_Partition failed (%d)\n", status);
    return 1;
  }
  std::vector<int> part(static_cast<std::size_t>(g.nodes), 0);
  for (int i = 0; i < exports; ++i) part[exportLocal[i]] = exportParts[i];
  std::ofstream out(argv[4]);
  for (int v : part) out << v << '\n';
  Zoltan_LB_Free_Part(&importGlobal, &importLocal, &importProcs, &importParts);
  Zoltan_LB_Free_Part(&exportGlobal, &exportLocal, &exportProcs, &exportParts);
  Zoltan_Destroy(&zz);
  MPI_Finalize();
  return 0;
}
