// Host side of the CUDA kernel set: buffers, launches, and the one synchronisation per result.
#include <algorithm>
#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>

#include "solver/core/cuda_device.h"
#include "solver/lap/cost_range.h"
#include "solver/lap/hungarian/cuda/closure_search_device.cuh"
#include "solver/lap/hungarian/cuda/cuda_kernels.h"
#include "solver/lap/hungarian/cuda/device_resources.cuh"
#include "solver/lap/hungarian/cuda/hungarian_device.cuh"
#include "solver/lap/hungarian/cuda/search_device.cuh"

namespace ms::lap {

namespace {

using gpu::kBlock;

// int32 arrays of length n: assignment, predecessors, successors, covers, states, marks, compacted lists,
// the classical dual update's argmin columns.
enum IntArray : int {
  kRowAssign,
  kColAssign,
  kRowPred,
  kColPred,
  kRowSucc,
  kColSucc,
  kRowCover,
  kColCover,
  kRowState,
  kColReverse,
  kRootMark,
  kReverseCols,
  kRoots,
  kFrontierA,
  kFrontierB,
  kRowMinCol,
  kScanRows,
  kIntArrayCount
};

using gpu::kMaxChunks;
// Resident blocks per multiprocessor of the device-resident search: enough warps to stream the matrix, few
// enough blocks that a grid-wide barrier stays cheap.
constexpr int kSearchBlocksPerMultiprocessor = 4;
// The closure search reads few rows per round and waits at more barriers: with 2 blocks per multiprocessor
// instead of 4, real costs took 681 / 2197 ms instead of 732 / 2212 ms at n = 10000 / 20000 (H100, one run).
constexpr int kClosureSearchBlocksPerMultiprocessor = 2;
// Device memory kept free beyond the estimate: the context's own allocations and fragmentation.
constexpr double kReserveBytes = 256.0 * 1024 * 1024;

int32_t ceilDiv(int64_t a, int64_t b) {
  return static_cast<int32_t>((a + b - 1) / b);
}

std::string gigabytes(double bytes) {
  char text[32];
  std::snprintf(text, sizeof text, "%.2f GB", bytes / 1e9);
  return text;
}

}  // namespace

template <CostType T>
struct CudaKernels<T>::Device {
  Device() {
    int device = 0;
    gpu::checkCuda(cudaGetDevice(&device), "cudaGetDevice");
    gpu::checkCuda(cudaDeviceGetAttribute(&multiprocessors, cudaDevAttrMultiProcessorCount, device),
                   "cudaDeviceGetAttribute");
  }

  cudaStream_t stream() const { return streamOwner.get(); }
  const gpu::Published& published() const { return publishedValue.host(); }

  gpu::CudaStream streamOwner;
  gpu::CudaEvent phaseStart, phaseEnd;
  gpu::MappedHostValue<gpu::Published> publishedValue;
  int multiprocessors = 0;

  gpu::DeviceArray<T> cost;
  gpu::DeviceArray<Dual> duals;  // row duals, column duals, (tree) column slacks
  gpu::DeviceArray<int32_t> ints;
  gpu::DeviceArray<long long> colKey;
  gpu::DeviceArray<gpu::DeviceCounters> counters;
  gpu::DeviceArray<Dual> partialSlack;
  gpu::DeviceArray<int32_t> partialIndex;
  gpu::DeviceArray<uint32_t> tileFinished;
  gpu::DeviceArray<int32_t> zeroRowCount;
  gpu::DeviceArray<int32_t> zeroCols;
  gpu::DeviceArray<gpu::SearchScalars> searchScalars;
  int searchBlocks[2] = {};  // resident blocks of the cooperative search kernel: [profiled]
  // The closure search on floating costs (closure_search_device.cuh): its zero-slack lists and
  // counts, the blocks' argmin columns and the failure; the join totals, the blocks' minima and the total.
  gpu::DeviceArray<int32_t> closureInts;
  gpu::DeviceArray<Dual> closureDuals;
  gpu::DeviceArray<T> closureCosts;
  gpu::ClosureView<T> closure{};
  gpu::RowMinimaView<T> rowMinima{};                       // the classical variant's
  gpu::DeviceArray<SearchIterationProfile> searchProfile;  // made at the first profiled search
  // Distributed exchange: the frontier's bit sets, and the host copy of whatever the ranks combine.
  gpu::DeviceArray<unsigned long long> exchangeBits;
  gpu::PinnedHostArray<unsigned char> staging;
  int32_t bitWords = 0;

  gpu::DeviceView<T> view{};
  int32_t* frontier[2] = {nullptr, nullptr};
  int current = 0;           // index of the current frontier array
  bool enqueued = false;     // work launched since the last synchronisation
  bool endRecorded = false;  // phaseEnd was recorded after this phase's start
};

template <CostType T>
CudaKernels<T>::CudaKernels(const T* hostCosts, int32_t n, HungarianVariant variant, bool searchOnly)
    : hostCosts_(hostCosts),
      n_(n),
      variant_(variant),
      searchOnly_(searchOnly),
      slice_(MatrixSlice::whole(n)),
      device_(std::make_unique<Device>()) {}

template <CostType T>
CudaKernels<T>::CudaKernels(const T* hostSlice, const MatrixSlice& slice, Dual zeroSlack,
                            HungarianVariant variant, bool deviceTransfers, DeviceMemoryUse* memory)
    : hostCosts_(hostSlice),
      n_(slice.n),
      variant_(variant),
      slice_(slice),
      sliced_(true),
      zeroSlack_(zeroSlack),
      deviceTransfers_(deviceTransfers),
      memory_(memory),
      device_(std::make_unique<Device>()) {}

RankDevice useDeviceOfLocalRank(int localRank) {
  int count = 0;
  const cudaError_t status = cudaGetDeviceCount(&count);
  if (status != cudaSuccess || count == 0) {
    cudaGetLastError();
    throw SolveError(std::string("CUDA backend unavailable: ") +
                     (status != cudaSuccess ? cudaGetErrorName(status) : "no CUDA device found"));
  }
  const RankDevice chosen{localRank % count, localRank / count};
  gpu::checkCuda(cudaSetDevice(chosen.device), "cudaSetDevice");
  return chosen;
}

template <CostType T>
CudaKernels<T>::CudaKernels(CudaKernels&&) noexcept = default;
template <CostType T>
CudaKernels<T>& CudaKernels<T>::operator=(CudaKernels&&) noexcept = default;
template <CostType T>
CudaKernels<T>::~CudaKernels() = default;

namespace {

// Every kernel launch: on the solve's stream, errors surface at once, and the phase knows it has work to
// wait for.
template <class Device, class... Parameters, class... Arguments>
void launch(Device& device, const char* name, dim3 grid, void (*kernel)(Parameters...),
            Arguments&&... arguments) {
  kernel<<<grid, kBlock, 0, device.stream()>>>(std::forward<Arguments>(arguments)...);
  gpu::checkCuda(cudaGetLastError(), name);
  device.enqueued = true;
}

// The phase's one wait: everything enqueued so far has run and its published values are readable.
template <class Device>
void synchronize(Device& device) {
  gpu::checkCuda(cudaEventRecord(device.phaseEnd.get(), device.stream()), "cudaEventRecord");
  gpu::checkCuda(cudaEventSynchronize(device.phaseEnd.get()), "a Hungarian kernel");
  device.enqueued = false;
  device.endRecorded = true;
}

// Rows per chunk of a column-tile x row-chunk grid over `rows` rows: enough chunks to fill the device
// (2048 resident threads per multiprocessor), none shorter than kMinRowsPerChunk rows.
int32_t rowsPerChunk(int32_t rows, int32_t n, int multiprocessors) {
  // A rank whose slice holds no columns (more ranks than columns) still launches one tile of idle threads.
  return gpu::rowsPerChunk(rows, std::max(1, ceilDiv(n, kBlock)), int64_t{multiprocessors} * (2048 / kBlock));
}

// Both variants search by closures over zero-slack edges on floating costs (closure_search_device.cuh),
// level by level on integer costs, where ties make the equality graph wide (search_device.cuh).
template <class T>
constexpr bool kClosureSearch = std::is_floating_point_v<T>;

// Whether a kernel set runs the closure search (a slice runs no device-resident search at all).
template <class T>
bool runsClosureSearch(bool sliced) {
  return kClosureSearch<T> && !sliced;
}

template <class T>
// The tree kernel is named first so that it is emitted first, and its function-local shared arrays are
// declared before the classical kernel's: ptxas lays out shared memory in declaration order, and with the
// classical buffers first the tree kernel's machine code changed and its integer-cost searches ran 5-15 %
// slower (H100). This way it is the same machine code as before the classical kernel's segmented dual update.
// The profiling kernels (bench --search-profile) come after, so they leave the others as they were.
const void* searchKernelOf(HungarianVariant variant, bool profile) {
  const bool tree = variant == HungarianVariant::Tree;
  if constexpr (kClosureSearch<T>) {
    if (tree) {
      return reinterpret_cast<const void*>(profile ? gpu::closureSearchKernel<T, true, false>
                                                   : gpu::closureSearchKernel<T, false, false>);
    }
    return reinterpret_cast<const void*>(profile ? gpu::closureSearchKernel<T, true, true>
                                                 : gpu::closureSearchKernel<T, false, true>);
  } else {
    if (!profile) {
      return reinterpret_cast<const void*>(tree ? gpu::searchKernel<T, false, false>
                                                : gpu::searchKernel<T, true, false>);
    }
    return reinterpret_cast<const void*>(tree ? gpu::searchKernel<T, false, true>
                                              : gpu::searchKernel<T, true, true>);
  }
}

}  // namespace

template <CostType T>
void CudaKernels<T>::allocate() {
  Device& dev = *device_;
  const std::size_t n = static_cast<std::size_t>(n_);
  const bool classical = variant_ == HungarianVariant::Classical;
  const int32_t tiles = ceilDiv(n_, kBlock);
  const auto sliceRows = static_cast<std::size_t>(slice_.rows());
  const std::size_t sliceEntries = sliceRows * static_cast<std::size_t>(slice_.cols());
  // A slice's classical search runs kernel by kernel, which needs no row segments' minima.
  const bool partials = !classical || !sliced_;
  dev.bitWords = sliced_ ? ceilDiv(n_, 64) : 0;

  const bool closure = runsClosureSearch<T>(sliced_);
  // The classical variant's zero-slack lists serve its phase-by-phase steps and its level-synchronous search.
  const bool zeroLists = classical && !(closure && searchOnly_);

  // Estimate first, so that an instance that cannot fit fails with a clear message instead of mid-way.
  const double matrixBytes = static_cast<double>(sliceEntries) * sizeof(T);
  const double csrBytes =
      zeroLists ? static_cast<double>(sliceRows) * n * sizeof(int32_t) + n * sizeof(int32_t) : 0;
  // Tree: the row chunks' partial column minima; classical: the row segments' minima of a dual update.
  const double partialBytes =
      partials ? static_cast<double>(kMaxChunks) * n * (sizeof(Dual) + sizeof(int32_t)) : 0;
  // The closure search: the zero-slack lists and counts, roots, forest rows, stale columns, the rows' read
  // cycles, re-read lists and segment counts, the join totals and the rows' minima; the blocks' minima are
  // O(grid).
  const double closureBytes = closure ? n * (gpu::kTightEdgesPerRow * (sizeof(int32_t) + sizeof(T)) +
                                             8.0 * sizeof(int32_t) + 3.0 * sizeof(Dual))
                                      : 0;
  const double workBytes = n * (3.0 * sizeof(Dual) + kIntArrayCount * sizeof(int32_t) + sizeof(long long)) +
                           4.0 * tiles + 2.0 * dev.bitWords * sizeof(unsigned long long) + closureBytes;
  std::size_t freeBytes = 0, totalBytes = 0;
  gpu::checkCuda(cudaDeviceSynchronize(), "cudaDeviceSynchronize");  // earlier frees have taken effect
  gpu::checkCuda(cudaMemGetInfo(&freeBytes, &totalBytes), "cudaMemGetInfo");
  const double needed = matrixBytes + csrBytes + partialBytes + workBytes;
  if (needed + kReserveBytes > static_cast<double>(freeBytes)) {
    throw ResourceError("CUDA backend: a " + std::to_string(slice_.rows()) + " x " +
                        std::to_string(slice_.cols()) + " " + std::string(costTypeName<T>()) +
                        (sliced_ ? " slice" : " instance") + " needs " + gigabytes(needed) +
                        " of device memory (matrix " + gigabytes(matrixBytes) +
                        (zeroLists ? ", zero-slack lists " + gigabytes(csrBytes) : std::string()) +
                        ", work arrays " + gigabytes(partialBytes + workBytes) + "), more than the " +
                        gigabytes(freeBytes) + " free on " + cudaDevice().name);
  }

  cudaStream_t stream = dev.stream();
  dev.cost = gpu::DeviceArray<T>(sliceEntries);
  gpu::checkCuda(
      cudaMemcpyAsync(dev.cost.get(), hostCosts_, sliceEntries * sizeof(T), cudaMemcpyHostToDevice, stream),
      "uploading the cost matrix");
  dev.duals = gpu::DeviceArray<Dual>(3 * n);
  dev.ints = gpu::DeviceArray<int32_t>(kIntArrayCount * n);
  dev.colKey = gpu::DeviceArray<long long>(n);
  dev.counters = gpu::DeviceArray<gpu::DeviceCounters>(1);
  dev.searchScalars = gpu::DeviceArray<gpu::SearchScalars>(1);
  if (partials) {
    dev.partialSlack = gpu::DeviceArray<Dual>(kMaxChunks * n);
    dev.partialIndex = gpu::DeviceArray<int32_t>(kMaxChunks * n);
  }
  if (sliced_) {
    dev.exchangeBits = gpu::DeviceArray<unsigned long long>(2 * static_cast<std::size_t>(dev.bitWords));
    gpu::checkCuda(cudaMemsetAsync(dev.exchangeBits.get(), 0,
                                   dev.exchangeBits.size() * sizeof(unsigned long long), stream),
                   "cudaMemset");
    dev.staging = gpu::PinnedHostArray<unsigned char>(2 * n * sizeof(int64_t));  // the largest exchange
  }
  if (zeroLists) {
    dev.zeroRowCount = gpu::DeviceArray<int32_t>(n);
    dev.zeroCols = gpu::DeviceArray<int32_t>(sliceRows * n);
    gpu::checkCuda(cudaMemsetAsync(dev.zeroRowCount.get(), 0, n * sizeof(int32_t), stream), "cudaMemset");
  } else if (!classical) {
    dev.tileFinished = gpu::DeviceArray<uint32_t>(tiles);
    gpu::checkCuda(cudaMemsetAsync(dev.tileFinished.get(), 0, tiles * sizeof(uint32_t), stream),
                   "cudaMemset");
  }

  // -1 (all bits set) for assignments, predecessors, successors and argmin columns; 0 for covers, states,
  // marks and lists.
  int32_t* ints = dev.ints.get();
  gpu::checkCuda(cudaMemsetAsync(ints, 0xff, kRowCover * n * sizeof(int32_t), stream), "cudaMemset");
  gpu::checkCuda(
      cudaMemsetAsync(ints + kRowCover * n, 0, (kRowMinCol - kRowCover) * n * sizeof(int32_t), stream),
      "cudaMemset");
  gpu::checkCuda(cudaMemsetAsync(ints + kRowMinCol * n, 0xff, n * sizeof(int32_t), stream), "cudaMemset");
  gpu::checkCuda(cudaMemsetAsync(ints + kScanRows * n, 0, n * sizeof(int32_t), stream), "cudaMemset");
  gpu::DeviceCounters counters{};
  counters.minKey = gpu::orderKey(kInfinity);
  gpu::checkCuda(
      cudaMemcpyAsync(dev.counters.get(), &counters, sizeof counters, cudaMemcpyHostToDevice, stream),
      "cudaMemcpy");

  gpu::DeviceView<T>& view = dev.view;
  // The slice's storage addressed as the whole matrix's rows and columns (see DeviceView): formed on the
  // address, since pointer arithmetic may not leave the allocation.
  const auto wholeMatrixAddress = [](auto* storage, int64_t offset) {
    return reinterpret_cast<decltype(storage)>(
        reinterpret_cast<std::uintptr_t>(storage) +
        static_cast<std::uintptr_t>(offset * static_cast<int64_t>(sizeof(*storage))));
  };
  view.cost =
      wholeMatrixAddress(dev.cost.get(), -(int64_t{slice_.rowBegin} * slice_.cols() + slice_.colBegin));
  view.n = n_;
  view.rowPitch = slice_.cols();
  view.rowBegin = slice_.rowBegin;
  view.rowEnd = slice_.rowEnd;
  view.colBegin = slice_.colBegin;
  view.colEnd = slice_.colEnd;
  view.eps = 0;
  view.rowDual = dev.duals.get();
  view.colDual = dev.duals.get() + n;
  view.slack = classical ? nullptr : dev.duals.get() + 2 * n;
  int32_t** slots[] = {&view.rowAssign, &view.colAssign,   &view.rowPred,  &view.colPred,    &view.rowSucc,
                       &view.colSucc,   &view.rowCover,    &view.colCover, &view.rowState,   &view.colReverse,
                       &view.rootMark,  &view.reverseCols, &view.roots,    &dev.frontier[0], &dev.frontier[1],
                       &view.rowMinCol, &view.scanRows};
  static_assert(sizeof slots / sizeof slots[0] == kIntArrayCount);
  for (int a = 0; a < kIntArrayCount; ++a) *slots[a] = ints + a * n;
  view.rowRoot = view.rowMinCol;  // the integer tree search never reads the argmin columns
  view.zeroRowCount = dev.zeroRowCount.get();
  view.zeroCols =
      zeroLists ? wholeMatrixAddress(dev.zeroCols.get(), -int64_t{slice_.rowBegin} * n_) : nullptr;
  view.partialSlack = dev.partialSlack.get();
  view.partialIndex = dev.partialIndex.get();
  view.tileFinished = dev.tileFinished.get();
  view.colKey = dev.colKey.get();
  view.counters = dev.counters.get();
  view.published = dev.publishedValue.device();
  gpu::checkCuda(cudaGetLastError(), "set-up");
  dev.enqueued = true;

  if (sliced_) {
    // Measured once every buffer is in place (the kernels' modules load lazily, at their first launch).
    synchronize(dev);
    std::size_t freeAfter = 0;
    gpu::checkCuda(cudaMemGetInfo(&freeAfter, &totalBytes), "cudaMemGetInfo");
    if (memory_ != nullptr) {
      int device = 0;
      gpu::checkCuda(cudaGetDevice(&device), "cudaGetDevice");
      cudaDeviceProp properties{};
      gpu::checkCuda(cudaGetDeviceProperties(&properties, device), "cudaGetDeviceProperties");
      memory_->device = device;
      memory_->deviceName = properties.name;
      memory_->measuredBytes = static_cast<double>(freeBytes) - static_cast<double>(freeAfter);
      memory_->expectedBytes = needed;
      memory_->sliceBytes = matrixBytes + csrBytes;
    }
    view.eps = zeroSlack_;
    return;  // the device-resident search is not used on a slice
  }

  // The search's grid must be resident all at once (grid-wide barriers).
  for (const bool profile : {false, true}) {
    int residentPerMultiprocessor = 0;
    gpu::checkCuda(cudaOccupancyMaxActiveBlocksPerMultiprocessor(
                       &residentPerMultiprocessor, searchKernelOf<T>(variant_, profile), kBlock, 0),
                   "cudaOccupancyMaxActiveBlocksPerMultiprocessor");
    const int wanted = closure ? kClosureSearchBlocksPerMultiprocessor : kSearchBlocksPerMultiprocessor;
    dev.searchBlocks[profile] = dev.multiprocessors * std::min(residentPerMultiprocessor, wanted);
  }
  if (closure) {
    const auto blocks = static_cast<std::size_t>(std::max(dev.searchBlocks[0], dev.searchBlocks[1]));
    const std::size_t listInts = n * gpu::kTightEdgesPerRow;
    dev.closureInts =
        gpu::DeviceArray<int32_t>(listInts + 8 * n + blocks + 1 + 2 * gpu::kCountsPerParity + 2 + 2);
    dev.closureDuals = gpu::DeviceArray<Dual>(3 * n + blocks + 1);
    dev.closureCosts = gpu::DeviceArray<T>(listInts);
    gpu::ClosureView<T>& c = dev.closure;
    c.tightCols = dev.closureInts.get();
    c.tightCosts = dev.closureCosts.get();
    c.tightCount = c.tightCols + listInts;
    c.rowRoot = c.tightCount + n;
    c.forestRows = c.rowRoot + n;
    c.staleCols = c.forestRows + n;
    c.blockBestCol = c.staleCols + n;
    c.failure = c.blockBestCol + blocks;
    c.counts = c.failure + 1;
    c.reverseSeen = c.counts + 2 * gpu::kCountsPerParity;
    gpu::RowMinimaView<T>& m = dev.rowMinima;
    m.readCycle = c.reverseSeen + 2;
    m.rereadRows = m.readCycle + n;
    m.rereadCount = m.rereadRows + 2 * n;
    m.segmentsDone = reinterpret_cast<uint32_t*>(m.rereadCount + 2);
    c.rowJoin = dev.closureDuals.get();
    c.colJoin = c.rowJoin + n;
    c.blockBest = c.colJoin + n;
    c.total = c.blockBest + blocks;
    m.rowMin = c.total + 1;
    gpu::checkCuda(cudaMemsetAsync(c.tightCount, 0, n * sizeof(int32_t), stream), "cudaMemset");
    gpu::checkCuda(cudaMemsetAsync(m.segmentsDone, 0, n * sizeof(uint32_t), stream), "cudaMemset");
  }

  if constexpr (std::is_floating_point_v<T>) {
    // The zero tolerance of the CPU kernel sets (zeroTolerance()), computed here on the device.
    const int blocks =
        std::min(ceilDiv(static_cast<int64_t>(n) * static_cast<int64_t>(n), kBlock), dev.multiprocessors * 8);
    launch(dev, "maxAbsFiniteCostKernel", blocks, gpu::maxAbsFiniteCostKernel<T>, view);
    synchronize(dev);
    const Dual largest = -gpu::fromOrderKey<Dual>(dev.published().minKey);
    requireFiniteDualSums(largest, n_);  // as rangeCheckedZeroTolerance() does for the CPU kernel sets
    view.eps = kRelativeZeroTolerance * largest;
  }
}

template <CostType T>
bool CudaKernels<T>::reduceRows() {
  Device& dev = *device_;
  launch(dev, "reduceRowsKernel", n_, gpu::reduceRowsKernel<T>, dev.view);
  synchronize(dev);
  return dev.published().infeasible == 0;
}

template <CostType T>
bool CudaKernels<T>::reduceColumns() {
  Device& dev = *device_;
  const int32_t rows = rowsPerChunk(slice_.rows(), slice_.cols(), dev.multiprocessors);
  launch(dev, "reduceColumnChunksKernel",
         dim3(std::max(1, ceilDiv(slice_.cols(), kBlock)), std::max(1, ceilDiv(slice_.rows(), rows))),
         gpu::reduceColumnChunksKernel<T>, dev.view, rows);
  launch(dev, "reduceColumnsFinishKernel", ceilDiv(n_, kBlock), gpu::reduceColumnsFinishKernel<T>, dev.view);
  synchronize(dev);
  return dev.published().infeasible == 0;
}

template <CostType T>
int32_t CudaKernels<T>::checkOptimality() {
  Device& dev = *device_;
  launch(dev, "checkOptimalityKernel", ceilDiv(n_, kBlock), gpu::checkOptimalityKernel<T>, dev.view);
  synchronize(dev);
  return dev.published().assigned;
}

template <CostType T>
int64_t CudaKernels<T>::compressZeroSlack() {
  Device& dev = *device_;
  launch(dev, "compressZeroSlackKernel", std::max(1, slice_.rows()), gpu::compressZeroSlackKernel<T>,
         dev.view, !zeroListsBuilt_);
  synchronize(dev);
  zeroListsBuilt_ = true;
  rowsScanned_ = dev.published().rowsScanned;
  return dev.published().edges;
}

template <CostType T>
int32_t CudaKernels<T>::startForwardPass() {
  Device& dev = *device_;
  launch(dev, "startForwardPassKernel", ceilDiv(n_, kBlock), gpu::startForwardPassKernel<T>, dev.view,
         dev.frontier[dev.current]);
  synchronize(dev);
  frontierSize_ = dev.published().frontier;
  reverseCount_ = 0;
  return frontierSize_;
}

template <CostType T>
int32_t CudaKernels<T>::expandClassical() {
  Device& dev = *device_;
  const int blocks = std::max(1, ceilDiv(frontierSize_, kBlock));
  launch(dev, "expandClassicalKernel", blocks, gpu::expandClassicalKernel<T>, dev.view,
         dev.frontier[dev.current], frontierSize_, dev.frontier[1 - dev.current]);
  return finishLevel();
}

template <CostType T>
int32_t CudaKernels<T>::expandTree() {
  Device& dev = *device_;
  const int32_t rows = rowsPerChunk(frontierSize_, slice_.cols(), dev.multiprocessors);
  const dim3 grid(std::max(1, ceilDiv(slice_.cols(), kBlock)), std::max(1, ceilDiv(frontierSize_, rows)));
  launch(dev, "expandTreeKernel", grid, gpu::expandTreeKernel<T>, dev.view, dev.frontier[dev.current],
         frontierSize_, rows, dev.frontier[1 - dev.current]);
  return finishLevel();
}

template <CostType T>
int32_t CudaKernels<T>::finishLevel() {
  Device& dev = *device_;
  dev.current = 1 - dev.current;  // the next frontier becomes the current one
  // On a slice the exchange that follows gives the sizes (combineFrontier).
  if (sliced_) return frontierSize_;
  synchronize(dev);
  frontierSize_ = dev.published().next;
  reverseCount_ = dev.published().reverse;
  return frontierSize_;
}

template <CostType T>
int32_t CudaKernels<T>::reversePass() {
  Device& dev = *device_;
  launch(dev, "reversePassKernel", std::max(1, ceilDiv(reverseCount_, kBlock)), gpu::reversePassKernel<T>,
         dev.view, reverseCount_);
  synchronize(dev);
  rootCount_ = dev.published().roots;
  return rootCount_;
}

template <CostType T>
void CudaKernels<T>::augmentPass() {
  Device& dev = *device_;
  launch(dev, "augmentKernel", std::max(1, ceilDiv(rootCount_, kBlock)), gpu::augmentKernel<T>, dev.view,
         rootCount_);
}

template <CostType T>
auto CudaKernels<T>::minUncoveredSlack() -> Dual {
  Device& dev = *device_;
  launch(dev, "minUncoveredSlackKernel", std::max(1, slice_.rows()), gpu::minUncoveredSlackKernel<T>,
         dev.view);
  synchronize(dev);
  rowsScanned_ = dev.published().rowsScanned;
  return gpu::fromOrderKey<Dual>(dev.published().minKey);
}

template <CostType T>
void CudaKernels<T>::updateDuals(Dual theta) {
  Device& dev = *device_;
  launch(dev, "updateDualsKernel", ceilDiv(n_, kBlock), gpu::updateDualsKernel<T>, dev.view, theta);
}

template <CostType T>
auto CudaKernels<T>::minColumnSlack() -> Dual {
  Device& dev = *device_;
  launch(dev, "minColumnSlackKernel", std::max(1, ceilDiv(slice_.cols(), kBlock)),
         gpu::minColumnSlackKernel<T>, dev.view);
  synchronize(dev);
  return gpu::fromOrderKey<Dual>(dev.published().minKey);
}

template <CostType T>
int32_t CudaKernels<T>::updateDualsAndSlack(Dual theta) {
  Device& dev = *device_;
  // The frontier is empty here (the search ran out of rows), so the current array receives the new one.
  launch(dev, "updateDualsAndSlackKernel", ceilDiv(n_, kBlock), gpu::updateDualsAndSlackKernel<T>, dev.view,
         theta, dev.frontier[dev.current]);
  if (sliced_) return frontierSize_;  // the exchange that follows gives the size (combineFrontier)
  synchronize(dev);
  frontierSize_ = dev.published().frontier;
  return frontierSize_;
}

template <CostType T>
SearchSummary CudaKernels<T>::searchIterations(bool zerosStale, int32_t iterationLimit) {
  Device& dev = *device_;
  std::vector<SearchIterationProfile>* const sink = searchProfileSink();
  const bool profile = sink != nullptr;
  if (dev.searchBlocks[profile] <= 0)
    throw SolveError("CUDA backend: the search kernel cannot be resident on this device");
  // The classical variant's zero-slack lists, when a dual update left them stale (the first ones of a solve:
  // every row); the dual updates inside the search keep them up to date themselves.
  const bool closure = runsClosureSearch<T>(sliced_);
  const bool compress = zerosStale && !closure;  // the closure search keeps lists of its own
  if (compress) compressZeroSlack();
  int32_t* frontierA = dev.frontier[0];
  int32_t* frontierB = dev.frontier[1];
  gpu::SearchScalars* scalars = dev.searchScalars.get();
  SearchIterationProfile* records = nullptr;
  if (profile) {
    if (dev.searchProfile.size() < static_cast<std::size_t>(iterationLimit))
      dev.searchProfile = gpu::DeviceArray<SearchIterationProfile>(static_cast<std::size_t>(iterationLimit));
    records = dev.searchProfile.get();
  }
  void* arguments[] = {&dev.view, &scalars, &frontierA, &frontierB, &iterationLimit, &records};
  void* closureArguments[] = {&dev.view,  &dev.closure, &dev.rowMinima,  &scalars,
                              &frontierA, &frontierB,   &iterationLimit, &records};
  gpu::checkCuda(
      cudaLaunchCooperativeKernel(searchKernelOf<T>(variant_, profile), dim3(dev.searchBlocks[profile]),
                                  dim3(kBlock), closure ? closureArguments : arguments, 0, dev.stream()),
      "searchKernel (cooperative launch)");
  dev.enqueued = true;
  synchronize(dev);
  const gpu::Published& out = dev.published();
  if (out.searchFailure == gpu::kSearchRunaway) {
    throw SolveError("CUDA backend: the device search ran more rounds than an iteration can take");
  }
  if (profile && out.searchIterations > 0) {
    const std::size_t first = sink->size();
    sink->resize(first + static_cast<std::size_t>(out.searchIterations));
    gpu::checkCuda(cudaMemcpy(sink->data() + first, records,
                              static_cast<std::size_t>(out.searchIterations) * sizeof(SearchIterationProfile),
                              cudaMemcpyDeviceToHost),
                   "reading the search profile");
  }
  SearchSummary summary;
  summary.iterations = out.searchIterations;
  summary.assigned = out.assigned;
  summary.paths = out.searchPaths;
  summary.levels = out.searchLevels;
  summary.dualUpdates = out.searchDualUpdates;
  summary.rowsScanned = out.searchRowsScanned + (compress ? rowsScanned_ : 0);
  summary.infeasible = out.searchFailure == gpu::kSearchInfeasible;
  for (int kind = 0; kind < static_cast<int>(SearchPhaseKind::Count); ++kind)
    summary.nanoseconds[kind] = out.searchNs[kind];
  // The search ends after an optimality check: no frontier, reverse columns or paths are pending.
  dev.current = 0;
  frontierSize_ = reverseCount_ = rootCount_ = 0;
  return summary;
}

template <CostType T>
void CudaKernels<T>::beginPhase() {
  Device& dev = *device_;
  gpu::checkCuda(cudaEventRecord(dev.phaseStart.get(), dev.stream()), "cudaEventRecord");
  dev.endRecorded = false;
}

template <CostType T>
int64_t CudaKernels<T>::endPhase() {
  Device& dev = *device_;
  if (dev.enqueued || !dev.endRecorded) synchronize(dev);
  float milliseconds = 0;
  gpu::checkCuda(cudaEventElapsedTime(&milliseconds, dev.phaseStart.get(), dev.phaseEnd.get()),
                 "cudaEventElapsedTime");
  return std::llround(static_cast<double>(milliseconds) * 1e6);
}

namespace {

template <class V>
void copyToHost(std::vector<V>& out, const V* source, std::size_t count, cudaStream_t stream) {
  out.resize(count);
  if (count == 0) return;
  gpu::checkCuda(cudaMemcpyAsync(out.data(), source, count * sizeof(V), cudaMemcpyDeviceToHost, stream),
                 "copying results to the host");
  gpu::checkCuda(cudaStreamSynchronize(stream), "copying results to the host");
}

template <class To, class From>
void convertToHost(std::vector<To>& out, const From* source, std::size_t count, cudaStream_t stream) {
  std::vector<From> raw;
  copyToHost(raw, source, count, stream);
  out.assign(raw.begin(), raw.end());
}

}  // namespace

template <CostType T>
const std::vector<int32_t>& CudaKernels<T>::rowAssignment() const {
  copyToHost(rowAssign_, device_->view.rowAssign, static_cast<std::size_t>(n_), device_->stream());
  return rowAssign_;
}

template <CostType T>
auto CudaKernels<T>::rowDuals() const -> const std::vector<Dual>& {
  copyToHost(rowDual_, device_->view.rowDual, static_cast<std::size_t>(n_), device_->stream());
  return rowDual_;
}

template <CostType T>
auto CudaKernels<T>::colDuals() const -> const std::vector<Dual>& {
  copyToHost(colDual_, device_->view.colDual, static_cast<std::size_t>(n_), device_->stream());
  return colDual_;
}

template <CostType T>
auto CudaKernels<T>::objective() const -> Dual {
  // (A slice sums the assigned entries it holds.)
  const std::vector<int32_t>& assignment = rowAssignment();
  Dual total = 0;
  for (int32_t i = slice_.rowBegin; i < slice_.rowEnd; ++i) {
    const int32_t j = assignment[i];
    if (j < slice_.colBegin || j >= slice_.colEnd) continue;
    total += static_cast<Dual>(
        hostCosts_[static_cast<std::size_t>(i - slice_.rowBegin) * static_cast<std::size_t>(slice_.cols()) +
                   static_cast<std::size_t>(j - slice_.colBegin)]);
  }
  return total;
}

template <CostType T>
void CudaKernels<T>::snapshot(LapSnapshot& out, bool withSlack) const {
  const Device& dev = *device_;
  if (dev.view.rowAssign == nullptr) {  // allocate() failed: nothing on the device to show
    out = LapSnapshot{};
    return;
  }
  const gpu::DeviceView<T>& view = dev.view;
  const cudaStream_t stream = dev.stream();
  const auto n = static_cast<std::size_t>(n_);
  out.n = n_;
  copyToHost(out.rowAssignment, view.rowAssign, n, stream);
  copyToHost(out.colAssignment, view.colAssign, n, stream);
  convertToHost(out.rowCovered, view.rowCover, n, stream);
  convertToHost(out.colCovered, view.colCover, n, stream);
  convertToHost(out.rowDual, view.rowDual, n, stream);
  convertToHost(out.colDual, view.colDual, n, stream);
  copyToHost(out.rowPredecessor, view.rowPred, n, stream);
  copyToHost(out.colPredecessor, view.colPred, n, stream);
  copyToHost(out.frontier, dev.frontier[dev.current], static_cast<std::size_t>(frontierSize_), stream);
  if (withSlack) {
    convertToHost(out.columnSlack, view.slack, n, stream);
  } else {
    out.columnSlack.clear();
  }
  std::vector<int32_t> roots, rowSucc, colSucc;
  copyToHost(roots, view.roots, static_cast<std::size_t>(rootCount_), stream);
  copyToHost(rowSucc, view.rowSucc, n, stream);
  copyToHost(colSucc, view.colSucc, n, stream);
  traceAugmentingPaths(out, roots, rowSucc.data(), colSucc.data());
  if (slice_.isWhole()) summariseAssignment(out, hostCosts_);
}

// --- The distributed wrapper's exchanges.
namespace {

// `count` values at `source` where the communicator reads them: in device memory as they are, or copied
// into the pinned staging buffer. Waits for the kernels that wrote them.
template <class V, class Device>
std::span<V> exchangeOut(Device& device, V* source, std::size_t count, bool inDeviceMemory) {
  if (inDeviceMemory) {
    synchronize(device);
    return {source, count};
  }
  V* staged = reinterpret_cast<V*>(device.staging.get());
  gpu::checkCuda(cudaMemcpyAsync(staged, source, count * sizeof(V), cudaMemcpyDeviceToHost, device.stream()),
                 "copying for the exchange");
  synchronize(device);
  return {staged, count};
}

// The combined values back into `target` (nothing to do when the communicator wrote them there). Ordered
// before the next kernel on the stream; the staging buffer is next written after a synchronisation.
template <class V, class Device>
void exchangeIn(Device& device, V* target, std::size_t count, bool inDeviceMemory) {
  if (inDeviceMemory) return;
  gpu::checkCuda(cudaMemcpyAsync(target, device.staging.get(), count * sizeof(V), cudaMemcpyHostToDevice,
                                 device.stream()),
                 "copying the exchange back");
  device.enqueued = true;
}

}  // namespace

template <CostType T>
auto CudaKernels<T>::exportDuals(bool rows) -> std::span<Dual> {
  Device& dev = *device_;
  return exchangeOut(dev, rows ? dev.view.rowDual : dev.view.colDual, static_cast<std::size_t>(n_), false);
}

template <CostType T>
void CudaKernels<T>::importDuals(bool rows) {
  Device& dev = *device_;
  exchangeIn(dev, rows ? dev.view.rowDual : dev.view.colDual, static_cast<std::size_t>(n_), false);
}

namespace {

// The int32 state an exchange covers: the column predecessors, or the row and column assignments (adjacent).
template <class View>
std::span<int32_t> exchangedInts(const View& view, int32_t n, bool assignment) {
  static_assert(kColAssign == kRowAssign + 1);
  if (assignment) return {view.rowAssign, 2 * static_cast<std::size_t>(n)};
  return {view.colPred, static_cast<std::size_t>(n)};
}

}  // namespace

template <CostType T>
std::span<int32_t> CudaKernels<T>::exportInts(ExchangedInts which) {
  Device& dev = *device_;
  const std::span<int32_t> state = exchangedInts(dev.view, n_, which == kAssignment);
  return exchangeOut(dev, state.data(), state.size(), deviceTransfers_);
}

template <CostType T>
void CudaKernels<T>::importInts(ExchangedInts which) {
  Device& dev = *device_;
  const std::span<int32_t> state = exchangedInts(dev.view, n_, which == kAssignment);
  exchangeIn(dev, state.data(), state.size(), deviceTransfers_);
}

// A BFS level or tree dual update on a slice, then its exchange, wait for the host once: the copy of the
// encoded sets (exportFrontier). The sizes of the combined frontier and reverse columns are the bits set in
// the combined sets, so the host counts them there instead of waiting for the kernel that lists them.
template <CostType T>
std::span<uint64_t> CudaKernels<T>::exportFrontier() {
  Device& dev = *device_;
  const std::size_t words = 2 * static_cast<std::size_t>(dev.bitWords);
  launch(dev, "encodeFrontierKernel", ceilDiv(n_, kBlock), gpu::encodeFrontierKernel<T>, dev.view,
         dev.frontier[dev.current], dev.exchangeBits.get(), dev.bitWords);
  static_assert(sizeof(uint64_t) == sizeof(unsigned long long));
  return exchangeOut(dev, reinterpret_cast<uint64_t*>(dev.exchangeBits.get()), words, deviceTransfers_);
}

template <CostType T>
void CudaKernels<T>::importFrontier(bool reached) {
  Device& dev = *device_;
  const std::size_t words = 2 * static_cast<std::size_t>(dev.bitWords);
  exchangeIn(dev, reinterpret_cast<uint64_t*>(dev.exchangeBits.get()), words, deviceTransfers_);
  // The reverse columns are listed again from the union, from the start of their list.
  gpu::checkCuda(
      cudaMemsetAsync(reinterpret_cast<char*>(dev.view.counters) + offsetof(gpu::DeviceCounters, reverse), 0,
                      sizeof(int32_t), dev.stream()),
      "cudaMemset");
  launch(dev, "adoptFrontierKernel", ceilDiv(n_, kBlock), gpu::adoptFrontierKernel<T>, dev.view,
         dev.exchangeBits.get(), dev.bitWords, reached, dev.frontier[dev.current]);
  // Cleared for the next encode, after the adopt has read them.
  gpu::checkCuda(cudaMemsetAsync(dev.exchangeBits.get(), 0, words * sizeof(unsigned long long), dev.stream()),
                 "cudaMemset");
  if (deviceTransfers_) {  // the combined sets are in device memory: read the counts the adopt publishes
    synchronize(dev);
    frontierSize_ = dev.published().frontier;
    reverseCount_ = dev.published().reverse;
    return;
  }
  const auto* combined = reinterpret_cast<const uint64_t*>(dev.staging.get());
  const auto bitsSet = [](const uint64_t* begin, const uint64_t* end) {
    int32_t count = 0;
    for (const uint64_t* word = begin; word != end; ++word) count += std::popcount(*word);
    return count;
  };
  frontierSize_ = bitsSet(combined, combined + dev.bitWords);
  reverseCount_ = bitsSet(combined + dev.bitWords, combined + words);
}

template class CudaKernels<int32_t>;
template class CudaKernels<int64_t>;
template class CudaKernels<float>;
template class CudaKernels<double>;

}  // namespace ms::lap
