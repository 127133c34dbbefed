#include "cli/cli.h"

int main(int argc, char **argv)
{
    return cplan::cli::run(argc, argv);
}
