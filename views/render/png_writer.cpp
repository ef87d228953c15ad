#include "views/render/png_writer.h"

#include <png.h>

#include <ostream>
#include <stdexcept>
#include <string>
#include <vector>

#include "solver/core/atomic_file.h"

namespace ms::render {

void writePng(const RgbaImage& image, const std::filesystem::path& path) {
  if (image.width <= 0 || image.height <= 0 ||
      image.pixels.size() !=
          static_cast<std::size_t>(image.width) * static_cast<std::size_t>(image.height) * 4) {
    throw std::runtime_error(path.string() + ": no image to write");
  }
  // libpng's simplified API: no setjmp, errors come back in `message`.
  png_image png{};
  png.version = PNG_IMAGE_VERSION;
  png.width = static_cast<png_uint_32>(image.width);
  png.height = static_cast<png_uint_32>(image.height);
  png.format = PNG_FORMAT_RGBA;
  png_alloc_size_t bytes = 0;
  const png_int_32 stride = image.width * 4;
  if (!png_image_write_to_memory(&png, nullptr, &bytes, 0, image.pixels.data(), stride, nullptr)) {
    throw std::runtime_error(path.string() + ": PNG encoding failed: " + png.message);
  }
  std::vector<char> encoded(bytes);
  if (!png_image_write_to_memory(&png, encoded.data(), &bytes, 0, image.pixels.data(), stride, nullptr)) {
    throw std::runtime_error(path.string() + ": PNG encoding failed: " + png.message);
  }
  writeFileAtomically(
      path, [&](std::ostream& out) { out.write(encoded.data(), static_cast<std::streamsize>(bytes)); });
}

}  // namespace ms::render
