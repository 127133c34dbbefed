// The topology file of ibnetdiscover(8), as its many versions and relatives print it:
//
//   vendid=0x2c9                       (ibdiagnet: vendid=0x02c9)
//   devid=0xd2f2
//   sysimgguid=0x...                   (with -g: "\t\t# Chassis 1 (...)")
//   switchguid=0x...(...)              (caguid=, rtguid=; ibsim's files may have none)
//   Switch  65 "S-..."  # "desc" enhanced port 0 lid 73 lmc 0      (Ca / Hca / Rt)
//   [1]  "H-..."[1](guid)  # "desc" lid 647 4xNDR                  (switch port)
//   [1](guid)  "S-..."[1]  # lid 2 lmc 0 "desc" lid 1 4xEDR        (CA port)
//   [1][ext 1]  "S-..."[3][ext 2]  # ...                            (-g external ports)
//
// Records end at a blank (or whitespace-only) line; "Chassis N", "Non-Chassis Nodes" and
// "Hostname:" lines start sections. Descriptions are quoted and may hold '#'.
#include "catalog/partlimits.h"
#include "io/ibreadersupport.h"

#include <algorithm>
#include <optional>
#include <unordered_map>

namespace cplan::ibreader {

namespace {

// IB port numbers are 8 bits and ibsim takes 1-255, but a design's switch has at most
// partlimits::kMaxSwitchPorts (255 means "no port" in forwarding tables): the import takes no
// more than the design reader will open again.
constexpr int kMaxPorts = partlimits::kMaxSwitchPorts;

struct PendingIds
{
    unsigned vendorId = 0, deviceId = 0;
    std::uint64_t systemGuid = 0, guid = 0;
};

// A port line before its remote is resolved (the remote may be described further down).
struct PendingPort
{
    std::uint32_t node;
    int port;
    std::string_view remote;
    int remotePort;
    LinkRate rate;
    int line;
};

bool isWordEnd(std::string_view s, std::size_t at) { return at >= s.size() || isSpace(s[at]) || isDigit(s[at]); }

// The quoted string starting at s[pos] == '"'; pos moves past the closing quote.
std::optional<std::string_view> quoted(std::string_view s, std::size_t &pos)
{
    if (pos >= s.size() || s[pos] != '"')
        return std::nullopt;
    const std::size_t end = s.find('"', pos + 1);
    if (end == std::string_view::npos)
        return std::nullopt;
    const std::string_view v = s.substr(pos + 1, end - pos - 1);
    pos = end + 1;
    return v;
}

void skipSpaces(std::string_view s, std::size_t &pos)
{
    while (pos < s.size() && isSpace(s[pos]))
        ++pos;
}

// "[N]" at pos; pos moves past it.
bool bracketNumber(std::string_view s, std::size_t &pos, int &out)
{
    if (pos >= s.size() || s[pos] != '[')
        return false;
    std::size_t i = pos + 1;
    long long v = 0;
    const std::size_t start = i;
    while (i < s.size() && isDigit(s[i]) && v < 100000)
        v = v * 10 + (s[i++] - '0');
    if (i == start || i >= s.size() || s[i] != ']')
        return false;
    out = int(v);
    pos = i + 1;
    return true;
}

// After a port number: any "[ext N]" (-g) and "(guid)" groups, in any order, spaces allowed.
void portDecorations(std::string_view s, std::size_t &pos, std::uint64_t *guid)
{
    for (;;) {
        std::size_t i = pos;
        skipSpaces(s, i);
        if (i < s.size() && s[i] == '[' && startsWith(s.substr(i + 1), "ext")) {
            const std::size_t close = s.find(']', i);
            if (close == std::string_view::npos)
                return;
            pos = close + 1;
        } else if (i < s.size() && s[i] == '(') {
            const std::size_t close = s.find(')', i);
            if (close == std::string_view::npos)
                return;
            std::uint64_t g = 0;
            if (guid && parseHex(trimBoth(s.substr(i + 1, close - i - 1)), g))
                *guid = g;
            pos = close + 1;
        } else {
            return;
        }
    }
}

// The description in a header comment: quoted (possibly holding '#' or quotes of its own)
// or, in ibsim's files, bare up to " enhanced port " / " base port " / " lid " / " lmc ".
std::string_view headerDescription(std::string_view comment, bool isSwitch, std::string_view &tail)
{
    comment = trimLeft(comment);
    tail = {};
    if (!comment.empty() && comment[0] == '"') {
        std::size_t end = std::string_view::npos;
        if (isSwitch)
            for (std::string_view marker : {"\" enhanced port", "\" base port"})
                if (const std::size_t at = comment.rfind(marker); at != std::string_view::npos && at > 0)
                    end = at;
        if (end == std::string_view::npos)
            end = comment.rfind('"');
        if (end == 0)   // one quote only: the line is cut
            return trimBoth(comment.substr(1));
        tail = comment.substr(end + 1);
        return comment.substr(1, end - 1);
    }
    std::size_t end = comment.size();
    for (std::string_view marker : {" enhanced port ", " base port ", " lid ", " lmc "})
        end = std::min(end, comment.find(marker));
    tail = comment.substr(end);
    return trimBoth(comment.substr(0, end));
}

// The value after the word "lid" in `s` ("" when the word is there without a value); nullopt
// when there is no "lid" at all.
std::optional<std::string_view> lidAfter(std::string_view s)
{
    std::size_t pos = 0;
    for (std::string_view t = nextToken(s, pos); !t.empty(); t = nextToken(s, pos))
        if (t == "lid") {
            std::size_t p2 = pos;
            std::string_view v = nextToken(s, p2);
            if (!v.empty() && v != "lmc" && !parseLinkRate(v) && v.find('?') == std::string_view::npos)
                return v;
            return std::string_view();
        }
    return std::nullopt;
}

// Width and speed from the end of a port comment: "4xNDR", "4x???", "??QDR", "?????".
LinkRate rateIn(std::string_view tail)
{
    std::size_t pos = 0;
    for (std::string_view t = nextToken(tail, pos); !t.empty(); t = nextToken(tail, pos))
        if (auto r = parseLinkRate(t))
            return *r;
    return {};
}

class TopologyReader
{
public:
    TopologyReader(DiscoveredFabric &fabric, FindingSink &sink) : m_fabric(fabric), m_sink(sink), m_cables(fabric, sink) {}

    void read(std::string_view text)
    {
        // A last line without its newline that does not read is a line cut in half.
        const bool cutLine = forEachLine(text, m_fabric, [&](std::string_view t, int number) {
            m_lineNo = number;
            line(t);
        });
        finishRecord(true, cutLine);
        resolve();
        m_cables.finish();
    }

private:
    enum class Record { None, Open, Skip };

    void line(std::string_view t)
    {
        if (t.empty()) {
            finishRecord(false, false);
            return;
        }
        if (t[0] == '#')
            return;
        if (startsWith(t, "DR path")) {
            ++m_fabric.progressLines;
            return;
        }
        if (idLine(t))
            return;
        if (startsWith(t, "Chassis ") || t == "Non-Chassis Nodes" || startsWith(t, "Hostname:")) {
            finishRecord(false, false);
            return;
        }
        if (header(t))
            return;
        if (t[0] == '[') {
            portLine(t);
            return;
        }
        if (t[0] == '@') {   // ibsim alias
            ++m_fabric.skippedLines;
            m_sink.add("junk", m_lineNo, "ibsim alias lines are not topology; skipped: '" + excerpt(t) + "'");
            return;
        }
        junk(t);
    }

    void junk(std::string_view t)
    {
        ++m_fabric.skippedLines;
        m_sink.add("junk", m_lineNo, "not ibnetdiscover output, skipped: '" + excerpt(t) + "'");
    }

    // vendid= devid= sysimgguid= switchguid= caguid= rtguid= (a new record's identifiers).
    bool idLine(std::string_view t)
    {
        static constexpr std::string_view keys[] = {"vendid=", "devid=", "sysimgguid=", "switchguid=", "caguid=", "rtguid="};
        for (std::size_t k = 0; k < std::size(keys); ++k) {
            if (!startsWith(t, keys[k]))
                continue;
            finishRecord(false, false);
            std::string_view v = t.substr(keys[k].size());
            std::size_t end = 0;
            while (end < v.size() && !isSpace(v[end]) && v[end] != '(' && v[end] != '#')
                ++end;
            std::uint64_t value = 0;
            if (!parseHex(v.substr(0, end), value)) {
                m_sink.add("record", m_lineNo, "malformed value in '" + excerpt(t) + "'; ignored");
                return true;
            }
            switch (k) {
            case 0: m_pending.vendorId = unsigned(value & 0xffffffffu); break;
            case 1: m_pending.deviceId = unsigned(value & 0xffffffffu); break;
            case 2: m_pending.systemGuid = value; break;
            default: m_pending.guid = value; break;
            }
            return true;
        }
        return false;
    }

    bool header(std::string_view t)
    {
        IbNodeType type;
        std::size_t pos;
        if (startsWith(t, "Switch") && isWordEnd(t, 6)) {
            type = IbNodeType::Switch;
            pos = 6;
        } else if (startsWith(t, "Hca") && isWordEnd(t, 3)) {
            type = IbNodeType::Ca;
            pos = 3;
        } else if (startsWith(t, "Ca") && isWordEnd(t, 2)) {
            type = IbNodeType::Ca;
            pos = 2;
        } else if (startsWith(t, "Rt") && isWordEnd(t, 2)) {
            type = IbNodeType::Router;
            pos = 2;
        } else {
            return false;
        }
        skipSpaces(t, pos);
        long long ports = 0;
        const std::size_t digits = pos;
        while (pos < t.size() && isDigit(t[pos]) && ports < 100000)
            ports = ports * 10 + (t[pos++] - '0');
        skipSpaces(t, pos);
        auto name = quoted(t, pos);
        if (pos == digits || !name || name->empty())
            return false;   // "Can't open ...", "Switches:" and the like are not headers
        finishRecord(false, false);
        // A switch numbers its ports with one byte; an adapter or router has a few (partlimits.h).
        const int maxPorts = type == IbNodeType::Switch ? kMaxPorts : partlimits::kMaxHcaPorts;
        if (ports < 1 || ports > maxPorts) {
            m_sink.add("record", m_lineNo, "\"" + std::string(*name) + "\": port count " + std::to_string(ports) +
                                               " is not 1 to " + std::to_string(maxPorts) + "; the record is skipped");
            m_record = Record::Skip;
            return true;
        }
        if (auto it = m_byName.find(*name); it != m_byName.end()) {
            m_sink.add("record", m_lineNo, "\"" + std::string(*name) + "\" is described twice (first on line " +
                                               std::to_string(m_fabric.nodes[it->second].line) + "); the second record is skipped");
            m_record = Record::Skip;
            return true;
        }
        DiscoveredNode node;
        node.type = type;
        node.name = std::string(*name);
        node.ports = int(ports);
        node.line = m_lineNo;
        node.vendorId = m_pending.vendorId;
        node.deviceId = m_pending.deviceId;
        node.systemGuid = m_pending.systemGuid;
        node.guid = m_pending.guid ? m_pending.guid : guidFromNodeName(*name);
        m_pending = {};
        if (const std::size_t hash = t.find('#', pos); hash != std::string_view::npos) {
            std::string_view tail;
            node.description = std::string(headerDescription(t.substr(hash + 1), type == IbNodeType::Switch, tail));
            if (auto lid = lidAfter(tail))
                checkLid(m_sink, m_lineNo, *lid, "\"" + node.name + "\"");
        }
        m_byName.emplace(*name, std::uint32_t(m_fabric.nodes.size()));
        m_fabric.nodes.push_back(std::move(node));
        m_current = std::uint32_t(m_fabric.nodes.size() - 1);
        m_record = Record::Open;
        m_recordPorts = 0;
        return true;
    }

    void portLine(std::string_view t)
    {
        if (m_record == Record::Skip)
            return;
        if (m_record == Record::None) {
            ++m_fabric.skippedLines;
            m_sink.add("port", m_lineNo, "port line outside a node record; skipped: '" + excerpt(t) + "'");
            return;
        }
        DiscoveredNode &node = m_fabric.nodes[m_current];
        ++m_recordPorts;
        std::size_t pos = 0;
        int port = 0, remotePort = 1;
        std::uint64_t localGuid = 0;
        if (!bracketNumber(t, pos, port))
            return badPort(t, "no port number [N]");
        portDecorations(t, pos, &localGuid);
        skipSpaces(t, pos);
        auto remote = quoted(t, pos);
        if (!remote || remote->empty())
            return badPort(t, "no quoted remote node");
        if (!bracketNumber(t, pos, remotePort)) {
            if (pos < t.size() && t[pos] == '[')
                return badPort(t, "malformed remote port");
            remotePort = 1;   // ibsim: a remote without [port] is port 1
        }
        portDecorations(t, pos, nullptr);
        if (port < 1 || port > node.ports)
            return badPort(t, "port " + std::to_string(port) + " is not one of the " + std::to_string(node.ports) + " ports of \"" +
                                  node.name + "\"");
        if (remotePort < 1 || remotePort > kMaxPorts)
            return badPort(t, "remote port " + std::to_string(remotePort) + " is not 1 to " + std::to_string(kMaxPorts));
        if (localGuid && node.type != IbNodeType::Switch)
            node.portGuids.emplace_back(port, localGuid);
        LinkRate rate;
        if (const std::size_t hash = t.find('#', pos); hash != std::string_view::npos) {
            const std::string_view comment = t.substr(hash + 1);
            const std::size_t lastQuote = comment.rfind('"');
            const std::string_view tail = lastQuote == std::string_view::npos ? comment : comment.substr(lastQuote + 1);
            rate = rateIn(tail);
            if (auto lid = lidAfter(tail))
                checkLid(m_sink, m_lineNo, *lid, "the far end of \"" + node.name + "\"[" + std::to_string(port) + "]");
            if (node.type != IbNodeType::Switch && lastQuote != std::string_view::npos)
                if (const std::size_t firstQuote = comment.find('"'); firstQuote != lastQuote)
                    if (auto lid = lidAfter(comment.substr(0, firstQuote)))
                        checkLid(m_sink, m_lineNo, *lid, "\"" + node.name + "\"[" + std::to_string(port) + "]");
        }
        m_pendingPorts.push_back(PendingPort{m_current, port, *remote, remotePort, rate, m_lineNo});
    }

    void badPort(std::string_view t, const std::string &why)
    {
        ++m_fabric.skippedLines;
        m_sink.add("port", m_lineNo, why + "; skipped: '" + excerpt(t) + "'");
    }

    // A record ends; at the end of the file, a last record with no port lines (or a last line
    // without its end) means the file was cut.
    void finishRecord(bool atEnd, bool cutLine)
    {
        if (cutLine) {
            m_fabric.cut = true;
            m_sink.add("cut", m_lineNo, "the last line is incomplete: the file looks cut; what is whole was read");
        } else if (atEnd && m_record == Record::Open && m_recordPorts == 0) {
            m_fabric.cut = true;
            m_sink.add("cut", m_fabric.nodes[m_current].line,
                       "the file ends after the header of \"" + m_fabric.nodes[m_current].name +
                           "\" with no port lines: it looks cut; what is whole was read");
        }
        m_record = Record::None;
    }

    void resolve()
    {
        // A name that differs only in leading zeros ("H-2c9..." for "H-0002c9...") is the
        // node with that GUID.
        std::unordered_map<std::uint64_t, std::uint32_t> byGuid;
        for (std::uint32_t i = 0; i < m_fabric.nodes.size(); ++i)
            if (const std::uint64_t g = guidFromNodeName(m_fabric.nodes[i].name))
                byGuid.emplace(g, i);
        for (const PendingPort &p : m_pendingPorts) {
            auto it = m_byName.find(p.remote);
            if (it == m_byName.end())
                if (auto g = byGuid.find(guidFromNodeName(p.remote)); g != byGuid.end() && g->first != 0)
                    it = m_byName.find(m_fabric.nodes[g->second].name);
            if (it == m_byName.end()) {
                m_sink.add("remote", p.line, "\"" + m_fabric.nodes[p.node].name + "\"[" + std::to_string(p.port) + "] is cabled to \"" +
                                                 std::string(p.remote) + "\", which has no record in the file; cable skipped");
                continue;
            }
            const DiscoveredNode &far = m_fabric.nodes[it->second];
            if (p.remotePort > far.ports) {
                m_sink.add("port", p.line, "remote port " + std::to_string(p.remotePort) + " is not one of the " +
                                               std::to_string(far.ports) + " ports of \"" + far.name + "\"; cable skipped");
                continue;
            }
            m_cables.add(p.node, p.port, it->second, p.remotePort, p.rate, p.line);
        }
        m_pendingPorts.clear();
    }

    DiscoveredFabric &m_fabric;
    FindingSink &m_sink;
    CableBuilder m_cables;
    PendingIds m_pending;
    std::unordered_map<std::string_view, std::uint32_t> m_byName;   // views into the text
    std::vector<PendingPort> m_pendingPorts;
    Record m_record = Record::None;
    std::uint32_t m_current = 0;
    int m_recordPorts = 0;
    int m_lineNo = 0;
};

} // namespace

void readTopology(std::string_view text, DiscoveredFabric &fabric, FindingSink &sink)
{
    TopologyReader(fabric, sink).read(text);
}

} // namespace cplan::ibreader
