#include "cli/cli.h"

#ifdef CPLAN_WITH_REPORT
namespace cplan::cli {
void addReportCommand(CLI::App &root, Context &ctx); // app/report/reportcommand.cpp
}
#endif

int main(int argc, char **argv)
{
#ifdef CPLAN_WITH_REPORT
    return cplan::cli::run(argc, argv, &cplan::cli::addReportCommand);
#else
    return cplan::cli::run(argc, argv, nullptr);
#endif
}
