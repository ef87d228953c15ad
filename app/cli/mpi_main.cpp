// matchscope-mpi: the distributed Hungarian (Date & Nagi, Section 5), one process per rank, started by
// mpirun:
//   mpirun -np P matchscope-mpi solve|bench ...
// A separate program from matchscope-cli, so that matchscope-cli runs where no MPI is installed.
#include <CLI/CLI.hpp>
#include <cstdio>
#include <string>

#include "app/cli/cli_main.h"
#include "app/cli/distributed_commands.h"
#include "app/cli/exit_codes.h"
#include "solver/core/fingerprint.h"
#include "solver/lap/hungarian/distributed/mpi_communicator.h"

int main(int argc, char** argv) {
  ms::lap::MpiSession session(&argc, &argv);
  ms::lap::MpiCommunicator communicator;
  CLI::App app{
      "MatchScope distributed Hungarian: one rank per device, the cost matrix split by rows (classical) "
      "or columns (tree); run under mpirun -np P",
      "matchscope-mpi"};
  app.require_subcommand(1);
  ms::cli::addDistributedCommands(app, communicator);
  // mpirun's MPMD form (-np 1 prog A : -np 1 prog B) starts ranks with different arguments; they would
  // split different instances or options and still combine their results. Every option must agree.
  ms::Fingerprint commandLine;
  for (int k = 1; k < argc; ++k) commandLine.add(argv[k]);
  if (!communicator.sameOnEveryRank(static_cast<int64_t>(commandLine.value()))) {
    if (communicator.rank() == 0) {
      std::fprintf(stderr,
                   "matchscope-mpi: the ranks were started with different arguments; every rank must run the "
                   "same command\n");
    }
    return ms::cli::kExitUsage;
  }
  ms::cli::RankRun rank{communicator.rank() == 0};
  const int status = ms::cli::parseAndRun(
      app, argc, argv, "matchscope-mpi: rank " + std::to_string(communicator.rank()), &rank);
  // A rank that failed alone would leave the others waiting in a collective: end them all.
  if (status != ms::cli::kExitOk && !rank.failedTogether && communicator.size() > 1) session.abort(status);
  return status;
}
