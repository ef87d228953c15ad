#pragma once
// Parses the command line and runs the chosen subcommand, turning errors into one-line messages on stderr
// ("<program>: <problem>") and the exit statuses of exit_codes.h. Shared by matchscope-cli and
// matchscope-mpi.

#include <CLI/CLI.hpp>
#include <stdexcept>
#include <string>

namespace ms::cli {

// A failure that every rank of matchscope-mpi found together, after a collective: each rank exits with
// `status` and none needs to end the others. Only a non-empty message is printed (rank 0's), so the whole
// run reports it in one line.
class SharedFailure : public std::runtime_error {
 public:
  SharedFailure(int status, const std::string& message) : std::runtime_error(message), status_(status) {}
  int status() const { return status_; }

 private:
  int status_;
};

// matchscope-mpi's ranks all parse the same arguments (main checks it), so a usage error is found by every
// rank alike: only rank 0 prints it. `failedTogether` is set when every rank met the failure alike (a usage
// error or a SharedFailure), so that none needs ending.
struct RankRun {
  bool printsUsageErrors = true;
  bool failedTogether = false;
};

// Usage errors are one line, "<messagePrefix>: <problem>", as every other error.
int parseAndRun(CLI::App& app, int argc, char** argv, const std::string& messagePrefix,
                RankRun* rank = nullptr);

}  // namespace ms::cli
