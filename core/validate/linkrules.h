#pragma once

#include "model/design.h"
#include "validate/finding.h"

#include <deque>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace cplan {

class Catalog;
struct Part;

// Which part of a link a finding is about: the parser points at that key's line.
enum class LinkField { A, B, Cable, Whole };

struct LinkFinding
{
    Finding finding;
    LinkField field = LinkField::Whole;
    // The link cannot exist as written (a port that is not there or is taken, an unknown
    // cable part): the design parser refuses the file; the validator and the wire check
    // report it as an error.
    bool structural = false;
};

// What the link rules say about one link.
struct LinkVerdict
{
    std::vector<LinkFinding> findings; // in rule order: ports, speed, cable
    double speedGbps = 0;              // the speed it runs at: the lower port speed (0 = unknown)
    bool portsExist = false;           // both ports are on their nodes

    bool hasErrors() const;
};

// The rules every link keeps, in one place: the design parser refuses a file whose links break
// the structural ones, the validator reports them all, and the canvas's wire check asks them
// before a link is made. Port facts are looked up once per node and kept.
//
// Rules (codes): a port that is not on its node (port-out-of-range, or radix-exceeded on a
// switch), a port taken by an earlier link or a link from a port to itself (port-used-twice),
// two ports of one node (loopback), two adapters without a switch (back-to-back), an unknown
// port speed (speed-unknown) or two speeds (speed-mismatch: the link runs at the lower one);
// an InfiniBand port joined to an Ethernet port, or a cable of the other fabric (protocol-mismatch),
// a link slower than a port
// that lists its breakouts at a speed not among them (breakout-unsupported);
// a cable that is not in the catalog (unknown-part), shorter than the run (cable-too-short),
// beyond its reach (cable-reach) or slower than the link (cable-speed); no cable at all
// (no-cable).
class LinkRules
{
public:
    LinkRules(const Design &design, const Catalog &catalog);

    // Checks `link` against the design as it is. `self` is the link's own index when it is in
    // the design already (a port is taken when design.linkAt() names another, earlier link).
    // A link without an id (one about to be made) is named by its ends in the messages.
    LinkVerdict check(const Link &link, std::optional<LinkId> self = std::nullopt) const;

    // The fabric ports of a node (see nodePorts), looked up once per part (or per node that
    // lists its own HCAs).
    const std::vector<PortInfo> &ports(NodeId node) const;

    // The cable the catalog offers for a run of `lengthM` between two ports: the lower port
    // speed, no splitter between two switches (see Catalog::chooseCable). nullptr if none.
    const Part *chooseCable(PortRef a, PortRef b, double lengthM) const;

private:
    void checkEnds(const Link &link, std::optional<LinkId> self, const std::string &label, LinkVerdict &out) const;
    void checkCable(const Link &link, const std::string &label, LinkVerdict &out) const;
    void checkProtocols(const Link &link, const std::string &label, LinkVerdict &out) const;
    void checkRate(const Link &link, PortRef faster, double rate, double portGbps, const std::string &label, LinkVerdict &out) const;
    const Part *portPart(PortRef end) const;
    double portSpeed(PortRef end) const;

    const Design &m_design;
    const Catalog &m_catalog;
    mutable std::vector<const std::vector<PortInfo> *> m_ports;          // by node index
    mutable std::map<std::string, std::vector<PortInfo>> m_partPorts;   // nodes of a part, as built
    mutable std::deque<std::vector<PortInfo>> m_ownPorts;               // nodes with their own HCAs
};

} // namespace cplan
