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

template <std::integral T>
std::string formatNumber(T value) {
  return std::to_string(value);
}

}  // namespace ms
