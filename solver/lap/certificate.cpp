#include "solver/lap/certificate.h"

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
  for (int32_t i = slice.rowBegin; i < slice.rowEnd; ++i) {
    const T* row = costs.row(i - slice.rowBegin);
    for (int32_t j = slice.colBegin; j < slice.colEnd; ++j) {
      const T cost = row[j - slice.colBegin];
      if (isForbidden(cost)) continue;
      const double excess = excessOf<T>(rowDual[i], colDual[j], cost);
      if (excess > report.worstViolation) report.worstViolation = excess;
      if (!(excess <= tolerance) && report.problem.empty()) {  // NaN duals fail too
        report.problem = "dual infeasible at (" + std::to_string(i) + ", " + std::to_string(j) +
                         "): u + v - c = " + std::to_string(excess);
      }
    }
    const int32_t j = rowToCol[static_cast<std::size_t>(i)];
    if (j < slice.colBegin || j >= slice.colEnd) continue;
    const T cost = row[j - slice.colBegin];
    if (isForbidden(cost)) {
      report.problem = "row " + std::to_string(i) + " uses a forbidden entry";
      return report;
    }
    const double slack = std::abs(excessOf<T>(rowDual[i], colDual[j], cost));
    if (slack > report.worstAssignedSlack) report.worstAssignedSlack = slack;
    if (!(slack <= tolerance) && report.problem.empty()) {
      report.problem = "complementary slackness fails at assigned (" + std::to_string(i) + ", " +
                       std::to_string(j) + "): slack " + std::to_string(slack);
    }
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
