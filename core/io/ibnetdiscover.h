#pragma once

#include "model/design.h"
#include "util/error.h"

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
    // Part overrides: node description (or host name for CAs) -> part id. A key ending in '*'
    // matches by prefix. Others are inferred from port counts and speeds.
    std::map<std::string, std::string> parts;
    std::string name;   // design name; default: "Imported from <file>"
};

struct IbnetdiscoverImport
{
    Design design;
    std::vector<std::string> notes;   // inferences and approximations, for the user
};

// Imports real ibnetdiscover output (or our export). CAs are grouped into servers by the
// host part of their description ("gpu001 HCA-1", "gpu001 mlx5_0" -> server gpu001). Errors
// name the file and line: unknown lines, port lines outside a record, ports beyond the node's
// port count, cables to unknown nodes or not matched by the other end, unknown part overrides.
Result<IbnetdiscoverImport> importIbnetdiscover(const std::string &text, const std::string &fileName, const Catalog &catalog,
                                                const IbnetdiscoverImportOptions &options = {});

} // namespace cplan
