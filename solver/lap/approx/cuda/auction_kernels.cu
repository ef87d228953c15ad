// CUDA kernels of the auction (auction_cuda_kernels.h). A round has three grid-wide stages:
//   bid:    one block per unassigned row finds its cheapest column j1 and second cheapest value, and raises
//           the column's best bid key with atomicMax (prices and bids are never negative, so their bits
//           order like their values);
//   winner: every bidder whose bid equals the column's best bid offers its row to atomicMin (lowest row
//   wins); assign: the winner takes the column at its bid; the displaced owner and the losers form the next
//   list.
// A round with a single bidder needs no barrier: block 0 runs such rounds back to back (the bidder wins its
// column; the owner it displaces is the next round's single bidder) while the other blocks wait at one
// barrier. That is the same sequence of rounds, so the result does not change.
// No per-round resets are needed: a column's stale best bid equals its current price, which every new bid
// exceeds, and winner keys carry the round number in their high bits so older keys never win a newer round.
#include <cooperative_groups.h>
#include <cuda_runtime.h>
#include <math_constants.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <string>
#include <type_traits>

#include "solver/core/errors.h"
#include "solver/lap/approx/auction_snapshot.h"
#include "solver/lap/approx/cuda/auction_cuda_kernels.h"

namespace ms::lap {
namespace {

namespace cg = cooperative_groups;

// Large blocks: one block scans a bidder's row, so a round with few bidders (the long tail of a scaling
// phase) finishes its scan in a few loads per thread, and fewer blocks make the grid barrier cheaper.
constexpr int kBlock = 1024;

void check(cudaError_t status, const char* what) {
  if (status == cudaSuccess) return;
  cudaGetLastError();
  const std::string message = std::string("CUDA auction: ") + what + " failed: " + cudaGetErrorString(status);
  if (status == cudaErrorMemoryAllocation) throw ResourceError(message);
  throw SolveError(message);
}

template <class V>
struct DeviceBuffer {
  V* data = nullptr;
  DeviceBuffer() = default;
  explicit DeviceBuffer(std::size_t count) {
    if (count > 0) check(cudaMalloc(reinterpret_cast<void**>(&data), count * sizeof(V)), "cudaMalloc");
  }
  ~DeviceBuffer() {
    if (data != nullptr) cudaFree(data);
  }
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(DeviceBuffer&& other) noexcept {
    std::swap(data, other.data);
    return *this;
  }
};

template <class Price>
__device__ unsigned long long bidKey(Price bid) {
  if constexpr (std::is_integral_v<Price>) {
    return static_cast<unsigned long long>(bid);
  } else {
    return static_cast<unsigned long long>(__double_as_longlong(bid));
  }
}

__device__ unsigned long long winnerKey(uint32_t round, int32_t row) {
  return (static_cast<unsigned long long>(0xFFFFFFFFu - round) << 32) | static_cast<uint32_t>(row);
}

// The cheapest column (lowest index on ties) and the two cheapest values of a row.
template <class Price>
struct BestTwo {
  Price best, second;
  int32_t col;
};

template <class V>
__device__ V lower(V a, V b) {
  return b < a ? b : a;
}

// A load that bypasses L1: other blocks wrote these arrays before the latest grid barrier.
template <class V>
__device__ V fresh(const V* address) {
  if constexpr (std::is_same_v<V, int64_t>) {
    return static_cast<V>(__ldcg(reinterpret_cast<const long long*>(address)));
  } else {
    return __ldcg(address);
  }
}

template <class Price>
__device__ BestTwo<Price> merge(BestTwo<Price> a, BestTwo<Price> b) {
  if (b.best < a.best || (b.best == a.best && b.col < a.col)) {
    b.second = lower(b.second, a.best);
    return b;
  }
  a.second = lower(a.second, b.best);
  return a;
}

template <class Price>
__device__ Price noneValue() {
  if constexpr (std::is_integral_v<Price>) {
    return static_cast<Price>(0x7FFFFFFFFFFFFFFFLL);
  } else {
    return CUDART_INF;
  }
}

template <class T, class Price>
struct RoundParams {
  const T* costs;
  int32_t n;
  Price scale, forbiddenCost, epsilon;
  Price* prices;
  int32_t *rowAssign, *colOwner, *bidCol;
  Price* bidPrice;
  unsigned long long *colBidKey, *colWinnerKey;
  int32_t* lists[2];  // bidders of even and odd rounds
  int32_t* counts;    // three rotating list sizes: round r reads counts[r % 3], fills counts[(r + 1) % 3]
  uint32_t round;     // global round number of the first round this launch runs
  int64_t maxRounds;  // 0 = until no row is unassigned
  int64_t* results;   // rounds, bids, unassigned, next round; also how block 0 hands its single-bidder
                      // rounds (results[0], [1], [3]) to the other blocks
};

template <class T, class Price>
__device__ Price priced(T cost, Price scale, Price forbiddenCost) {
  if constexpr (std::is_floating_point_v<T>) {
    if (isinf(cost)) return forbiddenCost;
  }
  return static_cast<Price>(cost) * scale;
}

// The cheapest column and two cheapest values of `row`, reduced over the block; valid in thread 0. Four loads
// per thread are in flight at a time. merge() is order-independent, so the unrolling changes no result.
template <class T, class Price>
__device__ BestTwo<Price> blockBestTwo(const RoundParams<T, Price>& p, int32_t row,
                                       BestTwo<Price>* warpBest) {
  const T* costs = p.costs + static_cast<std::size_t>(row) * p.n;
  const Price none = noneValue<Price>();
  BestTwo<Price> mine{none, none, p.n};
  int32_t j = threadIdx.x;
  for (; j + 3 * kBlock < p.n; j += 4 * kBlock) {
    Price values[4];
    for (int u = 0; u < 4; ++u) {
      values[u] = priced(costs[j + u * kBlock], p.scale, p.forbiddenCost) + fresh(&p.prices[j + u * kBlock]);
    }
    for (int u = 0; u < 4; ++u) mine = merge(mine, BestTwo<Price>{values[u], none, j + u * kBlock});
  }
  for (; j < p.n; j += kBlock) {
    mine = merge(mine,
                 BestTwo<Price>{priced(costs[j], p.scale, p.forbiddenCost) + fresh(&p.prices[j]), none, j});
  }
  for (int offset = 16; offset > 0; offset /= 2) {
    BestTwo<Price> other;
    other.best = __shfl_down_sync(0xFFFFFFFFu, mine.best, offset);
    other.second = __shfl_down_sync(0xFFFFFFFFu, mine.second, offset);
    other.col = __shfl_down_sync(0xFFFFFFFFu, mine.col, offset);
    mine = merge(mine, other);
  }
  if (threadIdx.x % 32 == 0) warpBest[threadIdx.x / 32] = mine;
  __syncthreads();
  if (threadIdx.x == 0) {
    for (int w = 1; w < kBlock / 32; ++w) mine = merge(mine, warpBest[w]);
  }
  __syncthreads();  // warpBest is reused by the block's next row
  return mine;
}

// Row's bid for its cheapest column: the price rises by (second - best) + epsilon.
template <class Price>
__device__ Price bidFor(const BestTwo<Price>& best, Price price, Price epsilon) {
  const Price increment = (best.second == noneValue<Price>() ? Price(0) : best.second - best.best) + epsilon;
  return price + increment;
}

template <class T, class Price>
__global__ void __launch_bounds__(kBlock) auctionRounds(RoundParams<T, Price> p) {
  cg::grid_group grid = cg::this_grid();
  __shared__ BestTwo<Price> warpBest[kBlock / 32];
  __shared__ int32_t displaced;
  uint32_t round = p.round;
  int64_t rounds = 0;
  int64_t bids = 0;
  int32_t count = 0;
  while (true) {
    count = fresh(&p.counts[round % 3]);
    if (count == 0 || (p.maxRounds != 0 && rounds == p.maxRounds)) break;
    const int32_t* bidders = p.lists[round & 1];

    if (count == 1) {
      if (blockIdx.x == 0) {
        int32_t row = fresh(&bidders[0]);
        int32_t last = row;
        int64_t done = 0;
        while (true) {
          const BestTwo<Price> best = blockBestTwo(p, row, warpBest);
          if (threadIdx.x == 0) {
            const Price bid = bidFor(best, fresh(&p.prices[best.col]), p.epsilon);
            const int32_t former = fresh(&p.colOwner[best.col]);
            p.bidCol[row] = best.col;
            p.bidPrice[row] = bid;
            p.colBidKey[best.col] = bidKey(bid);  // keeps "stale best bid == price"
            p.colOwner[best.col] = row;
            p.rowAssign[row] = best.col;
            p.prices[best.col] = bid;
            if (former != -1) p.rowAssign[former] = -1;
            displaced = former;
            __threadfence();
          }
          __syncthreads();
          ++done;
          last = row;
          row = displaced;
          __syncthreads();  // `displaced` is rewritten by the next round
          if (row == -1 || (p.maxRounds != 0 && rounds + done == p.maxRounds)) break;
        }
        if (threadIdx.x == 0) {
          // The state as after `done` Jacobi rounds of one bidder each.
          const uint32_t next = round + static_cast<uint32_t>(done);
          p.lists[(next - 1) & 1][0] = last;
          p.counts[(next - 1) % 3] = 1;
          if (row != -1) p.lists[next & 1][0] = row;
          p.counts[next % 3] = row != -1 ? 1 : 0;
          p.counts[(next + 1) % 3] = 0;
          p.results[0] = rounds + done;
          p.results[1] = bids + done;
          p.results[3] = next;
        }
      }
      grid.sync();
      rounds = fresh(&p.results[0]);
      bids = fresh(&p.results[1]);
      round = static_cast<uint32_t>(fresh(&p.results[3]));
      grid.sync();  // every thread has read the hand-over before it can be written again
      continue;
    }

    int32_t* next = p.lists[(round + 1) & 1];
    int32_t* nextCount = &p.counts[(round + 1) % 3];
    if (grid.thread_rank() == 0) p.counts[(round + 2) % 3] = 0;  // read last in round - 1

    for (int32_t k = blockIdx.x; k < count; k += gridDim.x) {
      const int32_t row = fresh(&bidders[k]);
      const BestTwo<Price> best = blockBestTwo(p, row, warpBest);
      if (threadIdx.x == 0) {
        const Price bid = bidFor(best, fresh(&p.prices[best.col]), p.epsilon);
        p.bidCol[row] = best.col;
        p.bidPrice[row] = bid;
        atomicMax(&p.colBidKey[best.col], bidKey(bid));
      }
    }
    grid.sync();
    for (int64_t k = grid.thread_rank(); k < count; k += grid.size()) {
      const int32_t row = fresh(&bidders[k]);
      const int32_t col = fresh(&p.bidCol[row]);
      if (bidKey(fresh(&p.bidPrice[row])) == fresh(&p.colBidKey[col]))
        atomicMin(&p.colWinnerKey[col], winnerKey(round, row));
    }
    grid.sync();

    for (int64_t k = grid.thread_rank(); k < count; k += grid.size()) {
      const int32_t row = fresh(&bidders[k]);
      const int32_t col = fresh(&p.bidCol[row]);
      if (fresh(&p.colWinnerKey[col]) != winnerKey(round, row)) {
        next[atomicAdd(nextCount, 1)] = row;
        continue;
      }
      const int32_t former = fresh(&p.colOwner[col]);
      if (former != -1) {
        p.rowAssign[former] = -1;
        next[atomicAdd(nextCount, 1)] = former;
      }
      p.colOwner[col] = row;
      p.rowAssign[row] = col;
      p.prices[col] = fresh(&p.bidPrice[row]);
    }
    grid.sync();
    ++round;
    ++rounds;
    bids += count;
  }
  if (grid.thread_rank() == 0) {
    p.results[0] = rounds;
    p.results[1] = bids;
    p.results[2] = count;
    p.results[3] = round;
  }
}

// Every row unassigned and bidding in the next round (prices kept).
__global__ void startPhase(int32_t n, int32_t* rowAssign, int32_t* colOwner, int32_t* bidders,
                           int32_t* counts, uint32_t round) {
  const int32_t k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k < n) {
    rowAssign[k] = -1;
    colOwner[k] = -1;
    bidders[k] = k;
  }
  if (k == 0) {
    counts[round % 3] = n;
    counts[(round + 1) % 3] = 0;
  }
}

// Per block: smallest and largest finite cost and whether a forbidden one exists.
template <class T>
__global__ void blockRange(const T* costs, int64_t size, double* blockMin, double* blockMax,
                           int32_t* forbidden) {
  __shared__ double lows[kBlock], highs[kBlock];
  double low = CUDART_INF, high = -CUDART_INF;
  bool anyForbidden = false;
  for (int64_t k = blockIdx.x * static_cast<int64_t>(blockDim.x) + threadIdx.x; k < size;
       k += static_cast<int64_t>(gridDim.x) * blockDim.x) {
    const double cost = static_cast<double>(costs[k]);
    if (isinf(cost)) {
      anyForbidden = true;
    } else {
      low = fmin(low, cost);
      high = fmax(high, cost);
    }
  }
  if (anyForbidden) *forbidden = 1;
  lows[threadIdx.x] = low;
  highs[threadIdx.x] = high;
  __syncthreads();
  for (int stride = kBlock / 2; stride > 0; stride /= 2) {
    if (threadIdx.x < stride) {
      lows[threadIdx.x] = fmin(lows[threadIdx.x], lows[threadIdx.x + stride]);
      highs[threadIdx.x] = fmax(highs[threadIdx.x], highs[threadIdx.x + stride]);
    }
    __syncthreads();
  }
  if (threadIdx.x == 0) {
    blockMin[blockIdx.x] = lows[0];
    blockMax[blockIdx.x] = highs[0];
  }
}

}  // namespace

template <CostType T>
struct AuctionCudaKernels<T>::State {
  using Price = AuctionPriceOf<T>;
  const T* hostCosts;
  int32_t n;
  cudaStream_t stream = nullptr;
  cudaEvent_t begin = nullptr, end = nullptr;
  DeviceBuffer<T> costs;
  DeviceBuffer<Price> prices, bidPrice;
  DeviceBuffer<int32_t> rowAssign, colOwner, bidCol, listEven, listOdd, counts;
  DeviceBuffer<unsigned long long> colBidKey, colWinnerKey;
  DeviceBuffer<int64_t> results;
  Price scale = 1, forbiddenCost = 0;
  uint32_t round = 0;
  bool lastRoundKnown = false;  // the list of the latest round is still on the device (for snapshots)
  bool phaseTimed = false;      // beginPhase() recorded the start event (not before the stream exists)
  int gridBlocks = 0;

  State(const T* c, int32_t size) : hostCosts(c), n(size) {}
  ~State() {
    if (begin != nullptr) cudaEventDestroy(begin);
    if (end != nullptr) cudaEventDestroy(end);
    if (stream != nullptr) cudaStreamDestroy(stream);
  }
};

template <CostType T>
AuctionCudaKernels<T>::AuctionCudaKernels(const T* costs, int32_t n)
    : state_(std::make_unique<State>(costs, n)) {}
template <CostType T>
AuctionCudaKernels<T>::~AuctionCudaKernels() = default;
template <CostType T>
AuctionCudaKernels<T>::AuctionCudaKernels(AuctionCudaKernels&&) noexcept = default;
template <CostType T>
AuctionCudaKernels<T>& AuctionCudaKernels<T>::operator=(AuctionCudaKernels&&) noexcept = default;

template <CostType T>
void AuctionCudaKernels<T>::allocate() {
  State& s = *state_;
  const auto n = static_cast<std::size_t>(s.n);
  check(cudaStreamCreateWithFlags(&s.stream, cudaStreamNonBlocking), "cudaStreamCreate");
  check(cudaEventCreate(&s.begin), "cudaEventCreate");
  check(cudaEventCreate(&s.end), "cudaEventCreate");
  s.costs = DeviceBuffer<T>(n * n);
  s.prices = DeviceBuffer<Price>(n);
  s.bidPrice = DeviceBuffer<Price>(n);
  s.rowAssign = DeviceBuffer<int32_t>(n);
  s.colOwner = DeviceBuffer<int32_t>(n);
  s.bidCol = DeviceBuffer<int32_t>(n);
  s.listEven = DeviceBuffer<int32_t>(n);
  s.listOdd = DeviceBuffer<int32_t>(n);
  s.counts = DeviceBuffer<int32_t>(3);
  s.colBidKey = DeviceBuffer<unsigned long long>(n);
  s.colWinnerKey = DeviceBuffer<unsigned long long>(n);
  s.results = DeviceBuffer<int64_t>(4);
  check(cudaMemcpyAsync(s.costs.data, s.hostCosts, n * n * sizeof(T), cudaMemcpyHostToDevice, s.stream),
        "upload");
  check(cudaMemsetAsync(s.prices.data, 0, n * sizeof(Price), s.stream), "cudaMemset");
  check(cudaMemsetAsync(s.colBidKey.data, 0, n * sizeof(unsigned long long), s.stream), "cudaMemset");
  check(cudaMemsetAsync(s.colWinnerKey.data, 0xFF, n * sizeof(unsigned long long), s.stream), "cudaMemset");
  check(cudaMemsetAsync(s.counts.data, 0, 3 * sizeof(int32_t), s.stream), "cudaMemset");
  int device = 0, multiprocessors = 0, perSm = 0;
  check(cudaGetDevice(&device), "cudaGetDevice");
  check(cudaDeviceGetAttribute(&multiprocessors, cudaDevAttrMultiProcessorCount, device),
        "cudaDeviceGetAttribute");
  check(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&perSm, auctionRounds<T, Price>, kBlock, 0),
        "occupancy");
  s.gridBlocks = std::max(1, std::min(perSm * multiprocessors, s.n));
}

template <CostType T>
FiniteCostRange AuctionCudaKernels<T>::finiteRange() {
  State& s = *state_;
  const int blocks = 1024;
  DeviceBuffer<double> lows(blocks), highs(blocks);
  DeviceBuffer<int32_t> forbidden(1);
  check(cudaMemsetAsync(forbidden.data, 0, sizeof(int32_t), s.stream), "cudaMemset");
  blockRange<<<blocks, kBlock, 0, s.stream>>>(s.costs.data, static_cast<int64_t>(s.n) * s.n, lows.data,
                                              highs.data, forbidden.data);
  check(cudaGetLastError(), "range kernel");
  std::vector<double> hostLows(blocks), hostHighs(blocks);
  int32_t anyForbidden = 0;
  check(
      cudaMemcpyAsync(hostLows.data(), lows.data, blocks * sizeof(double), cudaMemcpyDeviceToHost, s.stream),
      "copy");
  check(cudaMemcpyAsync(hostHighs.data(), highs.data, blocks * sizeof(double), cudaMemcpyDeviceToHost,
                        s.stream),
        "copy");
  check(cudaMemcpyAsync(&anyForbidden, forbidden.data, sizeof(int32_t), cudaMemcpyDeviceToHost, s.stream),
        "copy");
  check(cudaStreamSynchronize(s.stream), "range");
  FiniteCostRange range;
  range.min = *std::min_element(hostLows.begin(), hostLows.end());
  range.max = *std::max_element(hostHighs.begin(), hostHighs.end());
  range.anyForbidden = anyForbidden != 0;
  range.anyFinite = range.min <= range.max;
  return range;
}

template <CostType T>
void AuctionCudaKernels<T>::configure(Price scale, Price forbiddenCost) {
  state_->scale = scale;
  state_->forbiddenCost = forbiddenCost;
}

template <CostType T>
void AuctionCudaKernels<T>::startScalingPhase() {
  State& s = *state_;
  int32_t* bidders = (s.round & 1) == 0 ? s.listEven.data : s.listOdd.data;
  startPhase<<<(s.n + kBlock - 1) / kBlock, kBlock, 0, s.stream>>>(s.n, s.rowAssign.data, s.colOwner.data,
                                                                   bidders, s.counts.data, s.round);
  check(cudaGetLastError(), "start phase kernel");
  s.lastRoundKnown = false;
}

template <CostType T>
AuctionRounds AuctionCudaKernels<T>::bid(Price epsilon, int64_t maxRounds) {
  State& s = *state_;
  RoundParams<T, Price> params{s.costs.data,
                               s.n,
                               s.scale,
                               s.forbiddenCost,
                               epsilon,
                               s.prices.data,
                               s.rowAssign.data,
                               s.colOwner.data,
                               s.bidCol.data,
                               s.bidPrice.data,
                               s.colBidKey.data,
                               s.colWinnerKey.data,
                               {s.listEven.data, s.listOdd.data},
                               s.counts.data,
                               s.round,
                               maxRounds,
                               s.results.data};
  void* args[] = {&params};
  check(cudaLaunchCooperativeKernel(reinterpret_cast<void*>(auctionRounds<T, Price>), dim3(s.gridBlocks),
                                    dim3(kBlock), args, 0, s.stream),
        "auction rounds kernel");
  int64_t results[4] = {};
  check(cudaMemcpyAsync(results, s.results.data, sizeof(results), cudaMemcpyDeviceToHost, s.stream), "copy");
  check(cudaStreamSynchronize(s.stream), "auction rounds");
  s.round = static_cast<uint32_t>(results[3]);
  s.lastRoundKnown = s.lastRoundKnown || results[0] > 0;
  return {results[0], results[1], static_cast<int32_t>(results[2])};
}

template <CostType T>
std::vector<int32_t> AuctionCudaKernels<T>::rowAssignment() const {
  const State& s = *state_;
  std::vector<int32_t> out(static_cast<std::size_t>(s.n));
  check(cudaMemcpyAsync(out.data(), s.rowAssign.data, out.size() * sizeof(int32_t), cudaMemcpyDeviceToHost,
                        s.stream),
        "copy");
  check(cudaStreamSynchronize(s.stream), "copy");
  return out;
}

template <CostType T>
void AuctionCudaKernels<T>::snapshot(LapSnapshot& out, double pricesPerCostUnit) const {
  const State& s = *state_;
  const auto n = static_cast<std::size_t>(s.n);
  std::vector<Price> prices(n), bidPrice(n);
  std::vector<int32_t> bidCol(n), lastBidders;
  int32_t counts[3] = {};
  std::vector<int32_t> rowAssign(n), colOwner(n);
  auto copy = [&](void* to, const void* from, std::size_t bytes) {
    check(cudaMemcpyAsync(to, from, bytes, cudaMemcpyDeviceToHost, s.stream), "snapshot copy");
  };
  copy(rowAssign.data(), s.rowAssign.data, n * sizeof(int32_t));
  copy(colOwner.data(), s.colOwner.data, n * sizeof(int32_t));
  copy(prices.data(), s.prices.data, n * sizeof(Price));
  copy(bidPrice.data(), s.bidPrice.data, n * sizeof(Price));
  copy(bidCol.data(), s.bidCol.data, n * sizeof(int32_t));
  copy(counts, s.counts.data, sizeof(counts));
  check(cudaStreamSynchronize(s.stream), "snapshot");
  if (s.lastRoundKnown) {
    const uint32_t last =
        s.round - 1;  // the latest round read this list; its size is not reset until round + 1
    lastBidders.resize(static_cast<std::size_t>(counts[last % 3]));
    copy(lastBidders.data(), (last & 1) == 0 ? s.listEven.data : s.listOdd.data,
         lastBidders.size() * sizeof(int32_t));
    check(cudaStreamSynchronize(s.stream), "snapshot");
  }
  fillAuctionSnapshot<Price>(out, {s.n, std::move(rowAssign), std::move(colOwner), bidCol, lastBidders},
                             prices, bidPrice, pricesPerCostUnit, s.hostCosts);
}

template <CostType T>
void AuctionCudaKernels<T>::beginPhase() {
  State& s = *state_;
  s.phaseTimed = s.stream != nullptr;
  if (s.phaseTimed) check(cudaEventRecord(s.begin, s.stream), "cudaEventRecord");
}

template <CostType T>
int64_t AuctionCudaKernels<T>::endPhase() {
  State& s = *state_;
  if (!s.phaseTimed) return -1;  // the set-up step creates the stream and events after beginPhase()
  check(cudaEventRecord(s.end, s.stream), "cudaEventRecord");
  check(cudaEventSynchronize(s.end), "cudaEventSynchronize");
  float ms = 0;
  check(cudaEventElapsedTime(&ms, s.begin, s.end), "cudaEventElapsedTime");
  return static_cast<int64_t>(static_cast<double>(ms) * 1e6);
}

template class AuctionCudaKernels<int32_t>;
template class AuctionCudaKernels<int64_t>;
template class AuctionCudaKernels<float>;
template class AuctionCudaKernels<double>;

}  // namespace ms::lap
