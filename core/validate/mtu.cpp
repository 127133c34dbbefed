#include "validate/mtu.h"

#include "catalog/catalog.h"
#include "validate/portprotocol.h"

#include <algorithm>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace cplan {

int roceActiveMtu(int mtu)
{
    for (int ib = kRoceMaxMtu; ib >= 256; ib /= 2)
        if (mtu - kRoceHeaderBytes >= ib)
            return ib;
    return 0;
}

namespace {

// The parts whose ports a node's ports are: a switch's own part, a server's adapters (each once).
std::vector<const Part *> portParts(const Node &node, const Catalog &catalog)
{
    const Part *part = catalog.find(node.part);
    if (!part)
        return {};
    if (part->kind == PartKind::Switch)
        return {part};
    std::vector<const Part *> out;
    for (const PortInfo &port : nodePorts(node, catalog))
        if (const Part *hca = catalog.find(port.hcaPart); hca && std::find(out.begin(), out.end(), hca) == out.end())
            out.push_back(hca);
    return out;
}

bool isEthernet(const std::vector<const Part *> &parts)
{
    return std::any_of(parts.begin(), parts.end(), [](const Part *p) { return p->protocol == Protocol::Ethernet; });
}

// mtu-unsupported and mtu-unknown: one finding per part and MTU, naming the nodes set so.
void checkLimits(const Design &design, const Catalog &catalog, const RoceFindingSink &add)
{
    std::map<std::pair<std::string, int>, std::vector<std::string>> setOn;   // (part, MTU) -> nodes
    for (const Node &node : design.nodes)
        if (const auto mtu = configuredMtu(design, node))
            for (const Part *part : portParts(node, catalog))
                if (!part->maxMtu || *mtu > *part->maxMtu)
                    setOn[{part->id, *mtu}].push_back(node.id);
    for (const auto &[key, nodes] : setOn) {
        const Part &part = *catalog.find(key.first);
        const std::string mtu = std::to_string(key.second), count = std::to_string(nodes.size());
        if (part.maxMtu)
            add(Severity::Error, Rule::MtuUnsupported,
                {CPLAN_TR("Engine", "%1 node(s) with ports of part '%2' are set to MTU %3, above the %4 bytes the part takes "
                                    "(e.g. '%5'): the port refuses that MTU"),
                 {count, part.id, mtu, std::to_string(*part.maxMtu), nodes.front()}},
                nodes);
        else
            add(Severity::Info, Rule::MtuUnknown,
                {CPLAN_TR("Engine", "the largest MTU of part '%1' is not known, so the MTU %2 set on its %3 node(s) (e.g. '%4') "
                                    "is not checked against it"),
                 {part.id, mtu, count, nodes.front()}},
                nodes);
    }
}

// mtu-mismatch: an Ethernet link whose ends are set so that packets are dropped on it.
void checkLinks(const Design &design, const Catalog &catalog, const RoceFindingSink &add)
{
    for (const Link &link : design.links) {
        if (link.a.node.value >= design.nodes.size() || link.b.node.value >= design.nodes.size())
            continue;
        const Node &a = design.node(link.a.node), &b = design.node(link.b.node);
        const auto ma = configuredMtu(design, a), mb = configuredMtu(design, b);
        if (!ma || !mb || *ma == *mb || linkProtocol(design, link, catalog) != Protocol::Ethernet)
            continue;
        const bool switchA = a.role == NodeRole::Switch, switchB = b.role == NodeRole::Switch;
        // A server set below its switch sends and receives no packet the switch cannot carry.
        if (switchA != switchB && (switchA ? *ma > *mb : *mb > *ma))
            continue;
        const Node &smaller = *ma < *mb ? a : b;
        add(Severity::Warning, Rule::MtuMismatch,
            {CPLAN_TR("Engine", "link '%1' joins '%2' (MTU %3) and '%4' (MTU %5): packets above %6 bytes towards '%7' are "
                                "dropped, not fragmented (RoCE packets carry Don't Fragment), so RoCE over this link must run at "
                                "the smaller end's path MTU and jumbo frames sized for the larger one are lost"),
             {link.id, a.id, std::to_string(*ma), b.id, std::to_string(*mb), std::to_string(std::min(*ma, *mb)), smaller.id}},
            {link.id});
    }
}

// Below the smallest RoCE MTU (256 + 96 bytes) RoCE does not run at all: an error.
void noRoce(int mtu, const std::vector<std::string> &nodes, const RoceFindingSink &add)
{
    add(Severity::Error, Rule::MtuRoce,
        {CPLAN_TR("Engine", "MTU %1 on %2 Ethernet node(s) (e.g. '%3') carries no RoCE payload at all: the smallest, %4 bytes, "
                            "needs an MTU of at least %5"),
         {std::to_string(mtu), std::to_string(nodes.size()), nodes.front(), "256", std::to_string(256 + kRoceHeaderBytes)}},
        nodes);
}

// mtu-roce: Ethernet switches and RoCE servers set below the MTU of 4096-byte RoCE payloads.
// The design's own MTU is one finding for all the nodes that keep it; a node's own, one each.
void checkRoceMtu(const Design &design, const Catalog &catalog, const RoceFindingSink &add)
{
    std::vector<std::string> keeping;   // Ethernet nodes on the design's MTU
    for (const Node &node : design.nodes) {
        const auto mtu = configuredMtu(design, node);
        if (!mtu || *mtu >= kRoceFullMtu || !isEthernet(portParts(node, catalog)))
            continue;
        if (!node.mtu) {
            keeping.push_back(node.id);
            continue;
        }
        const int roce = roceActiveMtu(*mtu);
        if (roce == 0) {
            noRoce(*mtu, {node.id}, add);
            continue;
        }
        add(Severity::Warning, Rule::MtuRoce,
            {CPLAN_TR("Engine", "'%1' is set to MTU %2, which carries RoCE payloads of %3 bytes instead of %4: RoCE needs an "
                                "MTU of at least %5 (%4 plus %6 bytes of headers) for its largest payloads"),
             {node.id, std::to_string(*mtu), std::to_string(roce), std::to_string(kRoceMaxMtu), std::to_string(kRoceFullMtu),
              std::to_string(kRoceHeaderBytes)}},
            {node.id});
    }
    if (keeping.empty())
        return;
    const int mtu = *design.settings.mtu;
    if (roceActiveMtu(mtu) == 0)
        return noRoce(mtu, keeping, add);
    add(Severity::Warning, Rule::MtuRoce,
        {CPLAN_TR("Engine", "the design's MTU %1 carries RoCE payloads of %2 bytes instead of %3 on its %4 Ethernet switch(es) "
                            "and RoCE server(s) (e.g. '%5'): RoCE needs an MTU of at least %6 (%3 plus %7 bytes of headers) "
                            "for its largest payloads"),
         {std::to_string(mtu), std::to_string(roceActiveMtu(mtu)), std::to_string(kRoceMaxMtu), std::to_string(keeping.size()),
          keeping.front(), std::to_string(kRoceFullMtu), std::to_string(kRoceHeaderBytes)}},
        keeping);
}

} // namespace

void checkMtu(const Design &design, const Catalog &catalog, const RoceFindingSink &add)
{
    if (!design.settings.mtu && std::none_of(design.nodes.begin(), design.nodes.end(), [](const Node &n) { return bool(n.mtu); }))
        return;   // the design states no MTU: nothing to check
    checkLimits(design, catalog, add);
    checkLinks(design, catalog, add);
    checkRoceMtu(design, catalog, add);
}

} // namespace cplan
