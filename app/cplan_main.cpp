#include "cli/cli.h"

#ifdef CPLAN_WITH_REPORT
namespace cplan::cli {
void addReportCommand(CLI::App &root, Context &ctx); // app/report/reportcommand.cpp
void addDrawnExports(CLI::App &root, Context &ctx);  // app/report/physicalexports.cpp

// What cplan adds when built with the Qt report library.
static void addQtParts(CLI::App &root, Context &ctx)
{
    addReportCommand(root, ctx);
    addDrawnExports(root, ctx);
}
}
#endif

int main(int argc, char **argv)
{
#ifdef CPLAN_WITH_REPORT
    return cplan::cli::run(argc, argv, &cplan::cli::addQtParts);
#else
    return cplan::cli::run(argc, argv, nullptr);
#endif
}
