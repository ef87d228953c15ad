// The text cost-matrix reader: any bytes give a matrix of the announced shape or an InputError.
#include <cstdlib>
#include <variant>

#include "solver/lap/io/matrix_io.h"
#include "tests/fuzz/fuzz_entry.h"

void fuzzInput(ms::InputSource& source) {
  const ms::lap::AnyCostMatrix costs = ms::lap::readTextMatrix(source);
  std::visit(
      [](const auto& m) {
        if (m.rows() <= 0 || m.cols() <= 0 || m.size() != int64_t{m.rows()} * m.cols()) std::abort();
      },
      costs);
}
