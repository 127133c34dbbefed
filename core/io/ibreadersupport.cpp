#include "io/ibreadersupport.h"

#include "util/strings.h"

#include <utf8.h>

#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <unordered_map>

namespace cplan {

namespace ibreader {

std::string_view trimLeft(std::string_view s)
{
    std::size_t i = 0;
    while (i < s.size() && isSpace(s[i]))
        ++i;
    return s.substr(i);
}

std::string_view trimBoth(std::string_view s)
{
    s = trimLeft(s);
    while (!s.empty() && isSpace(s.back()))
        s.remove_suffix(1);
    return s;
}

bool startsWith(std::string_view s, std::string_view prefix)
{
    return s.size() >= prefix.size() && s.compare(0, prefix.size(), prefix) == 0;
}

std::string_view nextToken(std::string_view s, std::size_t &pos)
{
    while (pos < s.size() && isSpace(s[pos]))
        ++pos;
    const std::size_t start = pos;
    while (pos < s.size() && !isSpace(s[pos]))
        ++pos;
    return s.substr(start, pos - start);
}

bool parseHex(std::string_view s, std::uint64_t &out)
{
    if (startsWith(s, "0x") || startsWith(s, "0X"))
        s.remove_prefix(2);
    if (s.empty() || s.size() > 16)
        return false;
    std::uint64_t v = 0;
    for (char c : s) {
        int d;
        if (c >= '0' && c <= '9')
            d = c - '0';
        else if (c >= 'a' && c <= 'f')
            d = c - 'a' + 10;
        else if (c >= 'A' && c <= 'F')
            d = c - 'A' + 10;
        else
            return false;
        v = (v << 4) | std::uint64_t(d);
    }
    out = v;
    return true;
}

bool parseDecimal(std::string_view s, long long &out)
{
    bool negative = false;
    if (!s.empty() && (s[0] == '-' || s[0] == '+')) {
        negative = s[0] == '-';
        s.remove_prefix(1);
    }
    if (s.empty() || s.size() > 12)
        return false;
    long long v = 0;
    for (char c : s) {
        if (!isDigit(c))
            return false;
        v = v * 10 + (c - '0');
    }
    out = negative ? -v : v;
    return true;
}

std::uint64_t guidFromNodeName(std::string_view name)
{
    if (name.size() < 3 || name[1] != '-' || (name[0] != 'S' && name[0] != 'H' && name[0] != 'R'))
        return 0;
    std::uint64_t g = 0;
    return parseHex(name.substr(2), g) ? g : 0;
}

std::string hex16(std::uint64_t v)
{
    char buf[20];
    std::snprintf(buf, sizeof buf, "%016" PRIx64, v);
    return buf;
}

std::string excerpt(std::string_view line)
{
    line = trimBoth(line);
    std::string out;
    for (char c : line.substr(0, 70))
        out += (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) ? '?' : c;
    if (line.size() > 70)
        out += "...";
    return out;
}

void FindingSink::add(const char *kind, int line, std::string message)
{
    Kind &k = m_kinds[kind];
    if (++k.count <= kMaxShown)
        m_out.push_back(ReadFinding{line, std::move(message)});
}

void FindingSink::finish()
{
    static const std::map<std::string, std::string> what = {
        {"junk", "lines that are not ibnetdiscover output"}, {"lid", "unusual LIDs"},
        {"conflict", "conflicting port statements"},       {"port", "unusable port lines"},
        {"remote", "cables to nodes that are not in the file"}, {"record", "unusable node records"},
        {"not-utf8", "lines with bytes that are not UTF-8"}};
    for (const auto &[kind, k] : m_kinds)
        if (k.count > kMaxShown) {
            auto it = what.find(kind);
            m_out.push_back(ReadFinding{0, "... and " + std::to_string(k.count - kMaxShown) + " more " +
                                               (it == what.end() ? kind : it->second) + " (" + std::to_string(k.count) +
                                               " in all)"});
        }
}

namespace {

// "The LID is ..." for a LID that needs a note; empty for a normal unicast LID.
std::string lidProblem(std::string_view lid)
{
    if (lid.empty())
        return "no LID";
    long long v = 0;
    std::uint64_t h = 0;
    if (startsWith(lid, "0x") && parseHex(lid, h))
        v = h > 0xffffffffull ? 0x100000000ll : static_cast<long long>(h);
    else if (!parseDecimal(lid, v))
        return "LID '" + std::string(lid.substr(0, 20)) + "' is not a number";
    if (v == 0)
        return "LID 0 (not assigned)";
    if (v < 0)
        return "negative LID " + std::to_string(v);
    if (v >= 0xC000 && v <= 0xFFFE)
        return "multicast LID " + std::to_string(v);
    if (v > 0xFFFF)
        return "LID " + std::to_string(v) + " beyond 65535";
    return {};
}

} // namespace

void checkLid(FindingSink &sink, int line, std::string_view lid, std::string_view whose)
{
    const std::string problem = lidProblem(lid);
    if (!problem.empty())
        sink.add("lid", line, problem + (whose.empty() ? std::string() : " for " + std::string(whose)) +
                                  "; LIDs do not matter to the topology, read on");
}

std::string CableBuilder::where(std::uint32_t node, int port) const
{
    const DiscoveredNode &n = m_fabric.nodes[node];
    const std::string &label = n.description.empty() ? n.name : n.description;
    return "\"" + label + "\"[" + std::to_string(port) + "]";
}

void CableBuilder::add(std::uint32_t a, int portA, std::uint32_t b, int portB, const LinkRate &rate, int line)
{
    if (a == b && portA == portB) {
        m_sink.add("port", line, "port " + where(a, portA) + " is cabled to itself; skipped");
        return;
    }
    m_halves.push_back(Half{a, b, portA, portB, rate, line});
}

void CableBuilder::finish()
{
    // First statement about each port, in file order.
    std::unordered_map<std::uint64_t, std::size_t> stated;
    stated.reserve(m_halves.size());
    for (std::size_t i = 0; i < m_halves.size(); ++i)
        stated.emplace(key(m_halves[i].a, m_halves[i].portA), i);

    std::unordered_map<std::uint64_t, std::size_t> cableAt;   // port -> cable index
    cableAt.reserve(m_halves.size());
    std::vector<char> consumed(m_halves.size(), 0);
    for (std::size_t i = 0; i < m_halves.size(); ++i) {
        if (consumed[i])
            continue;
        const Half &h = m_halves[i];
        const std::uint64_t ka = key(h.a, h.portA), kb = key(h.b, h.portB);
        auto usedA = cableAt.find(ka);
        auto usedB = cableAt.find(kb);
        if (usedA != cableAt.end() || usedB != cableAt.end()) {
            const DiscoveredCable &c = m_fabric.cables[(usedA != cableAt.end() ? usedA : usedB)->second];
            const bool same = (c.a == h.a && c.portA == h.portA && c.b == h.b && c.portB == h.portB) ||
                              (c.a == h.b && c.portA == h.portB && c.b == h.a && c.portB == h.portA);
            if (!same)
                m_sink.add("conflict", h.line,
                           where(h.a, h.portA) + " -> " + where(h.b, h.portB) + " contradicts line " + std::to_string(c.line) +
                               " (" + where(c.a, c.portA) + " -> " + where(c.b, c.portB) + "); kept line " +
                               std::to_string(c.line));
            continue;
        }
        DiscoveredCable cable{h.a, h.b, h.portA, h.portB, h.rate, h.line};
        if (auto mirror = stated.find(kb); mirror != stated.end() && mirror->second != i) {
            const Half &m = m_halves[mirror->second];
            if (m.b == h.a && m.portB == h.portA) {
                consumed[mirror->second] = 1;
                if (!cable.rate.known())
                    cable.rate = m.rate;
            }
        }
        cableAt.emplace(ka, m_fabric.cables.size());
        cableAt.emplace(kb, m_fabric.cables.size());
        m_fabric.cables.push_back(std::move(cable));
    }
    m_halves.clear();
}

bool isPortsReportLine(std::string_view line)
{
    std::size_t pos = 0;
    const std::string_view type = nextToken(line, pos);
    if (type != "SW" && type != "CA" && type != "RT" && type != "??")
        return false;
    long long lid = 0, port = 0;
    std::uint64_t guid = 0;
    return parseDecimal(nextToken(line, pos), lid) && parseDecimal(nextToken(line, pos), port) &&
           parseHex(nextToken(line, pos), guid);
}

namespace {

// Unicode noncharacters: U+FDD0..U+FDEF and the last two code points of every plane (U+FFFE,
// U+FFFF, U+1FFFE, ...). Valid UTF-8, but not text: yaml-cpp writes each as U+FFFD, so a part
// model holding one was saved as another model than the one imported (fuzz finding).
bool isNoncharacter(std::uint32_t c)
{
    return (c >= 0xFDD0 && c <= 0xFDEF) || (c & 0xFFFE) == 0xFFFE;
}

bool hasNoncharacter(std::string_view valid)
{
    for (auto it = valid.begin(); it != valid.end();)
        if (isNoncharacter(utf8::unchecked::next(it)))
            return true;
    return false;
}

// `text` as text: bytes that are not UTF-8, and noncharacters, as U+FFFD.
std::string asText(std::string_view text)
{
    std::string valid, out;
    utf8::replace_invalid(text.begin(), text.end(), std::back_inserter(valid));
    out.reserve(valid.size());
    for (auto it = valid.cbegin(); it != valid.cend();) {
        const auto start = it;
        if (isNoncharacter(utf8::unchecked::next(it)))
            utf8::unchecked::append(char32_t(0xFFFD), std::back_inserter(out));
        else
            out.append(start, it);
    }
    return out;
}

// Node descriptions are free text set on each host: a byte that is not UTF-8 would make every
// file the import is saved to unreadable (YAML is UTF-8), and a noncharacter would be saved as
// another text; each reads as U+FFFD, noted on its line. Empty when `text` needs nothing.
std::string repairText(std::string_view text, FindingSink &sink)
{
    const bool invalid = utf8::find_invalid(text.begin(), text.end()) != text.end();
    if (!invalid && !hasNoncharacter(text))
        return {};
    LineReader lines{text};
    std::string_view line;
    int lineNo = 0;
    while (lines.next(line)) {
        ++lineNo;
        if (utf8::find_invalid(line.begin(), line.end()) != line.end())
            sink.add("not-utf8", lineNo, "bytes that are not UTF-8 read as U+FFFD in '" + excerpt(asText(line)) + "'");
        else if (hasNoncharacter(line))
            sink.add("not-utf8", lineNo,
                     "a Unicode noncharacter (such as U+FFFF: not text) read as U+FFFD in '" + excerpt(asText(line)) + "'");
    }
    return asText(text);
}

} // namespace

} // namespace ibreader

Result<DiscoveredFabric> readIbnetdiscover(std::string_view text, const std::string &fileName)
{
    using namespace ibreader;
    if (startsWith(text, "\xEF\xBB\xBF"))
        text.remove_prefix(3);
    DiscoveredFabric fabric;
    FindingSink sink(fabric.findings);
    std::string_view line;
    const std::string repaired = repairText(text, sink);
    if (!repaired.empty())
        text = repaired;

    // The format: whichever kind of data line comes first.
    LineReader probe{text};
    while (probe.next(line)) {
        const std::string_view t = trimLeft(line);
        if (isPortsReportLine(t)) {
            fabric.format = DiscoveredFabric::Format::PortsReport;
            break;
        }
        if (startsWith(t, "Switch") || startsWith(t, "Ca") || startsWith(t, "Hca") || startsWith(t, "Rt") ||
            startsWith(t, "switchguid=") || startsWith(t, "caguid=") || startsWith(t, "vendid="))
            break;
    }
    if (fabric.format == DiscoveredFabric::Format::PortsReport)
        readPortsReport(text, fabric, sink);
    else
        readTopology(text, fabric, sink);
    sink.finish();
    if (fabric.nodes.empty()) {
        // Say where the first thing that did not read was: that is usually the problem.
        const ReadFinding *first = nullptr;
        for (const ReadFinding &f : fabric.findings)
            if (!first && f.line > 0)
                first = &f;
        return makeError(fileName, first ? first->line : 0, 0,
                         "no InfiniBand node found: this is not ibnetdiscover output (neither a topology with Switch/Ca "
                         "records nor an `ibnetdiscover -p` ports report)" +
                             (first ? "; the first line that does not read: " + first->message : std::string()));
    }
    return fabric;
}

} // namespace cplan
