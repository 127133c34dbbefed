#pragma once

// The `cplan` command-line tool: each command lives in its own file and registers itself on
// the CLI11 app. Commands print a readable table by default and JSON with --json.
// Exit codes: 0 ok, 1 the design has errors (validate), 2 bad input or usage.

#include "util/error.h"

#include <CLI/CLI.hpp>

#include <functional>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

namespace cplan {

class Catalog;
class Design;
class UserStore;

namespace cli {

enum ExitCode { ExitOk = 0, ExitDesignErrors = 1, ExitBadInput = 2 };

// An export that draws (PDF, SVG: cable labels, rack elevations): registered on the Context by
// the Qt-based part of cplan (app/report), so that cplan_cli itself stays free of Qt.
struct DrawnExport
{
    std::string name, description;
    std::function<Status(const Design &design, const Catalog &catalog, const std::string &path)> write;
};

// Options every command sees.
struct Context
{
    bool json = false;
    std::string storePath;       // --store: SQLite user store (default: the user data dir)
    std::function<int()> action; // set by the chosen subcommand, run after parsing
    std::vector<DrawnExport> drawnExports;
};

// Prints "cplan: <error>" to stderr and returns ExitBadInput.
int fail(const Error &error);
int fail(const std::string &message);

// Loads the catalog (built-in + user store); on failure prints and returns nullptr.
const Catalog *catalog(Context &ctx);
// Opens the user store (--store), printing its recovery warning; on failure prints the error
// and returns nothing.
std::optional<UserStore> openStore(Context &ctx);
// Loads a design file against the catalog; on failure prints the error (file:line:col).
Result<Design> loadDesign(Context &ctx, const std::string &path);

// Registration functions, one per command file.
void addGenerateCommand(CLI::App &root, Context &ctx);
void addValidateCommand(CLI::App &root, Context &ctx);
void addBomCommand(CLI::App &root, Context &ctx);
void addCatalogCommand(CLI::App &root, Context &ctx);
void addPriceCommands(CLI::App &catalogCommand, Context &ctx);   // import-prices, set-rate, rates
void addNetworkCommands(CLI::App &root, Context &ctx);   // route, simulate, fail, export
void addSimulateCommand(CLI::App &root, Context &ctx);   // simulatecommand.cpp
void addImportCommand(CLI::App &root, Context &ctx);     // import ibnetdiscover
void addVerifyCommand(CLI::App &root, Context &ctx);     // verify PLAN AS-BUILT
void addVerifyPerfCommand(CLI::App &root, Context &ctx); // verify-perf DESIGN LOGS
void addScheduleCommand(CLI::App &root, Context &ctx);
CLI::App *addSweepCommand(CLI::App &root, Context &ctx);   // sweepcommand.h
void addReliabilityCommand(CLI::App &root, Context &ctx); // reliability DESIGN [--job-gpus N]
void addTrainCommand(CLI::App &root, Context &ctx);      // train DESIGN --model ID|FILE
void addCompareCommand(CLI::App &root, Context &ctx);    // compare DESIGN-A DESIGN-B

// The whole tool: parses argv, runs the chosen command, returns the exit code.
// `extra` registers commands that live outside cplan_cli (the Qt-based `report`).
using Registration = void (*)(CLI::App &root, Context &ctx);
int run(int argc, char **argv, Registration extra = nullptr);

} // namespace cli
} // namespace cplan
