#pragma once

#include "catalog/part.h"
#include "util/error.h"

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace cplan {

// Where a part was defined (for error messages that name file and line).
struct PartOrigin
{
    std::string file;
    int line = 0;       // 1-based; 0 = not from a file (added in code)
    int column = 0;
    int gpuLine = 0, gpuColumn = 0;   // where a server names its gpu / hca part
    int hcaLine = 0, hcaColumn = 0;
};

// A cable request with optional connector constraints. An empty cage matches any cable.
struct CableQuery
{
    double speedGbps = 0;
    double lengthM = 0;
    std::string cageA;   // e.g. "OSFP" (switch side)
    std::string cageB;   // e.g. "QSFP112" (adapter side); order of A and B does not matter
    // Splitters (a twin-port cage on one end, single-port connectors on the other) suit
    // switch-to-adapter runs only; between two switch cages they do not fit.
    bool splitterAllowed = true;
};

// The parts a design can use: the built-in YAML catalog plus the user's own parts and prices
// (from the SQLite user store). Lookups by id; ids are unique (a user part with a built-in
// id overrides it).
class Catalog
{
public:
    Catalog() = default;

    // Loads every *.yaml file of `dir` (sorted by name). Errors name file, line and column.
    static Result<Catalog> loadDirectory(const std::string &dir);
    // Parses one catalog YAML document (format: cluster-planner-catalog/1) into this catalog.
    Status loadYaml(const std::string &text, const std::string &fileName);

    const Part *find(const std::string &id) const;
    const std::vector<Part> &parts() const { return m_parts; }
    std::vector<const Part *> partsOfKind(PartKind kind) const;

    // Adds a part, or replaces the one with the same id (user overrides).
    void addOrReplace(Part part);
    // Sets a part's price (a user price book entry); false if the id is unknown.
    bool overridePrice(const std::string &id, double unitPrice, const std::string &currency,
                       const std::string &priceSource, bool estimate);

    // The cable to use for a link: the cheapest part (unknown price last, then shortest
    // length) of the given speed that is at least `lengthM` long; DAC where it reaches,
    // then ACC, AOC, fibre. nullptr if nothing fits.
    // Ties are broken by catalog order, so the built-in files list the usual cable of a
    // generation first (twin-port OSFP DAC for NDR, QSFP56 DAC for HDR).
    const Part *chooseCable(double speedGbps, double lengthM) const;
    const Part *chooseCable(const CableQuery &query) const;
    // The transceiver for one end of a fibre link: twin-port for a switch cage that carries
    // two links, single-port otherwise. Known prices first (cheapest), then the longest reach.
    const Part *chooseTransceiver(double speedGbps, int linksPerEnd) const;
    // The same, for a given fibre cable: the optics must match its fibre mode (mm/sm) and
    // reach at least its length.
    const Part *chooseTransceiver(double speedGbps, int linksPerEnd, const Part &fiber) const;

    // Parses a catalog YAML document whose parts override parts with the same id (user
    // parts). Does not check references; call checkReferences() when everything is loaded.
    Status overlayYaml(const std::string &text, const std::string &fileName);
    // Every server names a gpu / hca part of the right kind that is in the catalog.
    Status checkReferences() const;
    // Where a part was defined; nullptr if the id is unknown.
    const PartOrigin *origin(const std::string &id) const;

    // What the user should know about how this catalog was loaded, such as a damaged user
    // store that was set aside (UserStore::recoveredWarning). Empty as a rule; the apps show it.
    const std::vector<std::string> &loadWarnings() const { return m_loadWarnings; }
    void addLoadWarning(std::string warning) { m_loadWarnings.push_back(std::move(warning)); }

    // Where the built-in catalog lives: $CPLAN_CATALOG_DIR, else next to the installed
    // binary (../share/cluster-planner/catalog), else the source tree.
    static std::string builtinDirectory();

private:
    enum class Merge { RejectDuplicates, Override };
    Status parseDocument(const std::string &text, const std::string &fileName, Merge merge);
    void put(Part part, PartOrigin origin);

    std::vector<Part> m_parts;
    std::vector<PartOrigin> m_origins;   // parallel to m_parts
    std::map<std::string, std::size_t> m_index;
    std::vector<std::string> m_loadWarnings;
};

// The current catalog file format and its version.
inline constexpr const char *kCatalogFormat = "cluster-planner-catalog/1";

// One part as a YAML map (snake_case keys in a fixed order; unknown figures omitted), and a
// whole catalog document. What these write, loadYaml reads back to the same parts.
std::string partToYaml(const Part &part);
std::string catalogToYaml(const std::vector<Part> &parts);
// A figure as people write it: shortest exact text, no exponent for everyday sizes (100, 0.5).
std::string formatNumber(double v);

// The catalog every command uses: built-in parts plus the user store's parts and prices.
// `storePath` empty = the default store (see UserStore::defaultPath()).
Result<Catalog> loadCatalog(const std::string &storePath = {});

} // namespace cplan
