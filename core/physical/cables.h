#pragma once

// Cables as physical objects. A link is a port-to-port connection; a cable is what an installer
// pulls, labels and plugs in. It carries one link, or two:
//   - twin-port copper between two twin-port cages (a QM9700's OSFP cage holds ports N/1 and
//     N/2): both links of the cage go to the same far cage;
//   - a splitter from one twin-port cage to two single-port ends (two adapters, or two ports
//     of one): its two legs may go to different devices.
// The design names a cable part per link; the cables are derived from that, so they need no
// ids of their own in the file: a cable's id is the id of its first link. A link whose cable
// part cannot be installed the way the design wires it (a twin-port cable whose two links go
// to different places, a twin-port cable on a single-port cage, ...) is a cable of its own
// with a problem that validation reports.

#include "catalog/part.h"
#include "model/design.h"
#include "util/message.h"
#include "validate/rules.h"

#include <optional>
#include <string>
#include <vector>

namespace cplan {

class Catalog;

struct PhysicalCable
{
    std::string id;                 // the id of its first link (design order)
    std::vector<LinkId> links;      // one or two, in design order
    const Part *part = nullptr;     // nullptr when the links name no cable or an unknown one
    CableForm form = CableForm::Single;
    // For twin and splitter cables: the end that is one twin-port cage (node and port of the
    // first link at that end). A splitter's other end is its legs.
    std::optional<PortRef> twinEnd;
};

struct CableProblem
{
    LinkId link;
    Rule rule = Rule::ImpossibleCable;
    Message text;
    std::vector<std::string> objects;   // link and node ids
};

struct PhysicalCables
{
    std::vector<PhysicalCable> cables;     // in order of their first link
    std::vector<std::uint32_t> cableOfLink; // link index -> index in `cables`
    std::vector<CableProblem> problems;
};

// The physical cables of a design (see above).
PhysicalCables physicalCables(const Design &design, const Catalog &catalog);

// Where a port sits: its cage (0-based, per node) and how many ports that cage holds.
struct CageOf
{
    int cage = 0;
    int ports = 1;
};
// Port facts are resolved once per node part; build one per design and ask it per port.
class CageIndex
{
public:
    CageIndex(const Design &design, const Catalog &catalog);
    CageOf at(PortRef port) const;
    // The connector of the port's cage ("OSFP", "QSFP112"), empty when unknown.
    const std::string &connector(PortRef port) const;

private:
    struct NodePorts
    {
        std::vector<CageOf> cages;            // by port - 1
        std::vector<std::string> connectors;  // by port - 1
    };
    const NodePorts &portsOf(NodeId n) const;
    const Design &m_design;
    const Catalog &m_catalog;
    mutable std::vector<int> m_nodeEntry;     // node -> index in m_entries (-1 = not yet)
    mutable std::vector<NodePorts> m_entries;
    mutable std::vector<std::string> m_entryKeys;
};

} // namespace cplan
