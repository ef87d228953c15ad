#pragma once
// numpy arrays in page-locked host memory that the module allocates (through the CUDA backend's caching
// allocator, solver/core/caching_host_allocator.h; ordinary aligned memory where no GPU is usable), as
// cupyx.empty_pinned and torch.Tensor.pin_memory give: such an array, C-contiguous, square and of a solver
// cost type, is solved in place (numpy_costs.h), and uploads at full bus speed.

#include <pybind11/numpy.h>

namespace ms::python {

// An uninitialised C-ordered array of `shape` (an int or a sequence of ints) and `dtype` (anything
// numpy.dtype takes), owning a block of the module's host allocator.
pybind11::array emptyPinned(const pybind11::object& shape, const pybind11::object& dtype);
// A copy of numpy.asarray(array) (same shape and dtype, C order) in such a block.
pybind11::array pinMemory(const pybind11::object& array);
// Whether all of the array's data lies inside one block emptyPinned allocated (views of it included).
bool isPinned(const pybind11::array& array);

}  // namespace ms::python
