// The ports report of `ibnetdiscover -p`: one line per port of every node,
//
//   CA   134  1 0x7cfe9003003b4bde 4x EDR - SW  1719 10 0x7cfe9003009ce5b0 ( 'o0001 HCA-1' - 'ib-i1l1s01' )
//   SW  2052 37 0x506b4b03005c2740 4x ???                                    'ib-i4l1s01'
//
// type, LID (a switch's for all its ports), port, port GUID, width, speed, then the far end
// or, for an unconnected port, the node's description. Descriptions are quoted or bare and
// may hold spaces or '#'. A switch's ports share its node GUID; a CA's ports have GUIDs of
// their own (node + port on most adapters, node + port - 1 on ConnectX-4 and later), so a CA
// is the set of ports with one description whose GUID minus port number agree.
#include "catalog/partlimits.h"
#include "io/ibreadersupport.h"

#include <algorithm>
#include <unordered_map>

namespace cplan::ibreader {

namespace {

struct PortEnd
{
    IbNodeType type = IbNodeType::Ca;
    std::string_view lid;
    int port = 0;
    std::uint64_t guid = 0;
};

bool typeOf(std::string_view t, IbNodeType &type)
{
    if (t == "SW")
        type = IbNodeType::Switch;
    else if (t == "CA")
        type = IbNodeType::Ca;
    else if (t == "RT")
        type = IbNodeType::Router;
    else
        return false;
    return true;
}

// "type lid port guid" at pos.
bool end(std::string_view s, std::size_t &pos, PortEnd &e)
{
    long long port = 0, lid = 0;
    if (!typeOf(nextToken(s, pos), e.type))
        return false;
    e.lid = nextToken(s, pos);
    // A switch numbers its ports with one byte; an adapter or router has a few (partlimits.h).
    const int maxPort = e.type == IbNodeType::Switch ? partlimits::kMaxSwitchPorts : partlimits::kMaxHcaPorts;
    if (!parseDecimal(e.lid, lid) || !parseDecimal(nextToken(s, pos), port) || port < 1 || port > maxPort)
        return false;
    e.port = int(port);
    return parseHex(nextToken(s, pos), e.guid);
}

std::string_view unquote(std::string_view s)
{
    s = trimBoth(s);
    if (s.size() >= 2 && s.front() == '\'' && s.back() == '\'')
        s = s.substr(1, s.size() - 2);
    return trimBoth(s);
}

// "( 'a' - 'b' )" or "( a - b )": the two descriptions.
bool twoDescriptions(std::string_view s, std::string_view &a, std::string_view &b)
{
    s = trimBoth(s);
    if (s.size() < 2 || s.front() != '(' || s.back() != ')')
        return false;
    s = trimBoth(s.substr(1, s.size() - 2));
    std::size_t sep = s.find("' - '");
    if (!s.empty() && s.front() == '\'' && sep != std::string_view::npos) {
        a = unquote(s.substr(0, sep + 1));
        b = unquote(s.substr(sep + 4));
        return true;
    }
    sep = s.find(" - ");
    if (sep == std::string_view::npos)
        return false;
    a = unquote(s.substr(0, sep));
    b = unquote(s.substr(sep + 3));
    return true;
}

class PortsReportReader
{
public:
    PortsReportReader(DiscoveredFabric &fabric, FindingSink &sink) : m_fabric(fabric), m_sink(sink), m_cables(fabric, sink) {}

    void read(std::string_view text)
    {
        const bool cutLine = forEachLine(text, m_fabric, [&](std::string_view t, int number) {
            m_lineNo = number;
            line(t);
        });
        if (cutLine) {
            m_fabric.cut = true;
            m_sink.add("cut", m_lineNo, "the last line is incomplete: the file looks cut; what is whole was read");
        }
        m_cables.finish();
    }

private:
    void line(std::string_view t)
    {
        if (t.empty() || t[0] == '#')
            return;
        if (startsWith(t, "DR path")) {
            ++m_fabric.progressLines;
            return;
        }
        std::size_t pos = 0;
        PortEnd local;
        if (!end(t, pos, local))
            return junk(t);
        const std::string_view width = nextToken(t, pos);
        std::string_view speed = nextToken(t, pos);
        LinkRate rate;
        if (auto r = parseLinkRate(std::string(width) + std::string(speed)))
            rate = *r;
        else if (auto combined = parseLinkRate(width)) {   // "4xQDR" as one token
            rate = *combined;
            pos -= speed.size();
        }
        const std::string_view rest = trimBoth(t.substr(pos));
        if (startsWith(rest, "- ")) {
            std::size_t p2 = 2;
            PortEnd far;
            std::string_view descLocal, descFar;
            if (!end(rest, p2, far) || !twoDescriptions(rest.substr(p2), descLocal, descFar))
                return junk(t);
            const std::uint32_t a = node(local, descLocal);
            const std::uint32_t b = node(far, descFar);
            checkLid(m_sink, m_lineNo, local.lid, "\"" + std::string(descLocal) + "\"");
            checkLid(m_sink, m_lineNo, far.lid, "\"" + std::string(descFar) + "\"");
            m_cables.add(a, local.port, b, far.port, rate, m_lineNo);
            return;
        }
        node(local, unquote(rest));   // an unconnected port still tells the node's ports
        checkLid(m_sink, m_lineNo, local.lid, "\"" + std::string(unquote(rest)) + "\"");
    }

    void junk(std::string_view t)
    {
        ++m_fabric.skippedLines;
        m_sink.add("junk", m_lineNo, "not ibnetdiscover output, skipped: '" + excerpt(t) + "'");
    }

    std::uint32_t node(const PortEnd &e, std::string_view description)
    {
        const bool isSwitch = e.type == IbNodeType::Switch;
        const std::uint64_t base = isSwitch ? e.guid : e.guid - std::uint64_t(e.port);
        std::string key = (isSwitch ? "S" : "C") + hex16(base);
        if (!isSwitch)
            key.append(description);
        auto [it, fresh] = m_byKey.emplace(std::move(key), std::uint32_t(m_fabric.nodes.size()));
        if (fresh) {
            DiscoveredNode n;
            n.type = e.type;
            n.guid = isSwitch ? e.guid : 0;
            n.name = (isSwitch ? "S-" : e.type == IbNodeType::Router ? "R-" : "H-") + hex16(isSwitch ? e.guid : base);
            n.description = std::string(description);
            n.line = m_lineNo;
            m_fabric.nodes.push_back(std::move(n));
        }
        DiscoveredNode &n = m_fabric.nodes[it->second];
        if (n.description.empty())
            n.description = std::string(description);
        n.ports = std::max(n.ports, e.port);
        if (!isSwitch) {
            bool known = false;
            for (const auto &[p, g] : n.portGuids)
                known = known || p == e.port;
            if (!known)
                n.portGuids.emplace_back(e.port, e.guid);
        }
        return it->second;
    }

    DiscoveredFabric &m_fabric;
    FindingSink &m_sink;
    CableBuilder m_cables;
    std::unordered_map<std::string, std::uint32_t> m_byKey;
    int m_lineNo = 0;
};

} // namespace

void readPortsReport(std::string_view text, DiscoveredFabric &fabric, FindingSink &sink)
{
    fabric.format = DiscoveredFabric::Format::PortsReport;
    PortsReportReader(fabric, sink).read(text);
}

} // namespace cplan::ibreader
