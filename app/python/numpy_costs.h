#pragma once
// numpy arrays to the square minimisation form the solvers take, in one copy: any numeric dtype, any
// strides (C or Fortran order), rectangular either way (padded with cost-0 dummies), negated when
// maximising (-inf then marks a forbidden entry, as +inf does when minimising). Checked as scipy checks:
// NaN, and -inf when minimising or +inf when maximising, raise ValueError.

#include <pybind11/numpy.h>

#include <cstdint>
#include <variant>

#include "solver/lap/batch/batch_lap.h"
#include "solver/lap/cost_matrix.h"

namespace ms::python {

// The instance as the solvers see it, and the shape the caller gave.
template <lap::CostType T>
struct SquareForm {
  lap::CostMatrix<T> costs;  // n x n, n = max(rows, cols)
  int32_t rows = 0, cols = 0;
  bool maximize = false;
  pybind11::object borrowedFrom;  // the caller's array when `costs` reads it in place (else None)
};

using AnySquareForm =
    std::variant<SquareForm<int32_t>, SquareForm<int64_t>, SquareForm<float>, SquareForm<double>>;

template <lap::CostType T>
struct BatchForm {
  lap::BatchCosts<T> costs;  // b problems of n x n
  int32_t rows = 0, cols = 0;
  bool maximize = false;
};

using AnyBatchForm =
    std::variant<BatchForm<int32_t>, BatchForm<int64_t>, BatchForm<float>, BatchForm<double>>;

// A square, C-contiguous array of the module's page-locked memory (matchscope.empty_pinned), of the cost
// type below and minimised, is read in place: no copy at all. Every other array is copied once, over every
// core.
// The cost type follows the data: small integers solve as int32, wider ones as int64 while the exact
// 64-bit duals cannot overflow (else as float64, as scipy always does), float16/32 as float32, float64 as is.
// Throws pybind11::value_error for a wrong number of dimensions or an invalid entry.
AnySquareForm squareForm(const pybind11::object& cost, bool maximize);
AnyBatchForm batchForm(const pybind11::object& costs, bool maximize);

}  // namespace ms::python
