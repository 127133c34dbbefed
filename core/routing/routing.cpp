#include "routing/routing.h"
#include "util/strings.h"

#include "routing/engines.h"

#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <map>
#include <unordered_map>

namespace cplan {

const char *toString(RoutingEngine engine)
{
    switch (engine) {
    case RoutingEngine::FTree: return "ftree";
    case RoutingEngine::UpDown: return "updown";
    case RoutingEngine::MinHop: return "minhop";
    }
    return "ftree";
}

std::optional<RoutingEngine> routingEngineFromString(std::string_view name)
{
    if (name == "ftree" || name == "fat-tree")
        return RoutingEngine::FTree;
    if (name == "updown" || name == "updn" || name == "up-down")
        return RoutingEngine::UpDown;
    if (name == "minhop" || name == "min-hop")
        return RoutingEngine::MinHop;
    return std::nullopt;
}

RoutingTables computeRoutes(const Fabric &fabric, const RoutingOptions &options)
{
    RoutingTables t;
    t.engine = options.engine;
    t.endpointCount = std::uint32_t(fabric.endpoints().size());
    t.ports.assign(fabric.switches().size() * std::size_t(t.endpointCount), kNoPort);
    switch (options.engine) {
    case RoutingEngine::FTree: {
        const std::vector<int> tiers = fabric.fatTreeTiers();
        if (tiers.empty()) {
            t.fellBack = true;
            // As OpenSM does: its ftree falls back to the default engine, minhop.
            t.notes.push_back("ftree: the fabric is not tiered like a fat tree (a switch-switch cable does not join "
                              "adjacent tiers); fell back to minhop, as OpenSM does (see deadlock_free; updown avoids credit loops)");
            detail::routeUpDown(fabric, {}, t, true, options.cancelled);
        } else {
            detail::routeFatTree(fabric, tiers, options.threads, t, options.cancelled);
        }
        break;
    }
    case RoutingEngine::UpDown:
        detail::routeUpDown(fabric, options.roots, t, false, options.cancelled);
        break;
    case RoutingEngine::MinHop:
        detail::routeUpDown(fabric, {}, t, true, options.cancelled);
        break;
    }
    return t;
}

bool traceRoute(const Fabric &fabric, const RoutingTables &tables, std::uint32_t src, std::uint32_t dst,
                std::vector<std::uint32_t> &channels)
{
    channels.clear();
    const std::uint32_t srcPort = fabric.endpoints()[src];
    const std::uint32_t dstPort = fabric.endpoints()[dst];
    if (!fabric.port(srcPort).connected() || !fabric.port(dstPort).connected())
        return false;
    channels.push_back(srcPort);
    if (fabric.port(srcPort).peer == dstPort)
        return true;
    return traceRouteFrom(fabric, tables, fabric.port(fabric.port(srcPort).peer).node, dst, channels);
}

bool traceRouteFrom(const Fabric &fabric, const RoutingTables &tables, std::uint32_t node, std::uint32_t dst,
                    std::vector<std::uint32_t> &channels)
{
    const std::uint32_t dstPort = fabric.endpoints()[dst];
    while (channels.size() < 64) {
        const std::uint32_t slot = fabric.switchSlot(node);
        if (slot == kNoIndex)
            return false;
        const std::uint8_t p = tables.port(slot, dst);
        if (p == kNoPort || p == 0 || p > fabric.node(node).portCount)
            return false;
        const std::uint32_t channel = fabric.portIndex(node, p);
        const FabricPort &out = fabric.port(channel);
        if (!out.connected())
            return false;
        channels.push_back(channel);
        if (out.peer == dstPort)
            return true;
        node = fabric.port(out.peer).node;
    }
    return false;
}

namespace {

// Where the tables lead a packet for one destination from each switch, memoised per switch
// for that destination: 0 unknown, 1 being walked, hops + 2 when it arrives (a switch that
// delivers itself: 3), -1 when it is lost (a dead or missing port, a non-switch, a loop).
class DestinationFates
{
public:
    DestinationFates(const Fabric &fabric, const RoutingTables &tables)
        : m_fabric(fabric), m_tables(tables), m_fate(fabric.switches().size())
    {
    }

    void setDestination(std::uint32_t dst)
    {
        m_dst = dst;
        m_dstPort = m_fabric.endpoints()[dst];
        std::fill(m_fate.begin(), m_fate.end(), 0);
    }

    // The fate of a packet from a source endpoint: 2 when cabled straight to the destination.
    int fromEndpoint(std::uint32_t src)
    {
        const FabricPort &sp = m_fabric.port(m_fabric.endpoints()[src]);
        if (sp.peer == m_dstPort)
            return 2;
        const std::uint32_t slot = m_fabric.switchSlot(m_fabric.port(sp.peer).node);
        return slot == kNoIndex ? -1 : fromSwitch(slot);
    }

private:
    // Walks the tables from slot0 until a known fate, then unwinds.
    int fromSwitch(std::uint32_t slot0)
    {
        m_stack.clear();
        std::uint32_t slot = slot0;
        int result = -1;
        while (true) {
            if (m_fate[slot] != 0) {
                result = m_fate[slot] == 1 ? -1 : m_fate[slot];   // 1 = a loop
                break;
            }
            m_fate[slot] = 1;
            m_stack.push_back(slot);
            const std::uint32_t next = step(slot);
            if (next == kDelivers) {
                // this switch delivers: one switch on the way (fate = hops + 2)
                m_stack.pop_back();
                m_fate[slot] = 3;
                result = 3;
                break;
            }
            if (next == kNoIndex) {
                result = -1;
                break;
            }
            slot = next;
        }
        while (!m_stack.empty()) {
            const std::uint32_t s = m_stack.back();
            m_stack.pop_back();
            result = result < 0 ? -1 : result + 1;
            m_fate[s] = result;
        }
        return m_fate[slot0];
    }

    static constexpr std::uint32_t kDelivers = kNoIndex - 1;

    // The next switch slot from this one, kDelivers, or kNoIndex when the packet is lost.
    std::uint32_t step(std::uint32_t slot) const
    {
        const std::uint32_t node = m_fabric.switches()[slot];
        const std::uint8_t p = m_tables.port(slot, m_dst);
        if (p == kNoPort || p == 0 || p > m_fabric.node(node).portCount)
            return kNoIndex;
        const std::uint32_t ch = m_fabric.portIndex(node, p);
        if (!m_fabric.port(ch).connected())
            return kNoIndex;
        if (m_fabric.port(ch).peer == m_dstPort)
            return kDelivers;
        return m_fabric.switchSlot(m_fabric.port(m_fabric.port(ch).peer).node);
    }

    const Fabric &m_fabric;
    const RoutingTables &m_tables;
    std::vector<int> m_fate;
    std::vector<std::uint32_t> m_stack;
    std::uint32_t m_dst = 0, m_dstPort = kNoIndex;
};

} // namespace

RouteCheck checkRoutes(const Fabric &fabric, const RoutingTables &tables, std::size_t sample,
                       const std::function<bool()> &cancelled)
{
    RouteCheck check;
    const std::uint32_t n = tables.endpointCount;
    std::vector<char> alive(n);
    std::uint64_t liveCount = 0;
    for (std::uint32_t e = 0; e < n; ++e) {
        alive[e] = fabric.endpointAlive(e) ? 1 : 0;
        liveCount += std::uint64_t(alive[e]);
    }
    check.pairs = liveCount > 1 ? liveCount * (liveCount - 1) : 0;
    DestinationFates fates(fabric, tables);
    for (std::uint32_t dst = 0; dst < n; ++dst) {
        if (dst % 64 == 63 && cancelled && cancelled())
            break;
        if (!alive[dst])
            continue;
        fates.setDestination(dst);
        for (std::uint32_t src = 0; src < n; ++src) {
            if (src == dst || !alive[src])
                continue;
            const int f = fates.fromEndpoint(src);
            if (f < 0) {
                ++check.unreachablePairs;
                if (check.unreachableSample.size() < sample)
                    check.unreachableSample.emplace_back(src, dst);
            } else {
                check.maxHops = std::max(check.maxHops, f - 2);
            }
        }
    }
    return check;
}

std::string writeLftDump(const Fabric &fabric, const RoutingTables &tables)
{
    // Entries in LID order: the switch itself, then CA ports.
    std::vector<std::pair<std::uint32_t, std::uint32_t>> byLid;   // (lid, endpoint)
    for (std::uint32_t e = 0; e < fabric.endpoints().size(); ++e)
        byLid.emplace_back(fabric.port(fabric.endpoints()[e]).lid, e);
    std::sort(byLid.begin(), byLid.end());
    std::string out;
    out.reserve(fabric.switches().size() * (byLid.size() + 2) * 72);
    char buf[512];
    for (std::uint32_t slot = 0; slot < fabric.switches().size(); ++slot) {
        const FabricNode &sw = fabric.node(fabric.switches()[slot]);
        std::snprintf(buf, sizeof buf, "Unicast lids [0-%u] of switch Lid %u guid 0x%016" PRIx64 " ('%s'):\n",
                      fabric.maxLid(), sw.lid, sw.guid, sw.description.c_str());
        out += buf;
        std::uint32_t dumped = 0;
        bool selfDone = false;
        auto writeSelf = [&] {
            std::snprintf(buf, sizeof buf, "0x%04x %03u # Switch portguid 0x%016" PRIx64 ": '%s'\n", sw.lid, 0u, sw.guid,
                          sw.description.c_str());
            out += buf;
            ++dumped;
            selfDone = true;
        };
        for (auto [lid, e] : byLid) {
            if (!selfDone && sw.lid < lid)
                writeSelf();
            const std::uint8_t p = tables.port(slot, e);
            if (p == kNoPort)
                continue;
            const FabricPort &caPort = fabric.port(fabric.endpoints()[e]);
            const FabricNode &ca = fabric.node(caPort.node);
            std::snprintf(buf, sizeof buf, "0x%04x %03u # Channel Adapter portguid 0x%016" PRIx64 ": '%s'\n", lid, unsigned(p),
                          ca.guid + std::uint64_t(caPort.number), ca.description.c_str());
            out += buf;
            ++dumped;
        }
        if (!selfDone)
            writeSelf();
        std::snprintf(buf, sizeof buf, "%u lids dumped\n", dumped);
        out += buf;
    }
    return out;
}

namespace {

// Reads opensm-lfts.dump line by line into tables for a fabric: switch headers select the
// switch; Channel Adapter entries, named by node description, set its port for an endpoint.
class LftDumpReader
{
public:
    LftDumpReader(const std::string &fileName, const Fabric &fabric) : m_fileName(fileName), m_fabric(fabric)
    {
        m_tables.endpointCount = std::uint32_t(fabric.endpoints().size());
        m_tables.ports.assign(fabric.switches().size() * std::size_t(m_tables.endpointCount), kNoPort);
        for (std::uint32_t slot = 0; slot < fabric.switches().size(); ++slot)
            m_switchByName.emplace(fabric.node(fabric.switches()[slot]).description, slot);
        for (std::uint32_t n = 0; n < fabric.nodes().size(); ++n)
            if (!fabric.node(n).isSwitch())
                m_caByName.emplace(fabric.node(n).description, n);
    }

    Result<RoutingTables> read(const std::string &text)
    {
        LineReader reader{text};
        std::string_view lineView;
        while (reader.next(lineView)) {
            const std::string line(lineView);
            m_lineNo = reader.number;
            if (line.empty())
                continue;
            Status s = Ok{};
            if (line.rfind("Unicast lids ", 0) == 0)
                s = header(line);
            else if (line.rfind("0x", 0) == 0)
                s = entry(line);
            else if (line.find("lids dumped") == std::string::npos && line[0] != '#')
                s = err("unexpected line '" + line.substr(0, 60) + "'");
            if (!s)
                return s.error();
        }
        if (!m_any)
            return Error{m_fileName, 0, 0, "no \"Unicast lids ... of switch\" blocks: not an opensm-lfts.dump file"};
        return std::move(m_tables);
    }

private:
    Error err(const std::string &m) const { return Error{m_fileName, m_lineNo, 0, m}; }

    // "Unicast lids [0-N] of switch Lid L guid G ('NAME'):"
    Status header(const std::string &line)
    {
        const std::size_t open = line.find("('");
        const std::size_t close = line.rfind("'):");
        if (line.find(" of switch ") == std::string::npos || open == std::string::npos || close == std::string::npos ||
            close < open + 2)
            return err("malformed switch header (expected \"Unicast lids [...] of switch ... ('NAME'):\")");
        const std::string name = line.substr(open + 2, close - open - 2);
        auto it = m_switchByName.find(name);
        if (it == m_switchByName.end())
            return err("switch '" + name + "' is not in the fabric");
        m_slot = it->second;
        m_any = true;
        return Ok{};
    }

    // "0xLID PORT # Channel Adapter portguid 0xGUID: 'NAME'"; switch and router LIDs are skipped.
    Status entry(const std::string &line)
    {
        if (m_slot == kNoIndex)
            return err("an LFT entry before any switch header");
        char *rest = nullptr;
        const unsigned long lid = std::strtoul(line.c_str() + 2, &rest, 16);
        if (rest == line.c_str() + 2 || lid == 0 || lid > 0xffffff)
            return err("malformed LID in '" + line + "'");
        char *rest2 = nullptr;
        const unsigned long port = std::strtoul(rest, &rest2, 10);
        if (rest2 == rest || port > 255)
            return err("malformed port in '" + line + "'");
        const std::size_t hash = line.find('#');
        if (hash == std::string::npos)
            return err("LFT entry without the '# ... portguid ...: 'NAME'' comment");
        const std::string comment = line.substr(hash + 1);
        const std::size_t ca = comment.find("Channel Adapter portguid ");
        if (ca == std::string::npos)
            return Ok{};   // switch and router LIDs: not endpoints
        const std::size_t q1 = comment.find(": '", ca);
        const std::size_t q2 = comment.rfind('\'');
        if (q1 == std::string::npos || q2 == std::string::npos || q2 < q1 + 3)
            return err("malformed Channel Adapter comment");
        const std::string name = comment.substr(q1 + 3, q2 - q1 - 3);
        auto it = m_caByName.find(name);
        if (it == m_caByName.end())
            return err("channel adapter '" + name + "' is not in the fabric");
        const std::uint64_t guid = std::strtoull(comment.c_str() + ca + 25, nullptr, 16);
        const std::uint32_t endpoint = endpointOf(m_fabric.node(it->second), guid, lid);
        if (endpoint == kNoIndex)
            return err("channel adapter '" + name + "' has no cabled port");
        const FabricNode &sw = m_fabric.node(m_fabric.switches()[m_slot]);
        if (port == 0 || int(port) > sw.portCount) {
            if (port != 255)
                return err("port " + std::to_string(port) + " is not a port of switch '" + sw.description + "'");
        }
        m_tables.port(m_slot, endpoint) = std::uint8_t(port);
        return Ok{};
    }

    // The CA port with that port GUID or LID, else the CA's first port (kNoIndex if uncabled).
    std::uint32_t endpointOf(const FabricNode &caNode, std::uint64_t guid, unsigned long lid) const
    {
        std::uint32_t endpoint = kNoIndex;
        for (int p = 1; p <= caNode.portCount && endpoint == kNoIndex; ++p) {
            const std::uint32_t gp = caNode.portBase + std::uint32_t(p - 1);
            if (guid == caNode.guid + std::uint64_t(p) || m_fabric.port(gp).lid == lid)
                endpoint = m_fabric.endpointOfPort(gp);
        }
        if (endpoint == kNoIndex)
            endpoint = m_fabric.endpointOfPort(caNode.portBase);
        return endpoint;
    }

    const std::string &m_fileName;
    const Fabric &m_fabric;
    RoutingTables m_tables;
    std::unordered_map<std::string, std::uint32_t> m_switchByName, m_caByName;
    std::uint32_t m_slot = kNoIndex;
    int m_lineNo = 0;
    bool m_any = false;
};

} // namespace

Result<RoutingTables> readLftDump(const std::string &text, const std::string &fileName, const Fabric &fabric)
{
    return LftDumpReader(fileName, fabric).read(text);
}

} // namespace cplan
