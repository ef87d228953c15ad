// matchscope-mpi: the distributed Hungarian (Date & Nagi, Section 5), one process per rank, started by
// mpirun:
//   mpirun -np P matchscope-mpi solve|bench ...
// A separate program from matchscope-cli, so that matchscope-cli runs where no MPI is installed.
#include <CLI/CLI.hpp>
#include <string>

#include "app/cli/cli_main.h"
#include "app/cli/distributed_commands.h"
#include "app/cli/exit_codes.h"
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
  const int status =
      ms::cli::parseAndRun(app, argc, argv, "matchscope-mpi: rank " + std::to_string(communicator.rank()));
  // A rank that failed alone would leave the others waiting in a collective: end them all.
  if (status != ms::cli::kExitOk && communicator.size() > 1) session.abort(status);
  return status;
}
