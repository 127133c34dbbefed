#pragma once

#include "model/design.h"
#include "util/error.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace cplan {

class Catalog;
class Fabric;

// ibnetdiscover / ibsim topology text.
//
// Export: one record per switch (design order) and per CA (one per server HCA, canonical
// endpoint order: grouped by leaf, see Fabric::endpoints()), as ibnetdiscover prints them:
// vendid/devid/sysimgguid lines, `switchguid=` / `caguid=` from the fabric's GUIDs (ibsim
// takes the node GUID from them), node names "S-<guid>" / "H-<guid>", our node names as node
// descriptions, and LIDs, width and speed ("4xNDR") in the trailing comments.
std::string exportIbnetdiscover(const Design &design, const Fabric &fabric);

struct IbnetdiscoverImportOptions
{
    // Part overrides: switch name or description, or server host name -> part id. A key
    // ending in '*' matches by prefix. Without one, parts come from what the dump says.
    std::map<std::string, std::string> parts;
    std::string name;   // design name; default: "Imported from <file>"
};

// Something the user should know about an import: a line skipped, a link running below its
// ports' best, a name inferred. `line` is the line of the dump it is about (0: the whole file).
struct ImportNote
{
    enum class Kind { Skipped, Degraded, Inferred, Cut };
    Kind kind = Kind::Inferred;
    int line = 0;
    std::string message;
    // "file:line: message" (no line when about the whole file), as verify and the window list it.
    std::string text(const std::string &file) const
    {
        return file + (line > 0 ? ":" + std::to_string(line) : std::string()) + ": " + message;
    }
};

struct IbnetdiscoverImport
{
    Design design;                   // with the generic parts it needs in design.parts
    std::vector<ImportNote> notes;
    bool portsReport = false;        // the dump was an `ibnetdiscover -p` ports report
    struct Counts
    {
        int switches = 0, hcas = 0, cables = 0, servers = 0;
        int aggregationNodes = 0;    // SHARP: part of their switch, not HCAs, their link not a cable
        int routers = 0, selfLoops = 0, degraded = 0;
        int lines = 0, skippedLines = 0, progressLines = 0;
        bool cut = false;
    } counts;
    // The GUIDs the dump gives for each design node (switch: node GUID; server: its CAs' node
    // and port GUIDs), in design node order: verification matches nodes by them.
    std::vector<std::vector<std::uint64_t>> nodeGuids;
};

// Imports what ibnetdiscover (or ibsim, ibdiagnet, `ibnetdiscover -p`) printed about a real
// fabric. Switches keep the model their description names and their physical port count (a
// SHARP aggregation node's internal port is not one); a catalog part is used only when model,
// port count and speed generation agree, else a generic part is built (Part::imported). CAs
// are grouped into servers by the host in their description ("gpu001 HCA-1",
// "n1 mlx5_3" -> server gpu001 / n1); a CA with a default description is a server of its own,
// named by its GUID. Links keep the discovered width and speed (Link::rate). Fails only on
// text that holds no fabric, or on an unknown part override; everything else is a note.
// The generic parts are registered with `catalog` (Catalog::addImportedPart).
Result<IbnetdiscoverImport> importIbnetdiscover(const std::string &text, const std::string &fileName, const Catalog &catalog,
                                                const IbnetdiscoverImportOptions &options = {});

} // namespace cplan
