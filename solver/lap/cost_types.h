#pragma once
// The cost types of LAP instances and their dual types. Kept free of Eigen so that CUDA sources can use them.

#include <concepts>
#include <cstdint>
#include <limits>
#include <string_view>
#include <type_traits>

namespace ms::lap {

template <class T>
concept CostType =
    std::same_as<T, int32_t> || std::same_as<T, int64_t> || std::same_as<T, float> || std::same_as<T, double>;

// Duals and objective sums: 64-bit integers for integer costs (solved exactly), double for floating costs.
template <CostType T>
using DualOf = std::conditional_t<std::is_integral_v<T>, int64_t, double>;

template <CostType T>
constexpr std::string_view costTypeName() {
  if constexpr (std::same_as<T, int32_t>) return "int32";
  if constexpr (std::same_as<T, int64_t>) return "int64";
  if constexpr (std::same_as<T, float>) return "float32";
  if constexpr (std::same_as<T, double>) return "float64";
}

template <CostType T>
constexpr bool isForbidden(T cost) {
  if constexpr (std::is_floating_point_v<T>) return cost == std::numeric_limits<T>::infinity();
  return false;
}

// +infinity of a dual type: the largest int64 for integer costs, +inf for floating costs.
template <class Dual>
inline constexpr Dual kDualInfinity = std::is_integral_v<Dual> ? std::numeric_limits<Dual>::max()
                                                               : std::numeric_limits<Dual>::infinity();

// Slack at or below this counts as zero. Integer costs are exact (0). Floating costs: duals are kept in
// double and drift by rounding over many updates, so a slack within 1e-10 of the largest |cost| is zero;
// the objective is then optimal to within n times that. (zeroTolerance() in cost_matrix.h applies it.)
inline constexpr double kRelativeZeroTolerance = 1e-10;

}  // namespace ms::lap
