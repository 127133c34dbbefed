#pragma once

#include "catalog/catalogyaml.h"
#include "catalog/exchangerates.h"
#include "catalog/part.h"
#include "util/error.h"

#include <map>
#include <utility>
#include <memory>
#include <string>
#include <vector>

namespace cplan {

// What a catalog says beyond its parts (a catalog file's `settings:`).
struct CatalogSettings
{
    std::string defaultRack;       // the rack part a design's racks are built from; empty = none
    PartOrigin defaultRackOrigin;  // where that is set
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
    // The shape the cable must have (physical/cables.h pairs links into cables by it).
    CableForm form = CableForm::Any;
    // The fabric of the link (validate/portprotocol.h): an InfiniBand cable never wires an
    // Ethernet link, nor the reverse.
    Protocol protocol = Protocol::InfiniBand;
};

// The parts a design can use: the built-in YAML catalog plus the user's own parts and prices
// (from the SQLite user store). Lookups by id; ids are unique (a user part with a built-in
// id overrides it). Reading and writing the YAML: catalog/catalogyaml.h; choosing a cable or
// transceiver for a link: catalog/cableselection.cpp; bounds on figures: catalog/partlimits.h.
class ImportedParts;

class Catalog
{
public:
    Catalog();

    // Loads every *.yaml file of `dir` (sorted by name). Errors name file, line and column.
    static Result<Catalog> loadDirectory(const std::string &dir);
    // Parses one catalog YAML document (format: cluster-planner-catalog/1) into this catalog.
    Status loadYaml(const std::string &text, const std::string &fileName);

    // A part by id: the catalog's own, else an imported part a loaded design brought along.
    const Part *find(const std::string &id) const;
    const std::vector<Part> &parts() const { return m_parts; }
    std::vector<const Part *> partsOfKind(PartKind kind) const;

    const CatalogSettings &settings() const { return m_settings; }
    // The rack part a design's racks are built from (settings: default_rack); nullptr if the
    // catalog names none.
    const Part *defaultRack() const;
    // The first management appliance part (role: management), for tools that add one without
    // being told which; nullptr if the catalog has none.
    const Part *defaultManagementPart() const;

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

    // Learns a generic part that a design brings with it (Part::imported; id "imported-...").
    // Thread-safe, and every copy of this catalog sees it: loading a design registers its
    // parts while other threads read the catalog. Pointers to registered parts stay valid.
    // An id registered before with different figures is an error (naming the id).
    Status addImportedPart(const Part &part) const;

    // Parses a catalog YAML document whose parts override parts with the same id (user
    // parts). Does not check references; call checkReferences() when everything is loaded.
    Status overlayYaml(const std::string &text, const std::string &fileName);
    // Every server names a gpu / hca part of the right kind that is in the catalog, and the
    // default rack is a rack part of the catalog.
    Status checkReferences() const;
    // Where a part was defined; nullptr if the id is unknown.
    const PartOrigin *origin(const std::string &id) const;

    // The exchange rates of the user store (set-rate), for pricing a BOM in the design's
    // currency. Empty for the built-in catalog alone.
    const ExchangeRates &rates() const { return m_rates; }
    void setRates(ExchangeRates rates) { m_rates = std::move(rates); }

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
    Status checkSettings() const;
    void put(Part part, PartOrigin origin);

    std::vector<Part> m_parts;
    std::vector<PartOrigin> m_origins;   // parallel to m_parts
    std::map<std::string, std::size_t> m_index;
    CatalogSettings m_settings;
    std::vector<std::string> m_loadWarnings;
    ExchangeRates m_rates;
    std::shared_ptr<ImportedParts> m_imported;   // shared by copies of this catalog
};

// Prefix of every imported part's id (see Part::imported).
inline constexpr const char *kImportedPartPrefix = "imported-";

// The catalog every command uses: built-in parts plus the user store's parts and prices.
// `storePath` empty = the default store (see UserStore::defaultPath()).
Result<Catalog> loadCatalog(const std::string &storePath = {});

} // namespace cplan
