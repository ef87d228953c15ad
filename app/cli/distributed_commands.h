#pragma once
// matchscope-mpi's subcommands: `solve` and `bench` (presets weak and strong, Date & Nagi's Tables 4 and 5)
// of the distributed Hungarian, every rank of `communicator` running the same command on its own slice.

#include <CLI/CLI.hpp>

#include "solver/lap/hungarian/distributed/communicator.h"

namespace ms::cli {

void addDistributedCommands(CLI::App& app, lap::Communicator& communicator);

}  // namespace ms::cli
