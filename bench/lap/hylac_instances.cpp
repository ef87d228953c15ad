// Writes the uniform integer instances that HyLAC's and Date's benchmark code generate (one
// std::default_random_engine(45345 + row) per row, one discard(1), uniform_int_distribution<unsigned> over
// [0, range - 1]) as int32 .npy files, so that MatchScope times the very same matrices (`bench --npy`).
// Built by CMake as the target hylac_instances (libstdc++, the standard library those programs use).
//
//   hylac_instances N RANGE OUT.npy      (RANGE: the exclusive upper bound, e.g. n/10 = 1000 for n = 10000)
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

int main(int argc, char** argv) {
  if (argc != 4) {
    std::fprintf(stderr, "usage: %s N RANGE OUT.npy\n", argv[0]);
    return 2;
  }
  const long n = std::atol(argv[1]);
  const unsigned range = static_cast<unsigned>(std::atol(argv[2]));
  std::FILE* out = std::fopen(argv[3], "wb");
  if (n <= 0 || range == 0 || out == nullptr) {
    std::fprintf(stderr, "%s: bad arguments or cannot write %s\n", argv[0], argv[3]);
    return 1;
  }
  std::string header = "{'descr': '<i4', 'fortran_order': False, 'shape': (" + std::to_string(n) + ", " +
                       std::to_string(n) + "), }";
  while ((10 + header.size() + 1) % 64 != 0) header += ' ';
  header += '\n';
  const unsigned short length = static_cast<unsigned short>(header.size());
  std::fwrite("\x93NUMPY\x01\x00", 1, 8, out);
  std::fwrite(&length, 2, 1, out);  // little-endian host
  std::fwrite(header.data(), 1, header.size(), out);
  std::vector<int32_t> row(static_cast<std::size_t>(n));
  for (long i = 0; i < n; ++i) {
    std::default_random_engine engine(45345 + i);
    engine.discard(1);
    std::uniform_int_distribution<unsigned> draw(0, range - 1);
    for (long j = 0; j < n; ++j) row[static_cast<std::size_t>(j)] = static_cast<int32_t>(draw(engine));
    std::fwrite(row.data(), sizeof(int32_t), row.size(), out);
  }
  return std::fclose(out) == 0 ? 0 : 1;
}
