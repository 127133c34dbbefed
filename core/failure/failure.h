#pragma once

#include "routing/fabric.h"
#include "util/error.h"

#include <cstdint>
#include <string>
#include <vector>

namespace cplan {

class Catalog;
class Design;

// What to take out: design ids of links, switches and servers. The analysis of a design with
// failures (before and after, what is lost) is core/analysis/network.h; these are its parts.
struct FailureSpec
{
    std::vector<std::string> links;
    std::vector<std::string> switches;
    std::vector<std::string> servers;   // any node that is not a switch (management too)
    bool empty() const { return links.empty() && switches.empty() && servers.empty(); }
};

// Sorts design ids (links or nodes, as the window collects them) into a spec. Ids that name
// nothing in the design are left out.
FailureSpec failureSpecFromIds(const Design &design, const std::vector<std::string> &ids);

// The spec's ids as design ids. Errors: an id that names nothing, a switch listed as a server
// or the reverse (the message names the id).
struct ResolvedFailures
{
    std::vector<LinkId> links;
    std::vector<NodeId> nodes;
};
Result<ResolvedFailures> resolveFailures(const Design &design, const FailureSpec &spec);

// Takes the failed elements out of the fabric in place (no rebuild).
void applyFailures(Fabric &fabric, const ResolvedFailures &failures);

// The cables a failure takes out: the failed links and every link of a failed node, each once,
// and their capacity (each link at its speed, the lower of its ends).
struct FailedCables
{
    int links = 0;
    double capacityGbps = 0;
};
FailedCables failedCables(const Design &design, const Catalog &catalog, const FailureSpec &spec);

} // namespace cplan
