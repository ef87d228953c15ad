// The Python module `matchscope`: scipy.optimize.linear_sum_assignment's contract over MatchScope's
// exact solvers (CPU or CUDA), a solve that returns duals and a certificate, and batches of small problems.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "app/python/pinned_arrays.h"
#include "app/python/python_solve.h"
#include "solver/core/cuda_device.h"

namespace py = pybind11;
using namespace pybind11::literals;

namespace {

constexpr const char* kModuleDoc =
    R"doc(Exact linear assignment on the CPU or a CUDA GPU, with scipy's interface.

Functions
---------
linear_sum_assignment
    Drop-in for ``scipy.optimize.linear_sum_assignment``.
solve
    The same solve, returning the objective, the duals and their certificate.
batch_linear_sum_assignment
    Many independent problems of one shape, solved together.
empty_pinned, pin_memory, is_pinned
    Arrays in page-locked host memory: solved in place, uploaded at full bus speed.
pinned_memory_stats, empty_pinned_cache
    The cache of page-locked blocks, and giving its free blocks back.
)doc";

constexpr const char* kLinearSumAssignmentDoc =
    R"doc(Solve the linear sum assignment problem, as ``scipy.optimize.linear_sum_assignment``.

Parameters
----------
cost : array_like, shape (n, m)
    Cost matrix of any numeric dtype (bool, int8..int64, uint8..uint64, float16..float64), in C or
    Fortran order, square or rectangular either way. ``inf`` marks a forbidden pair (``-inf`` when
    maximising).
maximize : bool, optional
    Maximise the total instead of minimising it. Default False.
algorithm : {'tree', 'classical'}, optional, keyword-only
    Date and Nagi's alternating-tree Hungarian (default) or the classical (Munkres) variant.
backend : {'auto', 'cpu', 'cuda', 'sequential'}, optional, keyword-only
    'auto' uses a CUDA GPU when one is usable, else OpenMP on every core.

Returns
-------
row_ind, col_ind : ndarray of int64, shape (min(n, m),)
    The assigned pairs, ``row_ind`` increasing; ``cost[row_ind, col_ind].sum()`` is optimal.

Raises
------
ValueError
    "cost matrix is infeasible" when no assignment avoids the forbidden entries; "matrix contains
    invalid numeric entries" for NaN, or ``-inf`` when minimising (``+inf`` when maximising).
KeyboardInterrupt
    Ctrl-C stops the solve at the next step boundary.

Notes
-----
The GIL is released while solving. Integer costs are solved exactly in 64-bit arithmetic; 64-bit
integers too large for exact 64-bit duals are solved as float64, as scipy does.

Examples
--------
>>> import matchscope, numpy as np
>>> matchscope.linear_sum_assignment(np.array([[4, 1, 3], [2, 0, 5], [3, 2, 2]]))
(array([0, 1, 2]), array([1, 0, 2]))
)doc";

constexpr const char* kSolveDoc =
    R"doc(Solve as `linear_sum_assignment`, and return the objective, the duals and their certificate.

Parameters
----------
cost, maximize, algorithm, backend
    As for `linear_sum_assignment`.
certify : bool, optional, keyword-only
    Check the dual certificate (default True): a permutation, ``u_i + v_j <= c_ij`` on every allowed
    pair and equality on the assigned ones, within 4e-10 of the largest ``|cost|`` for floats, exactly
    for integers.

Returns
-------
Solution
    ``row_ind``, ``col_ind`` (as `linear_sum_assignment`), ``objective`` (int for integer costs, float
    otherwise, in the caller's sense), ``row_duals`` and ``col_duals`` (of the square minimisation form
    the solver saw: padded with zero-cost dummies to ``max(n, m)``, negated when maximising),
    ``certificate`` (a `Certificate`), ``algorithm``, ``backend`` and ``iterations``.

Examples
--------
>>> s = matchscope.solve(np.array([[4, 1, 3], [2, 0, 5], [3, 2, 2]]))
>>> s.objective, s.certificate.valid
(5, True)
)doc";

constexpr const char* kBatchDoc = R"doc(Solve b independent assignment problems of one shape together.

Parameters
----------
costs : array_like, shape (b, n, m)
    The b cost matrices; dtypes, order, forbidden entries and maximisation as `linear_sum_assignment`.
maximize : bool, optional
    Maximise every problem's total. Default False.
backend : {'auto', 'cpu', 'cuda', 'sequential'}, optional, keyword-only
    'cuda': one thread block per problem, the whole batch in one upload and one launch (n up to a few
    thousand, as shared memory allows); 'cpu': one problem per OpenMP thread. 'auto' picks the GPU when
    one is usable, and the CPU for problems too large for a block's shared memory.
threads : int, optional, keyword-only
    OpenMP threads of the CPU backend; 0 (default) uses every core.

Returns
-------
row_ind, col_ind : ndarray of int64, shape (b, min(n, m))
    Row k holds problem k's assignment, as `linear_sum_assignment` would return it.

Raises
------
ValueError
    "cost matrix is infeasible (batch problem k)" naming the first infeasible problem; invalid
    entries as `linear_sum_assignment`.

Notes
-----
Each problem is solved exactly by shortest augmenting paths (Jonker-Volgenant / Crouse, scipy's
algorithm). The GIL is released; a batch is one step, so Ctrl-C is honoured when it ends.
)doc";

constexpr const char* kEmptyPinnedDoc =
    R"doc(Return a new uninitialised array in page-locked (pinned) host memory.

A square, C-contiguous array of int32, int64, float32 or float64 made here is solved in place by
`solve` and `linear_sum_assignment` (when minimising): no copy of the matrix at all, and the CUDA
backend uploads it at full bus speed. As ``cupyx.empty_pinned``.

Parameters
----------
shape : int or sequence of ints
    Shape of the array.
dtype : data-type, optional
    Anything ``numpy.dtype`` takes. Default float64.

Returns
-------
ndarray
    C-ordered, writable, uninitialised. Its memory comes from the CUDA backend's cache of page-locked
    blocks and goes back to it when the array is freed; where no CUDA device is usable it is ordinary
    (pageable) memory, still solved in place.

Examples
--------
>>> cost = matchscope.empty_pinned((1000, 1000), dtype=np.int32)
>>> cost[:] = np.random.default_rng(0).integers(0, 1000, cost.shape)
>>> row_ind, col_ind = matchscope.linear_sum_assignment(cost)
)doc";

constexpr const char* kPinMemoryDoc = R"doc(Return a copy of an array in page-locked host memory.

As ``torch.Tensor.pin_memory``: same shape and dtype, C order, from `empty_pinned`. Pin a matrix once
and solve it many times without copying it again.

Parameters
----------
array : array_like
    The data to copy.

Returns
-------
ndarray
    The pinned copy.
)doc";

constexpr const char* kIsPinnedDoc =
    R"doc(Whether an array lies in a block of `empty_pinned` (views of one included).

Parameters
----------
array : ndarray

Returns
-------
bool
)doc";

constexpr const char* kPinnedStatsDoc = R"doc(Counts of the cache of page-locked host blocks.

Freed page-locked blocks (matrices of past solves, arrays of `empty_pinned`) are kept, at most 8 blocks
and 8 GiB, and reused for later requests of between half their size and their size, so repeated solves
do not page-lock memory again (``cudaMallocHost`` of 400 MB takes as long as a solve).

Returns
-------
dict
    ``upstream_allocations`` and ``upstream_releases`` (calls of ``cudaMallocHost`` and
    ``cudaFreeHost``), ``reuses`` (requests served from the cache), ``cached_blocks``,
    ``cached_bytes``, ``live_blocks``, ``live_bytes``. All zero where no CUDA device is in use.
)doc";

constexpr const char* kEmptyPinnedCacheDoc = R"doc(Give the cached free page-locked blocks back to the system.

As ``torch.cuda.empty_cache`` or CuPy's ``PinnedMemoryPool.free_all_blocks``: blocks still in use
(live arrays) are not affected.

Returns
-------
int
    The bytes released.
)doc";

}  // namespace

PYBIND11_MODULE(matchscope, module) {
  module.doc() = kModuleDoc;

  py::class_<ms::lap::CertificateReport>(
      module, "Certificate", "Whether the duals prove the assignment optimal, and by what margin.")
      .def_readonly("valid", &ms::lap::CertificateReport::valid, "True when every condition holds.")
      .def_readonly("problem", &ms::lap::CertificateReport::problem,
                    "The first failure, one line ('' when valid).")
      .def_readonly("worst_violation", &ms::lap::CertificateReport::worstViolation,
                    "Largest u_i + v_j - c_ij over the allowed pairs.")
      .def_readonly("worst_assigned_slack", &ms::lap::CertificateReport::worstAssignedSlack,
                    "Largest |c_ij - u_i - v_j| over the assigned pairs.")
      .def("__bool__", [](const ms::lap::CertificateReport& report) { return report.valid; })
      .def("__repr__", [](const ms::lap::CertificateReport& report) {
        return std::string("Certificate(valid=") + (report.valid ? "True" : "False") +
               (report.problem.empty() ? "" : ", problem='" + report.problem + "'") + ")";
      });

  py::class_<ms::python::SolveResult>(module, "Solution", "The result of `solve`.")
      .def_readonly("row_ind", &ms::python::SolveResult::rowInd)
      .def_readonly("col_ind", &ms::python::SolveResult::colInd)
      .def_readonly("objective", &ms::python::SolveResult::objective)
      .def_readonly("row_duals", &ms::python::SolveResult::rowDuals)
      .def_readonly("col_duals", &ms::python::SolveResult::colDuals)
      .def_property_readonly("certificate",
                             [](const ms::python::SolveResult& result) -> py::object {
                               if (!result.certified) return py::none();
                               return py::cast(result.certificate);
                             })
      .def_readonly("algorithm", &ms::python::SolveResult::algorithm)
      .def_readonly("backend", &ms::python::SolveResult::backend)
      .def_readonly("iterations", &ms::python::SolveResult::iterations)
      .def("__repr__", [](const ms::python::SolveResult& result) {
        return "Solution(objective=" + py::repr(result.objective).cast<std::string>() +
               ", pairs=" + std::to_string(result.rowInd.size()) + ", algorithm='" + result.algorithm +
               "', backend='" + result.backend + "')";
      });

  module.def(
      "linear_sum_assignment",
      [](const py::object& cost, bool maximize, const std::string& algorithm, const std::string& backend) {
        const ms::python::SolveResult result =
            ms::python::solveOne(cost, maximize, algorithm, backend, false);
        return py::make_tuple(result.rowInd, result.colInd);
      },
      "cost"_a, "maximize"_a = false, py::kw_only(), "algorithm"_a = "tree", "backend"_a = "auto",
      kLinearSumAssignmentDoc);
  module.def("solve", &ms::python::solveOne, "cost"_a, "maximize"_a = false, py::kw_only(),
             "algorithm"_a = "tree", "backend"_a = "auto", "certify"_a = true, kSolveDoc);
  module.def("batch_linear_sum_assignment", &ms::python::solveBatchArray, "costs"_a, "maximize"_a = false,
             py::kw_only(), "backend"_a = "auto", "threads"_a = 0, kBatchDoc);

  module.def("empty_pinned", &ms::python::emptyPinned, "shape"_a,
             "dtype"_a = py::module_::import("numpy").attr("float64"), kEmptyPinnedDoc);
  module.def("pin_memory", &ms::python::pinMemory, "array"_a, kPinMemoryDoc);
  module.def("is_pinned", &ms::python::isPinned, "array"_a, kIsPinnedDoc);
  module.def(
      "pinned_memory_stats",
      [] {
        const ms::CachingHostAllocator::Stats stats = ms::pinnedHostCacheStats();
        return py::dict("upstream_allocations"_a = stats.upstreamAllocations,
                        "upstream_releases"_a = stats.upstreamReleases, "reuses"_a = stats.reuses,
                        "cached_blocks"_a = stats.cachedBlocks, "cached_bytes"_a = stats.cachedBytes,
                        "live_blocks"_a = stats.liveBlocks, "live_bytes"_a = stats.liveBytes);
      },
      kPinnedStatsDoc);
  module.def("empty_pinned_cache", &ms::trimPinnedHostCache, kEmptyPinnedCacheDoc);
}
