#pragma once
// Every reader takes its bytes from an InputSource, so that no input can hang a tool or fool it:
//   - a path is opened only when it names a regular file (after following symbolic links); a directory,
//     device, FIFO or socket is an InputError ("<path>: is a directory") and is never opened, so
//     /dev/zero or a FIFO without a writer cannot block or feed a reader forever;
//   - "-" reads standard input, at most a size limit of bytes, then parses it from memory;
//   - the fuzz targets and tests hand bytes in directly.
// Text readers call skipUtf8ByteOrderMark() first: spreadsheet exports begin with one.

#include <cstdint>
#include <filesystem>
#include <istream>
#include <memory>
#include <string>

namespace ms {

// What "-" may hold at most (a text matrix of about 10^4 x 10^4 values).
inline constexpr std::uintmax_t kStandardInputLimit = std::uintmax_t{1} << 30;

class InputSource {
 public:
  // Throws InputError naming the path (or "<stdin>") when it is not a readable regular file or "-", or
  // when standard input holds more than `standardInputLimit` bytes.
  static InputSource open(const std::filesystem::path& path,
                          std::uintmax_t standardInputLimit = kStandardInputLimit);
  static InputSource fromBytes(std::string bytes, std::string name);

  std::istream& stream() { return *stream_; }
  std::uintmax_t size() const { return size_; }      // bytes in the whole input
  const std::string& name() const { return name_; }  // for messages: the path, or "<stdin>"

  // Reads everything left; throws InputError when the input is larger than `limit` bytes.
  std::string readAll(std::uintmax_t limit);

 private:
  InputSource(std::unique_ptr<std::istream> stream, std::uintmax_t size, std::string name)
      : stream_(std::move(stream)), size_(size), name_(std::move(name)) {}
  std::unique_ptr<std::istream> stream_;
  std::uintmax_t size_ = 0;
  std::string name_;
};

bool isStandardStream(const std::filesystem::path& path);  // "-"

// Everything left in `in`, in one read where the stream can seek (the readers parse from memory).
std::string readRest(std::istream& in);

// Consumes a leading UTF-8 byte-order mark (EF BB BF), if there is one.
void skipUtf8ByteOrderMark(std::istream& in);

}  // namespace ms
