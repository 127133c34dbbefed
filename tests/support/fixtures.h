// What several suites need: paths into the source tree, the built-in catalog and the samples
// loaded once, a tolerance comparator, a design's fabric as names, small file helpers.
// One copy here instead of one per suite.
#pragma once

#include "catalog/catalog.h"
#include "generate/fattree.h"
#include "model/design.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <functional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace cplan::test {

// A file or folder in the source tree ("samples/edr-32gpu.cluster.yaml").
std::string sourcePath(const std::string &relative);
// A file or folder under tests/data.
std::string testDataPath(const std::string &relative);
// samples/NAME.cluster.yaml ("edr-32gpu"; a name already ending in ".cluster.yaml" is taken as is).
std::string samplePath(const std::string &name);
// Every samples/*.cluster.yaml, sorted by path.
std::vector<std::string> sampleFiles();

// The built-in catalog (resources/catalog), loaded once; a catalog that does not load stops
// the test run with its message.
const Catalog &builtinCatalog();
// `catalog` priced for a test: a part `priced` says yes to keeps its price, or gets a test one
// (1,000 USD, "TEST DATA - not a real price") when it has none; every other part loses its price.
Catalog withTestPrices(Catalog catalog, const std::function<bool(const Part &)> &priced);
// A sample loaded with `catalog`; a sample that does not load stops the run with its message.
Design loadSample(const std::string &name, const Catalog &catalog = builtinCatalog());
// A design under tests/data ("routing/hdr-13spines.cluster.yaml"), loaded the same way.
Design loadTestDesign(const std::string &relative, const Catalog &catalog = builtinCatalog());

// A fat tree of `count` servers of `serverPart` on `switchPart`: `tiers` 0 for as few as fit,
// blocking down:up at the leaves.
FatTreeSpec fatTreeSpec(const std::string &serverPart, int count, const std::string &switchPart, int tiers = 0, int down = 1,
                        int up = 1);
// generateFatTree, or stop the run with its message.
Design generateOrStop(const FatTreeSpec &spec, const Catalog &catalog = builtinCatalog(), FatTreeReport *report = nullptr);

// |a − b| within `rel` of the larger magnitude, or within `abs` (for values that may be 0).
bool near(double a, double b, double rel = 1e-9, double abs = 0);

// A design's fabric as names: switches, (server, HCA count), and cables between name:port, so
// two designs (say, one exported and imported back) compare whatever their ids.
struct FabricShape
{
    std::set<std::string> switches;
    std::set<std::pair<std::string, std::size_t>> servers;
    std::set<std::pair<std::string, std::string>> links;
    bool operator==(const FabricShape &) const = default;
};
FabricShape fabricShape(const Design &design, const Catalog &catalog);

// A program run to its end (the cplan tool, say): exit code (-1 if it crashed or hung), output.
struct ProgramRun
{
    int code = -1;
    QByteArray out, err;
};
// Runs `program` with `args`, CPLAN_STORE set to `storePath` when given (a private user store),
// for at most two minutes.
ProgramRun runProgram(const QString &program, const QStringList &args, const QString &storePath = {});

// A whole file's bytes (empty if it cannot be read), and writing them (true on success).
QByteArray readBytes(const std::string &path);
bool writeBytes(const std::string &path, const QByteArray &bytes);

} // namespace cplan::test
