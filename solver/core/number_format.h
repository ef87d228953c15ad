#pragma once
// Shortest decimal text that reads back to the same value (integers without a decimal point).

#include <charconv>
#include <cmath>
#include <concepts>
#include <cstdint>
#include <string>

namespace ms {

inline std::string formatNumber(double value) {
  if (std::isinf(value)) return value > 0 ? "inf" : "-inf";
  char buffer[32];
  auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, value);
  (void)ec;  // 32 bytes always hold the shortest round-trip form of a double
  return std::string(buffer, end);
}

// Shortest text that reads back to the same float ("0.1", not the double expansion of 0.1f).
inline std::string formatNumber(float value) {
  if (std::isinf(value)) return value > 0 ? "inf" : "-inf";
  char buffer[24];
  auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, value);
  (void)ec;  // 24 bytes always hold the shortest round-trip form of a float
  return std::string(buffer, end);
}

// As a person reads it: whole numbers in full, fractions to 6 significant digits ("0.333333", not
// "0.3333333333333333").
inline std::string formatReadable(double value) {
  constexpr double kExactIntegers = 1e15;  // doubles hold every integer below this
  if (!std::isfinite(value) || (std::floor(value) == value && std::abs(value) < kExactIntegers))
    return formatNumber(value);
  char buffer[32];
  auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::general, 6);
  (void)ec;  // 32 bytes hold any double to 6 significant digits
  return std::string(buffer, end);
}

template <std::integral T>
std::string formatNumber(T value) {
  return std::to_string(value);
}

}  // namespace ms
