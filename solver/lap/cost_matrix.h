#pragma once
// Dense LAP cost matrices. Costs are int32, int64, float or double; +inf (floating types only) marks a
// forbidden pair. Storage is a HostBuffer, so matrices are page-locked when a CUDA device is in use.

#include <Eigen/Core>
#include <cstdint>
#include <variant>

#include "solver/core/host_buffer.h"
#include "solver/lap/cost_range.h"
#include "solver/lap/cost_types.h"

namespace ms::lap {

template <CostType T>
class CostMatrix {
 public:
  using value_type = T;
  using EigenMatrix = Eigen::Matrix<T, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

  CostMatrix() = default;
  // Entries are left uninitialised: every producer writes them all.
  CostMatrix(int32_t rows, int32_t cols)
      : rows_(rows), cols_(cols), data_(static_cast<std::size_t>(rows) * static_cast<std::size_t>(cols)) {}
  // A matrix over rows x cols entries held elsewhere (HostBuffer::borrow), read in place.
  CostMatrix(int32_t rows, int32_t cols, HostBuffer<T> storage)
      : rows_(rows), cols_(cols), data_(std::move(storage)) {}

  int32_t rows() const { return rows_; }
  int32_t cols() const { return cols_; }
  bool isSquare() const { return rows_ == cols_; }
  int64_t size() const { return static_cast<int64_t>(rows_) * cols_; }

  T* data() { return data_.data(); }
  const T* data() const { return data_.data(); }
  T* row(int32_t r) { return data_.data() + static_cast<std::size_t>(r) * cols_; }
  const T* row(int32_t r) const { return data_.data() + static_cast<std::size_t>(r) * cols_; }
  T& operator()(int32_t r, int32_t c) { return row(r)[c]; }
  const T& operator()(int32_t r, int32_t c) const { return row(r)[c]; }

  // Eigen view for host-side whole-matrix arithmetic (certificates, transforms).
  Eigen::Map<EigenMatrix> eigen() { return {data(), rows_, cols_}; }
  Eigen::Map<const EigenMatrix> eigen() const { return {data(), rows_, cols_}; }

 private:
  int32_t rows_ = 0;
  int32_t cols_ = 0;
  HostBuffer<T> data_;
};

// An instance of any cost type, as read from a file or generated.
using AnyCostMatrix =
    std::variant<CostMatrix<int32_t>, CostMatrix<int64_t>, CostMatrix<float>, CostMatrix<double>>;

// Largest |cost| over the finite entries (0 for an empty or all-forbidden matrix).
template <CostType T>
DualOf<T> maxAbsFiniteCost(const CostMatrix<T>& costs) {
  DualOf<T> largest = 0;
  const T* data = costs.data();
  for (int64_t k = 0; k < costs.size(); ++k) {
    if (isForbidden(data[k])) continue;
    // The most negative int64 has no negation: it saturates to the largest int64, which every range
    // check then refuses, instead of wrapping to itself and passing as a small magnitude.
    const DualOf<T> magnitude = data[k] >= 0 ? data[k]
                                : data[k] == std::numeric_limits<DualOf<T>>::lowest()
                                    ? kDualInfinity<DualOf<T>>
                                    : -static_cast<DualOf<T>>(data[k]);
    if (magnitude > largest) largest = magnitude;
  }
  return largest;
}

template <CostType T>
DualOf<T> zeroTolerance(const CostMatrix<T>& costs) {
  if constexpr (std::is_integral_v<T>) {
    return 0;
  } else {
    return kRelativeZeroTolerance * maxAbsFiniteCost(costs);
  }
}

// zeroTolerance() for a Hungarian kernel set, which also refuses floating costs whose sums could overflow
// (requireFiniteDualSums) from the same pass over the matrix.
template <CostType T>
DualOf<T> rangeCheckedZeroTolerance(const CostMatrix<T>& costs) {
  if constexpr (std::is_integral_v<T>) {
    return 0;
  } else {
    const DualOf<T> largest = maxAbsFiniteCost(costs);
    requireFiniteDualSums(largest, costs.rows());
    return kRelativeZeroTolerance * largest;
  }
}

}  // namespace ms::lap
