#include "app/python/python_solve.h"

#include <string>
#include <vector>

#include "app/python/numpy_costs.h"
#include "solver/core/errors.h"
#include "solver/lap/lap_names.h"
#include "solver/lap/lap_solver.h"

namespace py = pybind11;

namespace ms::python {
namespace {

// The solver's own name parsers (solver/lap/lap_names.h); their std::invalid_argument reaches Python as
// ValueError. Only the exact Hungarian variants answer scipy's question.
lap::LapAlgorithm parseAlgorithm(const std::string& name) {
  const lap::LapAlgorithm algorithm = lap::parseLapAlgorithm(name);
  if (algorithm != lap::LapAlgorithm::Tree && algorithm != lap::LapAlgorithm::Classical)
    throw py::value_error("algorithm must be 'tree' or 'classical' (an exact solver), not '" + name + "'");
  return algorithm;
}

lap::Backend resolvedBackend(const std::string& name) {
  // Probes the GPU before any matrix is allocated: a usable device makes the host copies page-locked.
  return lap::resolveBackend(lap::parseBackend(name), nullptr);
}

template <class V>
py::array_t<V> toArray(const std::vector<V>& values) {
  py::array_t<V> array(static_cast<py::ssize_t>(values.size()));
  std::copy(values.begin(), values.end(), array.mutable_data());
  return array;
}

// Like scipy: the assigned (row, column) pairs of the caller's matrix in increasing row order; rows matched
// to padding columns (a tall matrix) are left out.
void realPairs(const int32_t* rowToCol, int32_t rows, int32_t cols, int64_t* rowInd, int64_t* colInd) {
  int64_t pairs = 0;
  for (int32_t i = 0; i < rows; ++i) {
    if (rowToCol[i] < 0 || rowToCol[i] >= cols) continue;
    rowInd[pairs] = i;
    colInd[pairs] = rowToCol[i];
    ++pairs;
  }
}

// Steps the solver to the end without the GIL, taking it back after each step to honour Ctrl-C.
template <lap::CostType T>
void runInterruptibly(lap::LapSolver<T>& solver) {
  py::gil_scoped_release release;
  while (!solver.done()) {
    solver.step();
    py::gil_scoped_acquire acquire;
    if (PyErr_CheckSignals() != 0) throw py::error_already_set();
  }
}

template <lap::CostType T>
SolveResult solveForm(const SquareForm<T>& form, const lap::LapOptions& options, bool certify) {
  SolveResult result;
  const int32_t pairs = std::min(form.rows, form.cols);
  py::array_t<int64_t> rowInd(pairs), colInd(pairs);
  result.rowInd = rowInd;
  result.colInd = colInd;
  result.backend = lap::backendName(options.backend);
  result.algorithm = lap::algorithmName(options.algorithm);
  if (pairs == 0) {  // scipy answers an empty matrix with empty arrays
    result.objective = py::cast(lap::DualOf<T>{0});
    result.rowDuals = py::array_t<lap::DualOf<T>>(0);
    result.colDuals = py::array_t<lap::DualOf<T>>(0);
    result.certificate.valid = true;
    result.certified = certify;
    return result;
  }
  const auto solver = lap::makeLapSolver(form.costs, options);
  try {
    runInterruptibly(*solver);
  } catch (const InfeasibleError&) {
    throw py::value_error("cost matrix is infeasible");
  }
  const lap::LapSolution<T> solution = solver->solution();
  realPairs(solution.rowToCol.data(), form.rows, form.cols, rowInd.mutable_data(), colInd.mutable_data());
  result.objective = py::cast(form.maximize ? -solution.objective : solution.objective);
  result.rowDuals = toArray(solution.rowDual);
  result.colDuals = toArray(solution.colDual);
  result.iterations = solution.iterations;
  if (certify) {
    const double tolerance = 4 * static_cast<double>(lap::zeroTolerance(form.costs));
    py::gil_scoped_release release;
    result.certificate =
        lap::checkCertificate(form.costs, solution.rowToCol, solution.rowDual, solution.colDual, tolerance);
    result.certified = true;
  }
  return result;
}

}  // namespace

SolveResult solveOne(const py::object& cost, bool maximize, const std::string& algorithm,
                     const std::string& backend, bool certify) {
  lap::LapOptions options(parseAlgorithm(algorithm), resolvedBackend(backend), 0, lap::Granularity::Search);
  const AnySquareForm form = squareForm(cost, maximize);
  return std::visit([&](const auto& typed) { return solveForm(typed, options, certify); }, form);
}

py::tuple solveBatchArray(const py::object& costs, bool maximize, const std::string& backend, int threads) {
  const lap::Backend resolved = resolvedBackend(backend);
  const AnyBatchForm form = batchForm(costs, maximize);
  return std::visit(
      [&](const auto& typed) {
        const int32_t count = typed.costs.count();
        const int32_t pairs = std::min(typed.rows, typed.cols);
        py::array_t<int64_t> rowInd({count, pairs}), colInd({count, pairs});
        if (pairs == 0) return py::make_tuple(rowInd, colInd);
        const auto solution = [&] {
          py::gil_scoped_release release;
          try {
            return lap::solveBatch(typed.costs, resolved, threads);
          } catch (const ResourceError&) {
            // "auto" asked for whatever works: problems too large for a block's shared memory go to the CPU.
            if (backend != "auto" || resolved != lap::Backend::Cuda) throw;
            return lap::solveBatch(typed.costs, lap::Backend::Cpu, threads);
          }
        }();
        for (int32_t k = 0; k < count; ++k) {
          if (!solution.feasible[static_cast<std::size_t>(k)]) {
            throw py::value_error("cost matrix is infeasible (batch problem " + std::to_string(k) + ")");
          }
          const std::size_t offset = static_cast<std::size_t>(k) * static_cast<std::size_t>(pairs);
          realPairs(
              solution.rowToCol.data() + static_cast<std::size_t>(k) * static_cast<std::size_t>(solution.n),
              typed.rows, typed.cols, rowInd.mutable_data() + offset, colInd.mutable_data() + offset);
        }
        return py::make_tuple(rowInd, colInd);
      },
      form);
}

}  // namespace ms::python
