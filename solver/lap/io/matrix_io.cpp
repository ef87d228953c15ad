#include "solver/lap/io/matrix_io.h"

namespace ms::lap {

namespace {
bool isNpy(const std::filesystem::path& path) {
  return path.extension() == ".npy";
}
}  // namespace

AnyCostMatrix readCostMatrix(const std::filesystem::path& path) {
  return isNpy(path) ? readNpyMatrix(path) : readTextMatrix(path);
}

void writeCostMatrix(const AnyCostMatrix& costs, const std::filesystem::path& path) {
  if (isNpy(path)) {
    writeNpyMatrix(costs, path);
  } else {
    writeTextMatrix(costs, path);
  }
}

}  // namespace ms::lap
