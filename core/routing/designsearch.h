#pragma once

#include "model/design.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace cplan {

class Catalog;

// What a search of a design found: a node (with a port when the query named one) or a link.
struct SearchHit
{
    enum Kind { Node, Link } kind = Node;
    std::string id;     // node or link id
    int port = 0;       // 1-based design port of the node, 0 = the node itself
    std::string why;    // what matched: "id", "name", "port", "node GUID", "port GUID", "rack"
};

// Finds objects of a design the way a user names them: a node id or name (exact match first,
// then substrings, case-insensitive), "node:port", a port as the cable plan labels it ("node
// 17/2", "node HCA-3/1"), a link id, a rack label, or a GUID as the
// subnet manager reports it (node GUID of a switch or of a server's HCA, or a port GUID; hex
// with or without 0x and colons). GUIDs are the ones the fabric export gives (Fabric::build).
// At most `limit` hits, best first.
std::vector<SearchHit> searchDesign(const Design &design, const Catalog &catalog, const std::string &query,
                                    std::size_t limit = 50);

// A GUID written as hex ("0x0002c903000a1b2c", "0002:c903:000a:1b2c", "2c903000a1b2c"); nullopt
// when the text is not one.
std::optional<std::uint64_t> parseGuid(const std::string &text);

} // namespace cplan
