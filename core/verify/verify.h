#pragma once

#include "model/design.h"
#include "util/error.h"

#include <cstdint>
#include <string>
#include <vector>

namespace cplan {

class Catalog;

// The fabric as installed: a design read from an ibnetdiscover dump (or a second design file),
// with the GUIDs the dump gave for each node (empty when it came from a design file).
struct AsBuilt
{
    Design design;
    std::vector<std::vector<std::uint64_t>> nodeGuids;   // per design node; may be empty
    std::string source;                                 // the file it came from
    bool fromDump = false;
    std::vector<std::string> notes;                     // what the import said, "file:line: message"
};

// Reads an as-built file: a design file (format: cluster-planner/...) or ibnetdiscover output
// (topology or ports report), whichever it is. Errors name the file (and line).
Result<AsBuilt> loadAsBuilt(const std::string &path, const Catalog &catalog);
Result<AsBuilt> parseAsBuilt(const std::string &text, const std::string &fileName, const Catalog &catalog);

enum class CableVerdict { Ok, Missing, Unexpected, Misconnected, Different };
enum class NodeVerdict { Missing, Unexpected, DifferentPart };
enum class MatchMethod { Guid, Name, Position };
const char *toString(CableVerdict v);   // "ok", "missing", "unexpected", "misconnected", "different"
const char *toString(NodeVerdict v);    // "node-missing", "node-unexpected", "different-part"
const char *toString(MatchMethod m);    // "guid", "name", "position"

// One end of a cable, said in the plan's terms where the plan knows the node.
struct VerifyEnd
{
    std::string node;        // node id: the plan's; for a node only the as-built has, the as-built's
    std::string device;      // display name
    int port = 0;            // design port number (the plan's when inPlan); 0 = the plan has no such port
    std::string portLabel;   // as on the cable plan: "1/2", "HCA-3/1"
    std::string rack;
    bool inPlan = false;     // the node is a plan node (matched, or missing from the as-built)
    bool valid() const { return !node.empty(); }
};

struct CableFinding
{
    CableVerdict verdict = CableVerdict::Ok;
    std::string plannedLink, foundLink;   // link ids in the plan and in the as-built ("" when none)
    std::string label;                    // the cable's label (the plan's; built the same way for unexpected ones)
    VerifyEnd plannedA, plannedB;         // where the plan has it (not for unexpected)
    VerifyEnd foundA, foundB;             // where it was found (not for missing); A on the plan's A side
    int rightEnd = -1;                    // misconnected: the planned end that is right (0 = A, 1 = B)
    int swapWith = -1;                    // misconnected: the other cable of a swapped pair (index in cables)
    double plannedGbps = 0, foundGbps = 0;
    std::string plannedRate, foundRate;   // "4xHDR"; planned = ports' rate at 4x
    std::string message;                  // one sentence for people
};

struct NodeFinding
{
    NodeVerdict verdict = NodeVerdict::Missing;
    std::string planNode, foundNode;      // ids ("" on the side that has none)
    std::string device;
    std::string plannedPart, foundPart;
    std::string message;
};

struct NodeMatch
{
    std::string planNode, foundNode;
    MatchMethod method = MatchMethod::Name;
};

struct VerifySummary
{
    int planned = 0, found = 0;
    int ok = 0, missing = 0, unexpected = 0, misconnected = 0, different = 0;
    int swappedPairs = 0;
    int nodesMissing = 0, nodesUnexpected = 0, nodesDifferent = 0;
    int matchedByGuid = 0, matchedByName = 0, matchedByPosition = 0;
};

struct VerifyResult
{
    VerifySummary summary;
    std::vector<CableFinding> cables;     // every planned and every found cable once (ok ones too)
    std::vector<NodeFinding> nodes;
    std::vector<NodeMatch> matches;
    bool agree() const
    {
        const VerifySummary &s = summary;
        return s.missing + s.unexpected + s.misconnected + s.different + s.nodesMissing + s.nodesUnexpected + s.nodesDifferent == 0;
    }
};

// The one verification question: does the installed fabric match the plan, cable by cable?
// Nodes are matched by GUID where both sides have them, else by name, else by their place
// in the tree (the matched neighbours they are cabled to). Two cables exchanged at one end
// are two misconnected findings that point at each other (swapWith).
// With a plane (1-based) of a multi-plane plan, the as-built is that plane's subnet (a dump
// taken on it): the plan is the plane's switches and links and the servers cabled into it, whose
// HCAs in the plane the dump shows in order (verifying a whole multi-plane plan against one
// plane's dump would find the other planes missing).
VerifyResult verifyAsBuilt(const Design &plan, const AsBuilt &found, const Catalog &catalog, int plane = 0);

} // namespace cplan
