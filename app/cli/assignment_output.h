#pragma once
// The assignment file of `solve --assignment-out`: CSV "row,col", one line per row (-1: unassigned).

#include <cstdint>
#include <string>
#include <vector>

namespace ms::cli {

// Written atomically (writeFileAtomically); throws `<path>: <reason>` on failure.
void writeAssignmentCsv(const std::string& path, const std::vector<int32_t>& rowToCol);

}  // namespace ms::cli
