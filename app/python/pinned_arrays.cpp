#include "app/python/pinned_arrays.h"

#include <string>
#include <vector>

#include "solver/core/cuda_device.h"
#include "solver/core/host_buffer.h"

namespace py = pybind11;

namespace ms::python {
namespace {

// The capsule an array from emptyPinned has as its base: the block, and how to give it back.
constexpr const char* kCapsuleName = "matchscope.pinned_block";

struct PinnedBlock {
  void* data;
  std::size_t bytes;
  void (*release)(void*);
};

void releaseBlock(PyObject* capsule) {
  auto* block = static_cast<PinnedBlock*>(PyCapsule_GetPointer(capsule, kCapsuleName));
  block->release(block->data);
  delete block;
}

std::vector<py::ssize_t> shapeOf(const py::object& shape) {
  std::vector<py::ssize_t> extents;
  if (py::isinstance<py::int_>(shape)) {
    extents.push_back(shape.cast<py::ssize_t>());
  } else {
    for (const py::handle extent : shape) extents.push_back(extent.cast<py::ssize_t>());
  }
  for (const py::ssize_t extent : extents) {
    if (extent < 0) throw py::value_error("negative dimensions are not allowed");
  }
  return extents;
}

}  // namespace

py::array emptyPinned(const py::object& shape, const py::object& dtype) {
  cudaDevice();  // probes the GPU once: a usable one installs the page-locked allocator
  const py::dtype type = py::dtype::from_args(dtype);
  const std::vector<py::ssize_t> extents = shapeOf(shape);
  std::size_t bytes = static_cast<std::size_t>(type.itemsize());
  for (const py::ssize_t extent : extents) bytes *= static_cast<std::size_t>(extent);
  auto* block = new PinnedBlock{nullptr, bytes, nullptr};
  try {
    block->data = allocateHostBytes(bytes == 0 ? 1 : bytes, &block->release);
  } catch (...) {
    delete block;
    throw;
  }
  const py::capsule owner(block, kCapsuleName, &releaseBlock);
  return py::array(type, extents, {}, block->data, owner);
}

py::array pinMemory(const py::object& array) {
  const py::module_ numpy = py::module_::import("numpy");
  const py::array source = numpy.attr("asarray")(array);
  py::array pinned = emptyPinned(py::tuple(source.attr("shape")), source.attr("dtype"));
  numpy.attr("copyto")(pinned, source);
  return pinned;
}

bool isPinned(const py::array& array) {
  py::object base = array.attr("base");
  while (!base.is_none() && !PyCapsule_CheckExact(base.ptr())) base = py::getattr(base, "base", py::none());
  if (base.is_none() || !PyCapsule_IsValid(base.ptr(), kCapsuleName)) return false;
  const auto* block = static_cast<const PinnedBlock*>(PyCapsule_GetPointer(base.ptr(), kCapsuleName));
  const auto* start = static_cast<const char*>(block->data);
  const auto* data = static_cast<const char*>(array.data());
  const auto bytes = static_cast<std::size_t>(array.nbytes());
  return data >= start && data + bytes <= start + block->bytes;
}

}  // namespace ms::python
