#pragma once
// The module's solves: numpy in, the solvers run with the GIL released, numpy out. A single solve can be
// interrupted (Ctrl-C) between steps: after each step the GIL is taken back briefly to run Python's
// signal handlers.

#include <pybind11/numpy.h>

#include <string>

#include "solver/lap/certificate.h"

namespace ms::python {

struct SolveResult {
  pybind11::array rowInd, colInd;  // as scipy.optimize.linear_sum_assignment
  pybind11::object objective;      // int for integer costs, float otherwise; in the caller's sense
  // Duals of the square minimisation form the solver saw (padded with 0, negated when maximising).
  pybind11::array rowDuals, colDuals;
  lap::CertificateReport certificate;  // checked only when asked for
  bool certified = false;
  std::string algorithm, backend;
  int iterations = 0;
};

// algorithm: tree or classical; backend: auto, cpu, cuda or sequential. Raises ValueError("cost matrix is
// infeasible") when no assignment avoids the forbidden entries.
SolveResult solveOne(const pybind11::object& cost, bool maximize, const std::string& algorithm,
                     const std::string& backend, bool certify);

// (row_ind, col_ind), each of shape (b, min(n, m)), for a (b, n, m) array.
pybind11::tuple solveBatchArray(const pybind11::object& costs, bool maximize, const std::string& backend,
                                int threads);

}  // namespace ms::python
