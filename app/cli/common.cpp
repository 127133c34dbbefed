#include "cli/cli.h"

#include "catalog/catalog.h"
#include "catalog/userstore.h"
#include "io/designyaml.h"
#include "model/design.h"

#include <iostream>
#include <memory>

namespace cplan::cli {

int fail(const Error &error)
{
    std::cerr << "cplan: " << error.toString() << '\n';
    return ExitBadInput;
}

int fail(const std::string &message)
{
    std::cerr << "cplan: " << message << '\n';
    return ExitBadInput;
}

const Catalog *catalog(Context &ctx)
{
    static std::unique_ptr<Catalog> loaded;
    static std::string loadedFor;
    if (loaded && loadedFor == ctx.storePath)
        return loaded.get();
    auto result = loadCatalog(ctx.storePath);
    if (!result) {
        fail(result.error());
        return nullptr;
    }
    // A damaged user store was set aside and replaced: say so, and carry on with the new one.
    for (const std::string &w : result->loadWarnings())
        std::cerr << "cplan: warning: " << w << '\n';
    loaded = std::make_unique<Catalog>(std::move(*result));
    loadedFor = ctx.storePath;
    return loaded.get();
}

std::optional<UserStore> openStore(Context &ctx)
{
    auto store = UserStore::open(ctx.storePath);
    if (!store) {
        fail(store.error());
        return std::nullopt;
    }
    if (store->recoveredWarning())
        std::cerr << "cplan: warning: " << *store->recoveredWarning() << '\n';
    return std::move(*store);
}

Result<Design> loadDesign(Context &ctx, const std::string &path)
{
    const Catalog *cat = catalog(ctx);
    if (!cat)
        return Error{path, 0, 0, "the parts catalog could not be loaded"};
    return cplan::loadDesign(path, cat);
}

int run(int argc, char **argv, Registration extra)
{
    Context ctx;
    CLI::App app{"cplan: design, check and price InfiniBand GPU clusters (Cluster Planner " CPLAN_VERSION ")", "cplan"};
    app.set_version_flag("--version", std::string("cplan ") + CPLAN_VERSION);
    app.require_subcommand(1);
    app.fallthrough();
    app.add_flag("--json", ctx.json, "Print JSON instead of a table");
    app.add_option("--store", ctx.storePath, "The SQLite user store (default: $CPLAN_STORE or ~/.local/share/cluster-planner/store.sqlite)");

    addGenerateCommand(app, ctx);
    addValidateCommand(app, ctx);
    addBomCommand(app, ctx);
    addCatalogCommand(app, ctx);
    addNetworkCommands(app, ctx);
    addImportCommand(app, ctx);
    addVerifyCommand(app, ctx);
    addVerifyPerfCommand(app, ctx);
    addScheduleCommand(app, ctx);
    addSweepCommand(app, ctx);
    addReliabilityCommand(app, ctx);
    addTrainCommand(app, ctx);
    addCompareCommand(app, ctx);
    if (extra)
        extra(app, ctx);

    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError &e) {
        const int code = app.exit(e);
        return code == 0 ? ExitOk : ExitBadInput;
    }
    if (!ctx.action)
        return fail("no command given; see cplan --help");
    try {
        return ctx.action();
    } catch (const std::bad_alloc &) {
        return fail("out of memory: the input is too large");
    } catch (const std::exception &e) {
        return fail(std::string("internal error: ") + e.what());
    }
}

} // namespace cplan::cli
