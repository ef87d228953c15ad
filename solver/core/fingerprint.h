#pragma once
// A 64-bit FNV-1a digest of bytes: cheap, order-sensitive, for telling whether two processes hold the same
// data (matchscope-mpi's ranks compare their command lines and instances), not for security.

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace ms {

class Fingerprint {
 public:
  Fingerprint& add(const void* bytes, std::size_t count) {
    const auto* byte = static_cast<const unsigned char*>(bytes);
    for (std::size_t k = 0; k < count; ++k) value_ = (value_ ^ byte[k]) * 0x100000001b3ull;
    return *this;
  }
  // Text with its length, so that ("ab", "c") and ("a", "bc") differ.
  Fingerprint& add(std::string_view text) {
    const uint64_t length = text.size();
    add(&length, sizeof length);
    return add(text.data(), text.size());
  }
  uint64_t value() const { return value_; }

 private:
  uint64_t value_ = 0xcbf29ce484222325ull;
};

}  // namespace ms
