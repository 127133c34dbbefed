#include "cli/cli.h"

namespace cplan::cli {

// schedule lands with the scheduling engine.
void addScheduleCommand(CLI::App &, Context &) {}

} // namespace cplan::cli
