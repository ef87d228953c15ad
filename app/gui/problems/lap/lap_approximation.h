#pragma once
// What the studio needs to know about the LAP approximations (random, greedy, auction): which algorithms
// they are, what each step did in words, and the optimum their cost is compared with.

#include <QString>
#include <span>
#include <string_view>

#include "solver/core/step_record.h"
#include "solver/lap/lap_solver.h"

namespace ms::studio {

bool isApproximation(lap::LapAlgorithm algorithm);

// One line on what an approximation's step did, from its phase and the counters named `counterNames`.
QString explainApproximationStep(const StepRecord& record, std::span<const std::string_view> counterNames);

// The optimal objective of `costs` (square, minimisation form), by the Hungarian tree solver on the CPU.
// Throws ms::InfeasibleError when no assignment avoids the forbidden entries.
double hungarianOptimum(const lap::AnyCostMatrix& costs);

}  // namespace ms::studio
