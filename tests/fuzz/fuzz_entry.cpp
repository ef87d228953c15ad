#include <cstddef>
#include <cstdint>
#include <string>

#include "solver/core/errors.h"
#include "tests/fuzz/fuzz_entry.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
  ms::InputSource source =
      ms::InputSource::fromBytes(std::string(reinterpret_cast<const char*>(data), size), "fuzz");
  try {
    fuzzInput(source);
  } catch (const ms::InputError&) {
  } catch (const ms::ResourceError&) {
  }
  return 0;
}
