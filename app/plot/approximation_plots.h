#pragma once
// The two figures of the approximation experiment (greedy-lap-approximation.txt, Figures 1 and 2).

#include <QString>

namespace ms::plot {

// From the summary CSV of `bench --preset approximation` (and its -fit.csv beside it), writes
// approximation-factor.png (factor against n with the theory curves, log-log) and approximation-time.png
// (median time against n, log-log, the fitted exponents in the legend) into `directory`.
void plotApproximation(const QString& summaryCsv, const QString& directory);

}  // namespace ms::plot
