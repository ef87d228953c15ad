#include "solver/lap/certificate.h"

#include <cmath>

namespace ms::lap {

template <CostType T>
bool isPerfectAssignment(const CostMatrix<T>& costs, const std::vector<int32_t>& rowToCol, std::string* problem) {
  const int32_t n = costs.rows();
  auto fail = [&](const std::string& why) {
    if (problem != nullptr) *problem = why;
    return false;
  };
  if (static_cast<int32_t>(rowToCol.size()) != n) return fail("assignment has the wrong length");
  std::vector<char> used(static_cast<std::size_t>(n), 0);
  for (int32_t i = 0; i < n; ++i) {
    const int32_t j = rowToCol[static_cast<std::size_t>(i)];
    if (j < 0 || j >= n) return fail("row " + std::to_string(i) + " is unassigned");
    if (used[static_cast<std::size_t>(j)]) return fail("column " + std::to_string(j) + " is assigned twice");
    used[static_cast<std::size_t>(j)] = 1;
    if (isForbidden(costs(i, j))) return fail("row " + std::to_string(i) + " uses a forbidden entry");
  }
  return true;
}

template <CostType T>
CertificateReport checkCertificate(const CostMatrix<T>& costs, const std::vector<int32_t>& rowToCol,
                                   const std::vector<DualOf<T>>& rowDual, const std::vector<DualOf<T>>& colDual,
                                   double tolerance) {
  CertificateReport report;
  const int32_t n = costs.rows();
  if (!isPerfectAssignment(costs, rowToCol, &report.problem)) return report;
  if (static_cast<int32_t>(rowDual.size()) != n || static_cast<int32_t>(colDual.size()) != n) {
    report.problem = "duals missing";
    return report;
  }
  for (int32_t i = 0; i < n; ++i) {
    for (int32_t j = 0; j < n; ++j) {
      if (isForbidden(costs(i, j))) continue;
      const double excess = static_cast<double>(rowDual[i] + colDual[j] - static_cast<DualOf<T>>(costs(i, j)));
      if (excess > report.worstViolation) report.worstViolation = excess;
      if (excess > tolerance && report.problem.empty()) {
        report.problem = "dual infeasible at (" + std::to_string(i) + ", " + std::to_string(j) + "): u + v - c = " +
                         std::to_string(excess);
      }
    }
    const int32_t j = rowToCol[static_cast<std::size_t>(i)];
    const double slack =
        std::abs(static_cast<double>(static_cast<DualOf<T>>(costs(i, j)) - rowDual[i] - colDual[j]));
    if (slack > report.worstAssignedSlack) report.worstAssignedSlack = slack;
    if (slack > tolerance && report.problem.empty()) {
      report.problem = "complementary slackness fails at assigned (" + std::to_string(i) + ", " +
                       std::to_string(j) + "): slack " + std::to_string(slack);
    }
  }
  report.valid = report.problem.empty();
  return report;
}

#define MS_INSTANTIATE(T)                                                                                  \
  template bool isPerfectAssignment(const CostMatrix<T>&, const std::vector<int32_t>&, std::string*);     \
  template CertificateReport checkCertificate(const CostMatrix<T>&, const std::vector<int32_t>&,          \
                                              const std::vector<DualOf<T>>&, const std::vector<DualOf<T>>&, \
                                              double);
MS_INSTANTIATE(int32_t)
MS_INSTANTIATE(int64_t)
MS_INSTANTIATE(float)
MS_INSTANTIATE(double)
#undef MS_INSTANTIATE

}  // namespace ms::lap
