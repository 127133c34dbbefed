#pragma once

#include "model/linkrate.h"
#include "util/error.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace cplan {

// What ibnetdiscover (and its relatives: ibsim's net files, ibdiagnet's .ibnetdiscover, the
// `ibnetdiscover -p` ports report) says about a fabric, before any of it becomes a design.
// The reader is forgiving: whatever is not topology (shell prompts, stderr lines, `-s`
// progress lines, a cut last record) is skipped and reported with its line, never fatal.

enum class IbNodeType { Switch, Ca, Router };

struct DiscoveredNode
{
    IbNodeType type = IbNodeType::Ca;
    std::string name;            // the node's quoted id ("S-0002c903...", ibsim's "Switch1")
    std::string description;     // NodeDescription; empty when the file gives none
    std::uint64_t guid = 0;      // node GUID; 0 = not in the file
    std::uint64_t systemGuid = 0;
    unsigned vendorId = 0;       // 0 = not in the file
    unsigned deviceId = 0;
    int ports = 0;               // port count of the header; a ports report has none: the highest port seen
    int line = 0;                // where the node is first described
    std::vector<std::pair<int, std::uint64_t>> portGuids;   // (port, GUID) of CA and router ports
};

struct DiscoveredCable
{
    std::uint32_t a = 0, b = 0;  // node indices; a == b for a self-loop cable
    int portA = 0, portB = 0;
    LinkRate rate;               // active width and speed; unknown when the file says "??" / "???"
    int line = 0;                // first line that lists it
};

struct ReadFinding
{
    int line = 0;                // 0 = about the whole file
    std::string message;
};

struct DiscoveredFabric
{
    enum class Format { Topology, PortsReport };
    Format format = Format::Topology;
    std::vector<DiscoveredNode> nodes;
    std::vector<DiscoveredCable> cables;
    // Everything skipped or doubtful, each with its line. Repetitive kinds (junk lines, odd
    // LIDs) keep their first examples and end with a line counting the rest.
    std::vector<ReadFinding> findings;
    int lines = 0;
    int skippedLines = 0;        // lines that are not topology (prompts, stderr, garbage)
    int progressLines = 0;       // `ibnetdiscover -s` "DR path ..." lines
    bool cut = false;            // the file ends inside a record or a line
};

// Reads a topology file or a ports report; the format is detected from the content. Fails
// only when the text holds no node at all (then it is not ibnetdiscover output).
Result<DiscoveredFabric> readIbnetdiscover(std::string_view text, const std::string &fileName);

} // namespace cplan
