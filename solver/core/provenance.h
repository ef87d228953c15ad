#pragma once
// Where a measurement comes from: the commit the binary was built from and the date it ran. Every CSV a
// bench preset writes carries both as its last two columns.

#include <string>
#include <string_view>

namespace ms {

class CsvTable;

// `git rev-parse --short HEAD` at build time, "-dirty" appended when tracked files had uncommitted changes;
// "unknown" for a build outside git.
std::string_view buildCommit();
// Today's date in UTC, ISO 8601 (2026-11-25).
std::string isoDateToday();
// The constant columns `commit` and `date`.
void addProvenanceColumns(CsvTable& table);

}  // namespace ms
