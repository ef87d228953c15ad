#pragma once
// Writes a rendered image as PNG (libpng), through a temporary file renamed into place.

#include <filesystem>

#include "views/render/matrix_renderer.h"

namespace ms::render {

// Throws std::runtime_error naming the path when encoding or writing fails.
void writePng(const RgbaImage& image, const std::filesystem::path& path);

}  // namespace ms::render
