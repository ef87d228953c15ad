#pragma once
// Colour-vision deficiency simulation (Machado, Oliveira and Fernandes 2009, severity 1.0, applied in linear
// sRGB) and the CIE76 colour difference in CIELAB (D65), for tests that colours stay apart for everyone.

#include <QColor>
#include <array>
#include <cmath>
#include <string_view>

namespace ms::test {

struct Vision {
  std::string_view name;
  std::array<std::array<double, 3>, 3> matrix;
};

inline constexpr std::array<Vision, 4> kVisions = {{
    {"normal", {{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}}},
    {"protanopia",
     {{{0.152286, 1.052583, -0.204868}, {0.114503, 0.786281, 0.099216}, {-0.003882, -0.048116, 1.051998}}}},
    {"deuteranopia",
     {{{0.367322, 0.860646, -0.227968}, {0.280085, 0.672501, 0.047413}, {-0.011820, 0.042940, 0.968881}}}},
    {"tritanopia",
     {{{1.255528, -0.076749, -0.178779}, {-0.078411, 0.930809, 0.147602}, {0.004733, 0.691367, 0.303900}}}},
}};

inline double toLinear(double c) {
  return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
}

// CIELAB of an sRGB colour as seen with `vision`.
inline std::array<double, 3> labSeen(QColor color, const Vision& vision) {
  const std::array<double, 3> rgb{toLinear(color.redF()), toLinear(color.greenF()), toLinear(color.blueF())};
  std::array<double, 3> seen{};
  for (int i = 0; i < 3; ++i) {
    for (int k = 0; k < 3; ++k)
      seen[std::size_t(i)] += vision.matrix[std::size_t(i)][std::size_t(k)] * rgb[std::size_t(k)];
    seen[std::size_t(i)] = std::clamp(seen[std::size_t(i)], 0.0, 1.0);
  }
  const double x = (0.4124 * seen[0] + 0.3576 * seen[1] + 0.1805 * seen[2]) / 0.95047;
  const double y = 0.2126 * seen[0] + 0.7152 * seen[1] + 0.0722 * seen[2];
  const double z = (0.0193 * seen[0] + 0.1192 * seen[1] + 0.9505 * seen[2]) / 1.08883;
  const auto f = [](double t) { return t > 0.008856 ? std::cbrt(t) : 7.787 * t + 16.0 / 116.0; };
  return {116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))};
}

inline double differenceSeen(QColor a, QColor b, const Vision& vision) {
  const auto p = labSeen(a, vision), q = labSeen(b, vision);
  return std::hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2]);
}

}  // namespace ms::test
