// Contraction (eq. 3-4) on the GPU, from the level and matching the CUDA suitor kernels hold there:
//   f:        1 at each cluster's smallest node, an exclusive sum numbers the clusters in increasing order
//             (coarseningMap's numbering); a cluster weighs its one or two nodes;
//   pins:     each pin becomes the key (hyperedge, f(pin)) = e |V'| + f(pin); a radix sort of the keys puts
//             each hyperedge's mapped pins in order, DeviceSelect::Unique drops the repeats, and each
//             hyperedge's first key (a binary search) frames the coarse hyperedges, empty ones included;
//   node side: a stable radix sort of the (pin, hyperedge) pairs by pin keeps each node's hyperedges in
//             increasing order, as the Hypergraph constructor lists them.
// The new level replaces the old one on the device, and its host copy is downloaded once, through a
// page-locked buffer; a background thread fills the host vectors from it. For a partitioner the new level's
// compaction representatives come with it (device_compaction.h).
#include <cuda_runtime.h>
#include <cub/device/device_radix_sort.cuh>
#include <cub/device/device_scan.cuh>
#include <cub/device/device_select.cuh>

#include <algorithm>
#include <bit>
#include <cstddef>
#include <future>
#include <memory>
#include <new>
#include <stdexcept>
#include <string>
#include <vector>

#include "solver/core/errors.h"
#include "solver/core/host_buffer.h"
#include "solver/core/huge_pages.h"
#include "solver/core/stopwatch.h"
#include "solver/hypergraph/contraction_kernels.h"
#include "solver/hypergraph/cuda/cuda_launch.h"
#include "solver/hypergraph/cuda/device_compaction.h"
#include "solver/hypergraph/cuda/device_level.h"

namespace ms::hypergraph {
namespace {

using cuda_launch::CubScratch;
using cuda_launch::kThreads;
using cuda_launch::raw;

constexpr const char* kStage = "CUDA contraction";

void check(cudaError_t status, const char* step) {
  cuda_launch::check(status, kStage, step);
}

// The kernels below stride over their items, so the grid can stay bounded.
int blocksFor(int64_t items) {
  return static_cast<int>(std::min<int64_t>((items + kThreads - 1) / kThreads, 65'535 * 16));
}

__global__ void markClusterHeads(const int32_t* mate, int32_t n, int32_t* head) {
  for (int32_t v = blockIdx.x * blockDim.x + threadIdx.x; v < n; v += gridDim.x * blockDim.x)
    head[v] = mate[v] < 0 || mate[v] > v ? 1 : 0;
}

// rank: the exclusive sum of the heads. Writes f, the clusters' weights and their count.
__global__ void mapAndWeigh(const int32_t* mate, const int32_t* rank, const int32_t* nodeWeights, int32_t n,
                            int32_t* map, int32_t* clusterWeights, int32_t* clusters) {
  for (int32_t v = blockIdx.x * blockDim.x + threadIdx.x; v < n; v += gridDim.x * blockDim.x) {
    const int32_t partner = mate[v];
    const bool head = partner < 0 || partner > v;
    if (head) {
      map[v] = rank[v];
      clusterWeights[rank[v]] = nodeWeights[v] + (partner > v ? nodeWeights[partner] : 0);
    } else {
      map[v] = rank[partner];
    }
    if (v == n - 1) *clusters = rank[v] + (head ? 1 : 0);
  }
}

// keys[p] = e |V'| + f(pins[p]) for the hyperedge e holding pin p (found by binary search on the offsets).
__global__ void pinKeys(const int64_t* edgeOffsets, int32_t edges, const int32_t* pins, int64_t pinCount,
                        const int32_t* map, uint64_t clusters, uint64_t* keys) {
  for (int64_t p = blockIdx.x * static_cast<int64_t>(blockDim.x) + threadIdx.x; p < pinCount;
       p += static_cast<int64_t>(gridDim.x) * blockDim.x) {
    int32_t low = 0, high = edges - 1;  // the first e with edgeOffsets[e + 1] > p
    while (low < high) {
      const int32_t middle = low + (high - low) / 2;
      if (edgeOffsets[middle + 1] > p) {
        high = middle;
      } else {
        low = middle + 1;
      }
    }
    keys[p] = static_cast<uint64_t>(low) * clusters + static_cast<uint64_t>(map[pins[p]]);
  }
}

__global__ void splitKeys(const uint64_t* keys, int64_t count, uint64_t clusters, int32_t* pins,
                          int32_t* edges) {
  for (int64_t i = blockIdx.x * static_cast<int64_t>(blockDim.x) + threadIdx.x; i < count;
       i += static_cast<int64_t>(gridDim.x) * blockDim.x) {
    pins[i] = static_cast<int32_t>(keys[i] % clusters);
    edges[i] = static_cast<int32_t>(keys[i] / clusters);
  }
}

// offsets[q] = the first index of `sorted` holding a value >= q * step, for q = 0 .. queries - 1.
template <typename T>
__global__ void lowerBounds(const T* sorted, int64_t count, T step, int64_t queries, int64_t* offsets) {
  for (int64_t q = blockIdx.x * static_cast<int64_t>(blockDim.x) + threadIdx.x; q < queries;
       q += static_cast<int64_t>(gridDim.x) * blockDim.x) {
    const T value = static_cast<T>(q) * step;
    int64_t low = 0, high = count;
    while (low < high) {
      const int64_t middle = low + (high - low) / 2;
      if (sorted[middle] < value) {
        low = middle + 1;
      } else {
        high = middle;
      }
    }
    offsets[q] = low;
  }
}

template <typename T>
T readBack(const T* device) {
  T out{};
  check(cudaMemcpy(&out, device, sizeof(T), cudaMemcpyDeviceToHost), "count");
  return out;
}

// Device arrays copied to host vectors through a page-locked buffer (pageable copies run far below the
// bus speed): every copy queued, one wait (fetch), then each array into its vector (take, which may run on
// another thread: the copy shares the buffer).
class HostCopy {
 public:
  using Staging = std::shared_ptr<HostBuffer<std::byte>>;
  template <typename T>
  std::size_t add(const thrust::device_vector<T>& device) {
    parts_.push_back({thrust::raw_pointer_cast(device.data()), device.size() * sizeof(T), total_});
    total_ += (parts_.back().bytes + 7) / 8 * 8;
    return parts_.size() - 1;
  }
  std::size_t bytes() const { return total_; }
  // Precondition: staging holds bytes() at least.
  void fetch(Staging staging) {
    staging_ = std::move(staging);
    for (const Part& part : parts_) {
      if (part.bytes == 0) continue;
      check(cudaMemcpyAsync(staging_->data() + part.offset, part.device, part.bytes, cudaMemcpyDeviceToHost),
            "download");
    }
    check(cudaStreamSynchronize(nullptr), "download");
  }
  template <typename T>
  std::vector<T> take(std::size_t index) const {
    const Part& part = parts_[index];
    const auto* first = reinterpret_cast<const T*>(staging_->data() + part.offset);
    return hugePageCopy(first, first + part.bytes / sizeof(T));
  }

 private:
  struct Part {
    const void* device;
    std::size_t bytes, offset;
  };
  Staging staging_;
  std::vector<Part> parts_;
  std::size_t total_ = 0;
};

class CudaContractionKernels final : public ContractionKernels {
 public:
  CudaContractionKernels(std::shared_ptr<DeviceLevel> level, bool planCompaction)
      : level_(std::move(level)), planCompaction_(planCompaction) {
    if (!level_)
      throw std::invalid_argument("CUDA contraction: the suitor kernels hold no level on a device");
    check(cudaEventCreate(&start_), "event");
    check(cudaEventCreate(&stop_), "event");
  }
  ~CudaContractionKernels() override {
    cudaEventDestroy(start_);
    cudaEventDestroy(stop_);
  }
  CudaContractionKernels(const CudaContractionKernels&) = delete;
  CudaContractionKernels& operator=(const CudaContractionKernels&) = delete;

  // The staging buffer, page-locked on another thread while the first level is matched: as large as the
  // first download can be (the coarse level has at most the fine one's pins and nodes), which every later
  // level's fits.
  void anticipate(const Hypergraph& input) override {
    const auto m = static_cast<std::size_t>(input.edgeCount()),
               n = static_cast<std::size_t>(input.nodeCount()),
               pins = static_cast<std::size_t>(input.pinCount());
    const std::size_t bytes =
        8 * (m + 1) + 8 * pins + 4 * n + 8 * (n + 1) + 4 * n + (planCompaction_ ? 4 * m : 0) +
        7 * 8;  // offsets, pins and incidence, weights, node offsets, f, plan, alignment
    anticipated_ =
        std::async(std::launch::async, [bytes] { return std::make_shared<HostBuffer<std::byte>>(bytes); });
  }

  ContractedLevel contract(const Hypergraph& graph, const std::vector<int32_t>* mate) override {
    DeviceLevel& level = *level_;
    if (!level.holds(graph))
      throw std::logic_error("CUDA contraction: the level on the device is not `graph`");
    const int32_t n = graph.nodeCount(), edges = graph.edgeCount();
    const int64_t pinCount = graph.pinCount();
    if (mate != nullptr) {
      if (mate->size() != static_cast<std::size_t>(n))
        throw std::invalid_argument("CUDA contraction: the matching does not match the level");
      level.mate = *mate;
    }
    requireFree(graph);
    check(cudaEventRecord(start_), "event");

    // f and the clusters' weights.
    thrust::device_vector<int32_t> rank(std::max(n, 1)), map(std::max(n, 1)), clusterWeights(std::max(n, 1));
    thrust::device_vector<int32_t> clusterCount(1, 0);
    if (n > 0) {
      markClusterHeads<<<blocksFor(n), kThreads>>>(raw(level.mate), n, raw(rank));
      check(cudaGetLastError(), "cluster heads");
      scratch_.grow(cub::DeviceScan::ExclusiveSum(nullptr, scratch_.bytes, raw(rank), n), kStage);
      check(cub::DeviceScan::ExclusiveSum(scratch_.data(), scratch_.bytes, raw(rank), n), "cluster numbers");
      mapAndWeigh<<<blocksFor(n), kThreads>>>(raw(level.mate), raw(rank), raw(level.nodeWeights), n, raw(map),
                                              raw(clusterWeights), raw(clusterCount));
      check(cudaGetLastError(), "map");
    }
    const int32_t clusters = readBack(raw(clusterCount));
    const auto width = static_cast<uint64_t>(std::max(clusters, 1));

    // The coarse pins: keys (e, f(pin)) sorted, repeats dropped.
    thrust::device_vector<uint64_t> keys(std::max<int64_t>(pinCount, 1)), sorted(keys.size());
    thrust::device_vector<int64_t> kept(1, 0);
    if (pinCount > 0) {
      pinKeys<<<blocksFor(pinCount), kThreads>>>(raw(level.edgeOffsets), edges, raw(level.pins), pinCount,
                                                 raw(map), width, raw(keys));
      check(cudaGetLastError(), "pin keys");
      const int keyBits =
          std::max(1, static_cast<int>(std::bit_width(static_cast<uint64_t>(edges) * width - 1)));
      scratch_.grow(cub::DeviceRadixSort::SortKeys(nullptr, scratch_.bytes, raw(keys), raw(sorted), pinCount,
                                                   0, keyBits),
                    kStage);
      check(cub::DeviceRadixSort::SortKeys(scratch_.data(), scratch_.bytes, raw(keys), raw(sorted), pinCount,
                                           0, keyBits),
            "pin sort");
      scratch_.grow(
          cub::DeviceSelect::Unique(nullptr, scratch_.bytes, raw(sorted), raw(keys), raw(kept), pinCount),
          kStage);
      check(cub::DeviceSelect::Unique(scratch_.data(), scratch_.bytes, raw(sorted), raw(keys), raw(kept),
                                      pinCount),
            "repeats");
    }
    const int64_t coarsePinCount = readBack(raw(kept));
    const int64_t slots = std::max<int64_t>(coarsePinCount, 1);
    thrust::device_vector<int32_t> coarsePins(slots), pinEdges(slots);
    thrust::device_vector<int64_t> edgeOffsets(static_cast<std::size_t>(edges) + 1);
    if (coarsePinCount > 0) {
      splitKeys<<<blocksFor(coarsePinCount), kThreads>>>(raw(keys), coarsePinCount, width, raw(coarsePins),
                                                         raw(pinEdges));
      check(cudaGetLastError(), "coarse pins");
    }
    lowerBounds<<<blocksFor(edges + 1), kThreads>>>(raw(keys), coarsePinCount, width, int64_t{edges} + 1,
                                                    raw(edgeOffsets));
    check(cudaGetLastError(), "hyperedge offsets");

    // The node side: (pin, hyperedge) pairs stably sorted by pin.
    thrust::device_vector<int32_t> sortedPins(slots), incidence(slots);
    thrust::device_vector<int64_t> nodeOffsets(static_cast<std::size_t>(clusters) + 1);
    if (coarsePinCount > 0) {
      const int pinBits = std::max(1, static_cast<int>(std::bit_width(width - 1)));
      scratch_.grow(
          cub::DeviceRadixSort::SortPairs(nullptr, scratch_.bytes, raw(coarsePins), raw(sortedPins),
                                          raw(pinEdges), raw(incidence), coarsePinCount, 0, pinBits),
          kStage);
      check(cub::DeviceRadixSort::SortPairs(scratch_.data(), scratch_.bytes, raw(coarsePins), raw(sortedPins),
                                            raw(pinEdges), raw(incidence), coarsePinCount, 0, pinBits),
            "incidence sort");
    }
    lowerBounds<<<blocksFor(int64_t{clusters} + 1), kThreads>>>(raw(sortedPins), coarsePinCount, 1,
                                                                int64_t{clusters} + 1, raw(nodeOffsets));
    check(cudaGetLastError(), "node offsets");
    coarsePins.resize(static_cast<std::size_t>(coarsePinCount));
    incidence.resize(static_cast<std::size_t>(coarsePinCount));
    map.resize(static_cast<std::size_t>(n));
    clusterWeights.resize(static_cast<std::size_t>(clusters));
    thrust::device_vector<int32_t> representative;
    const bool planned =
        planCompaction_ &&
        compactionRepresentativesOnDevice({raw(edgeOffsets), raw(coarsePins), raw(level.edgeWeights), edges},
                                          representative, scratch_);
    check(cudaEventRecord(stop_), "event");
    check(cudaEventSynchronize(stop_), "event");
    float deviceMs = 0;
    check(cudaEventElapsedTime(&deviceMs, start_, stop_), "event");

    const Stopwatch downloadTime;
    HostCopy copy;
    const std::size_t offsetsPart = copy.add(edgeOffsets), pinsPart = copy.add(coarsePins),
                      weightsPart = copy.add(clusterWeights), nodeOffsetsPart = copy.add(nodeOffsets),
                      incidencePart = copy.add(incidence), mapPart = copy.add(map),
                      representativePart = copy.add(representative);
    copy.fetch(stagingFor(copy.bytes()));
    std::promise<void> stagingRead;  // the fill below has taken every array out of the buffer
    stagingFree_ = stagingRead.get_future();
    const int64_t downloadNs = downloadTime.elapsedNs();
    // The vectors are filled on another thread while the device goes on with the next level.
    auto fill = [copy = std::move(copy), edgeWeights = graph.edgeWeights(), clusters, offsetsPart, pinsPart,
                 weightsPart, nodeOffsetsPart, incidencePart, mapPart, representativePart, planned,
                 stagingRead = std::move(stagingRead)]() mutable {
      const Stopwatch fillTime;
      // The two largest arrays side by side: copying into fresh pages mostly waits on page faults.
      std::future<std::vector<int32_t>> pins =
          std::async(std::launch::async, [&copy, pinsPart] { return copy.take<int32_t>(pinsPart); });
      std::vector<int32_t> incidence = copy.take<int32_t>(incidencePart);
      HostLevel host{Hypergraph(clusters, copy.take<int64_t>(offsetsPart), pins.get(), std::move(edgeWeights),
                                copy.take<int32_t>(weightsPart), copy.take<int64_t>(nodeOffsetsPart),
                                std::move(incidence)),
                     copy.take<int32_t>(mapPart)};
      if (planned) host.compaction = copy.take<int32_t>(representativePart);
      stagingRead.set_value();
      host.fillNs = fillTime.elapsedNs();
      return host;
    };
    ContractedLevel out{{clusters, edges, coarsePinCount},
                        std::async(std::launch::async, std::move(fill)),
                        static_cast<int64_t>(static_cast<double>(deviceMs) * 1e6),
                        downloadNs};

    // The new level takes the old one's place; the hyperedge weights stay.
    level.nodes = clusters;
    level.edgeOffsets.swap(edgeOffsets);
    level.pins.swap(coarsePins);
    level.nodeOffsets.swap(nodeOffsets);
    level.incidence.swap(incidence);
    level.nodeWeights.swap(clusterWeights);
    level.mate.resize(static_cast<std::size_t>(clusters));
    return out;
  }

 private:
  // The work arrays of one contraction beside the level it reads, the new level's included: per pin 16 bytes
  // of keys (before and after sorting), 16 of coarse pins with their hyperedges (before and after sorting)
  // and about 8 of CUB's sort storage; per node 28 bytes (heads, f, weights, offsets); per hyperedge 8, and
  // 56 more for a compaction plan (hashes before and after sorting, three positions, a class weight, the
  // representative, sort storage).
  void requireFree(const Hypergraph& graph) const {
    const std::size_t needed = static_cast<std::size_t>(graph.pinCount()) * 40 +
                               static_cast<std::size_t>(graph.nodeCount()) * 28 +
                               static_cast<std::size_t>(graph.edgeCount()) * (planCompaction_ ? 64 : 8);
    std::size_t freeBytes = 0, totalBytes = 0;
    check(cudaMemGetInfo(&freeBytes, &totalBytes), "memory info");
    if (needed > freeBytes) {
      throw ResourceError("contraction needs " + std::to_string(needed >> 20) + " MiB on the GPU, " +
                          std::to_string(freeBytes >> 20) + " MiB free");
    }
  }
  // The page-locked buffer every level's download goes through, kept from level to level (page-locking takes
  // about 0.6 ms a MB; the first level's download is the largest), the one anticipate() is allocating, and
  // when the latest level's fill has read it.
  HostCopy::Staging stagingFor(std::size_t bytes) {
    if (anticipated_.valid()) {
      try {
        staging_ = anticipated_.get();
      } catch (const std::bad_alloc&) {  // allocated again below, where a failure is reported
      }
    }
    if (stagingFree_.valid()) stagingFree_.wait();
    if (!staging_ || staging_->size() < bytes) staging_ = std::make_shared<HostBuffer<std::byte>>(bytes);
    return staging_;
  }

  std::shared_ptr<DeviceLevel> level_;
  bool planCompaction_;
  HostCopy::Staging staging_;
  std::future<HostCopy::Staging> anticipated_;
  std::future<void> stagingFree_;
  CubScratch scratch_;  // CUB's temporary storage, the compaction plan's too
  cudaEvent_t start_{}, stop_{};
};

}  // namespace

std::unique_ptr<ContractionKernels> makeCudaContractionKernels(const SuitorKernels& suitor,
                                                               bool planCompaction) {
  return std::make_unique<CudaContractionKernels>(suitor.deviceLevel(), planCompaction);
}

}  // namespace ms::hypergraph
