#pragma once

// Pieces the two ibnetdiscover formats share (topology file, ports report): small scanners,
// the findings collector, and the builder that turns the ports each line lists into cables.
// Internal to core/io.

#include "io/ibnetdiscoverreader.h"

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace cplan::ibreader {

inline bool isSpace(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v'; }
inline bool isDigit(char c) { return c >= '0' && c <= '9'; }

std::string_view trimLeft(std::string_view s);
std::string_view trimBoth(std::string_view s);
bool startsWith(std::string_view s, std::string_view prefix);
// The next whitespace-separated token of `s` from `pos` (pos moves past it); empty at the end.
std::string_view nextToken(std::string_view s, std::size_t &pos);
// Hexadecimal with or without "0x", up to 16 digits.
bool parseHex(std::string_view s, std::uint64_t &out);
// A decimal number (optionally negative); false when `s` is not one.
bool parseDecimal(std::string_view s, long long &out);
// "S-0002c903..." / "H-..." / "R-...": the GUID ibnetdiscover puts in its node names; 0 if none.
std::uint64_t guidFromNodeName(std::string_view name);
std::string hex16(std::uint64_t v);
// A line shortened for quoting in a message.
std::string excerpt(std::string_view line);

// Collects findings; each kind keeps its first kMaxShown examples and counts the rest.
class FindingSink
{
public:
    static constexpr int kMaxShown = 20;
    explicit FindingSink(std::vector<ReadFinding> &out) : m_out(out) {}
    void add(const char *kind, int line, std::string message);
    // Appends "... and N more" lines for the kinds that overflowed.
    void finish();

private:
    struct Kind
    {
        int count = 0;
        std::string what;
    };
    std::vector<ReadFinding> &m_out;
    std::map<std::string, Kind> m_kinds;
};

// Notes a LID that is empty, not a number, zero, negative or multicast. LIDs do not matter
// to the topology, so this only informs.
void checkLid(FindingSink &sink, int line, std::string_view lid, std::string_view whose);

// Turns "port A[p] is cabled to B[q]" statements (each cable is usually stated from both
// ends) into cables: a statement and its mirror make one cable; a port claimed by two
// different cables keeps the first and reports the other.
class CableBuilder
{
public:
    CableBuilder(DiscoveredFabric &fabric, FindingSink &sink) : m_fabric(fabric), m_sink(sink) {}
    void add(std::uint32_t a, int portA, std::uint32_t b, int portB, const LinkRate &rate, int line);
    void finish();

private:
    struct Half
    {
        std::uint32_t a, b;
        int portA, portB;
        LinkRate rate;
        int line;
    };
    static std::uint64_t key(std::uint32_t node, int port) { return (std::uint64_t(node) << 20) | std::uint64_t(port & 0xfffff); }
    std::string where(std::uint32_t node, int port) const;

    DiscoveredFabric &m_fabric;
    FindingSink &m_sink;
    std::vector<Half> m_halves;
};

// Feeds every line (trimmed, with its number) to `line`; sets fabric.lines. Returns whether
// the text ends in a line cut in half: no newline after it, and it did not read (it added to
// fabric.skippedLines).
template<class LineFn>
bool forEachLine(std::string_view text, DiscoveredFabric &fabric, LineFn &&line)
{
    std::size_t pos = 0;
    int number = 0;
    bool lastSkipped = false;
    while (pos < text.size()) {
        std::size_t end = text.find('\n', pos);
        if (end == std::string_view::npos)
            end = text.size();
        const int skippedBefore = fabric.skippedLines;
        line(trimBoth(text.substr(pos, end - pos)), ++number);
        lastSkipped = fabric.skippedLines > skippedBefore;
        pos = end + 1;
    }
    fabric.lines = number;
    return !text.empty() && text.back() != '\n' && lastSkipped;
}

// The two parsers (text already without a byte order mark).
void readTopology(std::string_view text, DiscoveredFabric &fabric, FindingSink &sink);
void readPortsReport(std::string_view text, DiscoveredFabric &fabric, FindingSink &sink);
// Whether a line is one of the ports report's, e.g. "CA  134  1 0x7cfe9003003b4bde 4x EDR ...".
bool isPortsReportLine(std::string_view line);

} // namespace cplan::ibreader
