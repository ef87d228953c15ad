#include "solver/lap/certificate.h"

#include <algorithm>
#include <cmath>
#include <type_traits>

namespace ms::lap {

namespace {

// u + v - c and c - u - v are evaluated in a wider type than the duals (128-bit integers, x87 long double):
// duals near the int64 limits would wrap in int64 and could then pass as a small violation.
__extension__ typedef __int128 Int128;  // __extension__: a GNU type, fine under -Wpedantic

template <CostType T>
using WideDual = std::conditional_t<std::is_integral_v<T>, Int128, long double>;

template <CostType T>
double excessOf(DualOf<T> rowDual, DualOf<T> colDual, T cost) {
  using Wide = WideDual<T>;
  return static_cast<double>(static_cast<Wide>(rowDual) + static_cast<Wide>(colDual) -
                             static_cast<Wide>(cost));
}

// Why rowToCol is not a permutation of 0..n-1 ("" when it is).
std::string permutationProblem(const std::vector<int32_t>& rowToCol, int32_t n) {
  if (static_cast<int32_t>(rowToCol.size()) != n) return "assignment has the wrong length";
  std::vector<char> used(static_cast<std::size_t>(n), 0);
  for (int32_t i = 0; i < n; ++i) {
    const int32_t j = rowToCol[static_cast<std::size_t>(i)];
    if (j < 0 || j >= n) return "row " + std::to_string(i) + " is unassigned";
    if (used[static_cast<std::size_t>(j)]) return "column " + std::to_string(j) + " is assigned twice";
    used[static_cast<std::size_t>(j)] = 1;
  }
  return "";
}

}  // namespace

template <CostType T>
bool isPerfectAssignment(const CostMatrix<T>& costs, const std::vector<int32_t>& rowToCol,
                         std::string* problem) {
  std::string why = permutationProblem(rowToCol, costs.rows());
  for (int32_t i = 0; why.empty() && i < costs.rows(); ++i) {
    if (isForbidden(costs(i, rowToCol[static_cast<std::size_t>(i)])))
      why = "row " + std::to_string(i) + " uses a forbidden entry";
  }
  if (problem != nullptr) *problem = why;
  return why.empty();
}

// What one row of the certificate check found; rows are checked on all OpenMP threads and combined in row
// order, so the report names the same first problem as a sequential check.
struct RowCheck {
  double worstViolation = 0;
  double worstAssignedSlack = 0;
  std::string problem;         // the row's first failure ("" when none)
  bool usesForbidden = false;  // its assigned entry is forbidden: the check stops there
};

template <CostType T>
RowCheck checkRow(const T* row, int32_t i, const MatrixSlice& slice, const std::vector<int32_t>& rowToCol,
                  const std::vector<DualOf<T>>& rowDual, const std::vector<DualOf<T>>& colDual,
                  double tolerance) {
  RowCheck check;
  for (int32_t j = slice.colBegin; j < slice.colEnd; ++j) {
    const T cost = row[j - slice.colBegin];
    if (isForbidden(cost)) continue;
    const double excess = excessOf<T>(rowDual[i], colDual[j], cost);
    if (excess > check.worstViolation) check.worstViolation = excess;
    if (!(excess <= tolerance) && check.problem.empty()) {  // NaN duals fail too
      check.problem = "dual infeasible at (" + std::to_string(i) + ", " + std::to_string(j) +
                      "): u + v - c = " + std::to_string(excess);
    }
  }
  const int32_t j = rowToCol[static_cast<std::size_t>(i)];
  if (j < slice.colBegin || j >= slice.colEnd) return check;
  const T cost = row[j - slice.colBegin];
  if (isForbidden(cost)) {
    check.problem = "row " + std::to_string(i) + " uses a forbidden entry";
    check.usesForbidden = true;
    return check;
  }
  check.worstAssignedSlack = std::abs(excessOf<T>(rowDual[i], colDual[j], cost));
  if (!(check.worstAssignedSlack <= tolerance) && check.problem.empty()) {
    check.problem = "complementary slackness fails at assigned (" + std::to_string(i) + ", " +
                    std::to_string(j) + "): slack " + std::to_string(check.worstAssignedSlack);
  }
  return check;
}

template <CostType T>
CertificateReport checkCertificate(const CostMatrix<T>& costs, const MatrixSlice& slice,
                                   const std::vector<int32_t>& rowToCol,
                                   const std::vector<DualOf<T>>& rowDual,
                                   const std::vector<DualOf<T>>& colDual, double tolerance) {
  CertificateReport report;
  const int32_t n = slice.n;
  report.problem = permutationProblem(rowToCol, n);
  if (!report.problem.empty()) return report;
  if (static_cast<int32_t>(rowDual.size()) != n || static_cast<int32_t>(colDual.size()) != n) {
    report.problem = "duals missing";
    return report;
  }
  std::vector<RowCheck> rows(static_cast<std::size_t>(slice.rows()));
#pragma omp parallel for schedule(static)
  for (int32_t i = slice.rowBegin; i < slice.rowEnd; ++i) {
    rows[static_cast<std::size_t>(i - slice.rowBegin)] =
        checkRow<T>(costs.row(i - slice.rowBegin), i, slice, rowToCol, rowDual, colDual, tolerance);
  }
  for (const RowCheck& row : rows) {
    report.worstViolation = std::max(report.worstViolation, row.worstViolation);
    report.worstAssignedSlack = std::max(report.worstAssignedSlack, row.worstAssignedSlack);
    if (row.usesForbidden) {
      report.problem = row.problem;
      return report;
    }
    if (report.problem.empty()) report.problem = row.problem;
  }
  report.valid = report.problem.empty();
  return report;
}

template <CostType T>
CertificateReport checkCertificate(const CostMatrix<T>& costs, const std::vector<int32_t>& rowToCol,
                                   const std::vector<DualOf<T>>& rowDual,
                                   const std::vector<DualOf<T>>& colDual, double tolerance) {
  return checkCertificate(costs, MatrixSlice::whole(costs.rows()), rowToCol, rowDual, colDual, tolerance);
}

#define MS_INSTANTIATE(T)                                                                                   \
  template bool isPerfectAssignment(const CostMatrix<T>&, const std::vector<int32_t>&, std::string*);       \
  template CertificateReport checkCertificate(const CostMatrix<T>&, const std::vector<int32_t>&,            \
                                              const std::vector<DualOf<T>>&, const std::vector<DualOf<T>>&, \
                                              double);                                                      \
  template CertificateReport checkCertificate(const CostMatrix<T>&, const MatrixSlice&,                     \
                                              const std::vector<int32_t>&, const std::vector<DualOf<T>>&,   \
                                              const std::vector<DualOf<T>>&, double);
MS_INSTANTIATE(int32_t)
MS_INSTANTIATE(int64_t)
MS_INSTANTIATE(float)
MS_INSTANTIATE(double)
#undef MS_INSTANTIATE

}  // namespace ms::lap
