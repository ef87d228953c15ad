#include "app/python/numpy_costs.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "app/python/pinned_arrays.h"
#include "solver/lap/lap_solver.h"

namespace py = pybind11;

namespace ms::python {
namespace {

// One 2-D matrix inside a numpy array: where it starts and how far apart (in bytes) its rows and columns are.
struct Plane {
  const char* data;
  int64_t rows, cols, rowStride, colStride;
};

enum class CostKind { Int32, Int64, Float32, Float64 };

// Below this many entries a matrix is read on one thread: waking a thread team costs more than the copy
// (scipy's users solve many small matrices in loops).
constexpr int64_t kParallelEntries = int64_t{1} << 20;

// Any array_like is taken through numpy.asarray. Non-numeric arrays become float64 as scipy converts them
// (raising where numpy cannot); float16 becomes float32, a type the solvers take.
py::array numericArray(const py::object& cost) {
  const py::array array = py::module_::import("numpy").attr("asarray")(cost);
  const char kind = array.dtype().kind();
  if (kind == 'f' && array.dtype().itemsize() == 2) return array.attr("astype")("float32");
  if (kind == 'b' || kind == 'i' || kind == 'u' || kind == 'f') return array;
  return array.attr("astype")("float64");
}

// Calls fn.template operator()<Source>() with the C++ type of the array's elements.
template <class Fn>
decltype(auto) withSourceType(const py::dtype& dtype, Fn&& fn) {
  const char kind = dtype.kind();
  const auto size = dtype.itemsize();
  if (kind == 'b') return fn.template operator()<bool>();
  if (kind == 'i' && size == 1) return fn.template operator()<int8_t>();
  if (kind == 'i' && size == 2) return fn.template operator()<int16_t>();
  if (kind == 'i' && size == 4) return fn.template operator()<int32_t>();
  if (kind == 'i' && size == 8) return fn.template operator()<int64_t>();
  if (kind == 'u' && size == 1) return fn.template operator()<uint8_t>();
  if (kind == 'u' && size == 2) return fn.template operator()<uint16_t>();
  if (kind == 'u' && size == 4) return fn.template operator()<uint32_t>();
  if (kind == 'u' && size == 8) return fn.template operator()<uint64_t>();
  if (kind == 'f' && size == 4) return fn.template operator()<float>();
  if (kind == 'f' && size == 8) return fn.template operator()<double>();
  if (kind == 'f' && size == static_cast<py::ssize_t>(sizeof(long double)))
    return fn.template operator()<long double>();
  throw py::type_error("unsupported cost dtype " + py::repr(dtype).cast<std::string>());
}

template <class Source>
Source entry(const Plane& plane, int64_t i, int64_t j) {
  Source value;  // memcpy: numpy data need not be aligned
  std::memcpy(&value, plane.data + i * plane.rowStride + j * plane.colStride, sizeof value);
  return value;
}

// The largest |entry| of integer planes, over every core.
template <class Source>
uint64_t largestMagnitude(const std::vector<Plane>& planes) {
  uint64_t largest = 0;  // |INT64_MIN| = 2^63 and UINT64_MAX both fit
  for (const Plane& plane : planes) {
#pragma omp parallel for schedule(static) \
    reduction(max                         \
              : largest) if (plane.rows * plane.cols >= kParallelEntries)
    for (int64_t i = 0; i < plane.rows; ++i) {
      for (int64_t j = 0; j < plane.cols; ++j) {
        const Source value = entry<Source>(plane, i, j);
        uint64_t magnitude = static_cast<uint64_t>(value);
        if constexpr (std::is_signed_v<Source>) {
          if (value < 0) magnitude = uint64_t{0} - magnitude;
        }
        largest = std::max(largest, magnitude);
      }
    }
  }
  return largest;
}

// The solvers' cost type for these planes (see numpy_costs.h).
template <class Source>
CostKind costKind(const std::vector<Plane>& planes, int32_t n, bool maximize) {
  if constexpr (std::is_floating_point_v<Source>) {
    return std::is_same_v<Source, float> ? CostKind::Float32 : CostKind::Float64;
  } else if constexpr (sizeof(Source) <= 2) {
    return CostKind::Int32;
  } else {
    // int32 needs the scan below only when maximising: INT32_MIN alone cannot be negated.
    if (std::is_same_v<Source, int32_t> && !maximize) return CostKind::Int32;
    const uint64_t largest = [&] {
      const py::gil_scoped_release release;
      return largestMagnitude<Source>(planes);
    }();
    if (largest <= static_cast<uint64_t>(std::numeric_limits<int32_t>::max())) return CostKind::Int32;
    const uint64_t exactLimit =
        (uint64_t{1} << 62) / (static_cast<uint64_t>(n) + 1);  // lap::requireExactInt64Duals
    return largest <= exactLimit ? CostKind::Int64 : CostKind::Float64;
  }
}

// scipy refuses NaN, and the infinity of the wrong sign (it would make any total unbounded).
[[noreturn]] void refuseInvalidEntries() {
  throw py::value_error("matrix contains invalid numeric entries");
}

// Whether a row of the solvers' float type is free of NaN and of the infinity of the wrong sign; a loop
// the compiler vectorises.
template <lap::CostType T>
bool validRow(const T* row, int64_t cols, bool maximize) {
  if constexpr (std::is_floating_point_v<T>) {
    const T wrongInfinity =
        maximize ? std::numeric_limits<T>::infinity() : -std::numeric_limits<T>::infinity();
    bool invalid = false;
    for (int64_t j = 0; j < cols; ++j) invalid |= (row[j] != row[j]) | (row[j] == wrongInfinity);
    return !invalid;
  } else {
    return true;
  }
}

// Writes row i of the n x n minimisation form of `plane` at `row`: padding 0, negated when maximising.
// Returns false on an invalid entry.
template <class Source, lap::CostType T>
bool writeRow(const Plane& plane, bool maximize, int32_t n, int64_t i, T* row) {
  if (i >= plane.rows) {
    std::fill_n(row, n, T(0));
    return true;
  }
  const char* source = plane.data + i * plane.rowStride;
  if constexpr (std::is_same_v<Source, T>) {
    if (plane.colStride == static_cast<int64_t>(sizeof(T))) {
      // A contiguous row of the solvers' own type: one copy, then loops the compiler vectorises.
      std::memcpy(row, source, static_cast<std::size_t>(plane.cols) * sizeof(T));
      if (!validRow(row, plane.cols, maximize)) return false;
      if (maximize) {
        for (int64_t j = 0; j < plane.cols; ++j) row[j] = static_cast<T>(-row[j]);
      }
      std::fill(row + plane.cols, row + n, T(0));
      return true;
    }
  }
  for (int64_t j = 0; j < plane.cols; ++j) {
    const Source value = entry<Source>(plane, i, j);
    if constexpr (std::is_floating_point_v<Source>) {
      if (std::isnan(value) || (std::isinf(value) && (value < 0) != maximize)) return false;
    }
    const auto cost = static_cast<T>(value);
    row[j] = maximize ? static_cast<T>(-cost) : cost;
  }
  std::fill(row + plane.cols, row + n, T(0));
  return true;
}

// Writes the n x n minimisation forms of the planes one after another at `out`, rows spread over every
// core, without the GIL (a 400 MB matrix copies at memory bandwidth instead of one core's speed).
template <class Source, lap::CostType T>
void writeSquares(const std::vector<Plane>& planes, bool maximize, int32_t n, T* out) {
  const int64_t rows = static_cast<int64_t>(planes.size()) * n;
  bool invalid = false;
  {
    const py::gil_scoped_release release;
#pragma omp parallel for schedule(static) reduction(|| : invalid) if (rows * n >= kParallelEntries)
    for (int64_t r = 0; r < rows; ++r) {
      if (!writeRow<Source>(planes[static_cast<std::size_t>(r / n)], maximize, n, r % n, out + r * n))
        invalid = true;
    }
  }
  if (invalid) refuseInvalidEntries();
}

// The caller's own array as the solvers' matrix, when they can read it as it is: an array of the module's
// page-locked memory (pinned_arrays.h), square, C-contiguous, aligned, of the solvers' cost type in native
// byte order, minimised. Floats are still checked (every core, no copy).
template <lap::CostType T>
std::optional<SquareForm<T>> borrowedForm(const py::array& array, int32_t n, bool maximize) {
  const auto flags = py::detail::array_proxy(array.ptr())->flags;
  const bool inPlace = !maximize && array.shape(0) == array.shape(1) &&
                       array.dtype().attr("isnative").cast<bool>() &&
                       (flags & py::detail::npy_api::NPY_ARRAY_C_CONTIGUOUS_) != 0 &&
                       (flags & py::detail::npy_api::NPY_ARRAY_ALIGNED_) != 0 && isPinned(array);
  if (!inPlace) return std::nullopt;
  auto* data = static_cast<T*>(const_cast<void*>(array.data()));  // read only: the solvers take it const
  bool invalid = false;
  if constexpr (std::is_floating_point_v<T>) {
    const py::gil_scoped_release release;
#pragma omp parallel for schedule(static) reduction(|| : invalid) if (int64_t{n} * n >= kParallelEntries)
    for (int64_t i = 0; i < n; ++i) {
      if (!validRow(data + i * n, n, false)) invalid = true;
    }
  }
  if (invalid) refuseInvalidEntries();
  const auto entries = static_cast<std::size_t>(n) * static_cast<std::size_t>(n);
  return SquareForm<T>{lap::CostMatrix<T>(n, n, HostBuffer<T>::borrow(data, entries)), n, n, false, array};
}

int32_t checkedSize(py::ssize_t extent) {
  if (extent > std::numeric_limits<int32_t>::max()) throw py::value_error("cost matrix too large");
  return static_cast<int32_t>(extent);
}

std::vector<Plane> planesOf(const py::array& array) {
  const bool batched = array.ndim() == 3;
  const py::ssize_t count = batched ? array.shape(0) : 1;
  const int first = batched ? 1 : 0;
  std::vector<Plane> planes;
  for (py::ssize_t k = 0; k < count; ++k) {
    planes.push_back({static_cast<const char*>(array.data()) + (batched ? k * array.strides(0) : 0),
                      array.shape(first), array.shape(first + 1), array.strides(first),
                      array.strides(first + 1)});
  }
  return planes;
}

// Builds Form<T> for the chosen cost type through `make.template operator()<T, Source>()`.
template <class Any, class Make>
Any build(const py::array& array, const std::vector<Plane>& planes, int32_t n, bool maximize, Make&& make) {
  return withSourceType(array.dtype(), [&]<class Source>() -> Any {
    const CostKind kind = costKind<Source>(planes, n, maximize);
    if constexpr (!std::is_floating_point_v<Source>) {
      if (kind == CostKind::Int32) return make.template operator()<int32_t, Source>();
      if (kind == CostKind::Int64) return make.template operator()<int64_t, Source>();
    } else {
      if (kind == CostKind::Float32) return make.template operator()<float, Source>();
    }
    return make.template operator()<double, Source>();
  });
}

}  // namespace

AnySquareForm squareForm(const py::object& cost, bool maximize) {
  const py::array array = numericArray(cost);
  if (array.ndim() != 2) {
    throw py::value_error("expected a matrix (2-D array), got a " + std::to_string(array.ndim()) + " array");
  }
  const int32_t rows = checkedSize(array.shape(0)), cols = checkedSize(array.shape(1));
  const int32_t n = std::max(rows, cols);
  const std::vector<Plane> planes = planesOf(array);
  return build<AnySquareForm>(array, planes, n, maximize,
                              [&]<lap::CostType T, class Source>() -> AnySquareForm {
                                if constexpr (std::is_same_v<T, Source>) {
                                  if (auto borrowed = borrowedForm<T>(array, n, maximize))
                                    return std::move(*borrowed);
                                }
                                SquareForm<T> form{lap::CostMatrix<T>(n, n), rows, cols, maximize, {}};
                                writeSquares<Source>(planes, maximize, n, form.costs.data());
                                return form;
                              });
}

AnyBatchForm batchForm(const py::object& costs, bool maximize) {
  const py::array array = numericArray(costs);
  if (array.ndim() != 3) {
    throw py::value_error("expected a batch of matrices (3-D array), got a " + std::to_string(array.ndim()) +
                          "-D array");
  }
  const int32_t count = checkedSize(array.shape(0));
  const int32_t rows = checkedSize(array.shape(1)), cols = checkedSize(array.shape(2));
  const int32_t n = std::max(rows, cols);
  // The problems are stacked into one matrix of count x n rows.
  if (int64_t{count} * n > std::numeric_limits<int32_t>::max()) {
    throw py::value_error("batch too large: problems x rows must stay below 2^31");
  }
  const std::vector<Plane> planes = planesOf(array);
  return build<AnyBatchForm>(array, planes, n, maximize,
                             [&]<lap::CostType T, class Source>() -> AnyBatchForm {
                               BatchForm<T> form{lap::BatchCosts<T>(count, n), rows, cols, maximize};
                               if (count != 0)
                                 writeSquares<Source>(planes, maximize, n, form.costs.problem(0));
                               return form;
                             });
}

}  // namespace ms::python
