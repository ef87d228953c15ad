#pragma once
// Checks that an assignment is optimal through its own certificate: a permutation, dual feasibility
// (u_i + v_j <= c_ij + tol for every allowed pair) and complementary slackness (equality on assigned pairs).

#include <string>
#include <vector>

#include "solver/lap/cost_matrix.h"
#include "solver/lap/matrix_slice.h"

namespace ms::lap {

struct CertificateReport {
  bool valid = false;
  std::string problem;            // first failure, one line ("" when valid)
  double worstViolation = 0;      // largest u_i + v_j - c_ij over all pairs (<= tol when valid)
  double worstAssignedSlack = 0;  // largest |c_ij - u_i - v_j| over assigned pairs
};

template <CostType T>
CertificateReport checkCertificate(const CostMatrix<T>& costs, const std::vector<int32_t>& rowToCol,
                                   const std::vector<DualOf<T>>& rowDual,
                                   const std::vector<DualOf<T>>& colDual, double tolerance);

// The same over the entries of one slice (`costs` holds its rows x columns): the permutation is checked
// whole, feasibility and slackness on the slice only. A distributed solve is certified when every rank's
// slice is.
template <CostType T>
CertificateReport checkCertificate(const CostMatrix<T>& costs, const MatrixSlice& slice,
                                   const std::vector<int32_t>& rowToCol,
                                   const std::vector<DualOf<T>>& rowDual,
                                   const std::vector<DualOf<T>>& colDual, double tolerance);

// True when rowToCol is a permutation of 0..n-1 that avoids forbidden entries; else `problem` says why.
template <CostType T>
bool isPerfectAssignment(const CostMatrix<T>& costs, const std::vector<int32_t>& rowToCol,
                         std::string* problem);

}  // namespace ms::lap
