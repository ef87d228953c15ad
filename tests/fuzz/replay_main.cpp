// Runs a fuzz target's entry point once on every file of the given folders (its seed corpus and the inputs
// that once crashed it), so the ordinary and sanitizer builds check them without libFuzzer.
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size);

int main(int argc, char** argv) {
  int inputs = 0;
  for (int k = 1; k < argc; ++k) {
    if (!std::filesystem::is_directory(argv[k])) {
      std::fprintf(stderr, "%s: not a folder of inputs\n", argv[k]);
      return 1;
    }
    for (const auto& entry : std::filesystem::directory_iterator(argv[k])) {
      std::ifstream in(entry.path(), std::ios::binary);
      const std::string bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
      LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size());
      ++inputs;
    }
  }
  std::printf("%d inputs replayed\n", inputs);
  return inputs > 0 ? 0 : 1;
}
