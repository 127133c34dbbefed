#include "cli/cli.h"

namespace cplan::cli {

// route, simulate, fail, export and import land with the network engine.
void addNetworkCommands(CLI::App &, Context &) {}

} // namespace cplan::cli
