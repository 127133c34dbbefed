#pragma once

#include "routing/fabric.h"
#include "util/error.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cplan {

enum class RoutingEngine { FTree, UpDown, MinHop };
const char *toString(RoutingEngine engine);                       // "ftree", "updown", "minhop"
std::optional<RoutingEngine> routingEngineFromString(std::string_view name);   // also "updn"

// Output port of "no route" in a table (OpenSM writes 255 for unreachable LIDs too).
inline constexpr std::uint8_t kNoPort = 255;

// Forwarding tables: for every switch (Fabric::switches() slot) and every endpoint, the
// output port. A switch's own LID forwards to port 0. Flat: slot * endpoints + endpoint.
struct RoutingTables
{
    RoutingEngine engine = RoutingEngine::FTree;
    std::uint32_t endpointCount = 0;
    std::vector<std::uint8_t> ports;
    bool fellBack = false;           // ftree on a fabric that is not a fat tree -> minhop
    std::vector<std::string> notes;
    std::vector<std::uint32_t> roots;   // updown: the root switches (fabric node indices)

    std::uint8_t port(std::uint32_t switchSlot, std::uint32_t endpoint) const
    {
        return ports[std::size_t(switchSlot) * endpointCount + endpoint];
    }
    std::uint8_t &port(std::uint32_t switchSlot, std::uint32_t endpoint)
    {
        return ports[std::size_t(switchSlot) * endpointCount + endpoint];
    }
};

struct RoutingOptions
{
    RoutingEngine engine = RoutingEngine::FTree;
    std::vector<std::uint32_t> roots;   // updown roots (fabric nodes); empty = detect
    unsigned threads = 0;               // 0 = hardware concurrency
    // Asked per switch (ftree) or destination switch (updown, minhop); true stops the routing
    // with incomplete tables (for a run that is being cancelled). Empty: never.
    std::function<bool()> cancelled;
};

// Computes forwarding tables.
//  ftree:  D-mod-K on tiers. Endpoint j (canonical order) leaves a tier-t switch on up port
//          (j / M_t) mod U (M_1 = 1, M_t+1 = M_t x up-groups of tier t; group = r mod G, then
//          the parallel cable), and comes down the parallel cable of the same digit, so a
//          shift permutation loads every link of a non-blocking tree exactly once. Failed
//          links and switches are routed around (up*/down* over live ports): where a switch
//          has lost up ports, or some lead no longer to a leaf, its routes to that leaf are
//          dealt afresh over the live ones, turned by the switch's place in its tier so that
//          the displaced routes spread over every surviving path instead of landing on one;
//          routes avoid a switch that would take their destination down a dead cable of a
//          parallel group (its live twins keep their own share). A fabric without
//          consistent tiers falls back to minhop like OpenSM (fellBack, a note).
//  updown: up*/down* from roots (given, the top tier, or the switches of least eccentricity);
//          shortest legal paths, balanced over equal ports (with failures, also over the next
//          switches toward each destination switch). Credit-loop free.
//  minhop: shortest paths, balanced over equal ports (may have credit loops).
RoutingTables computeRoutes(const Fabric &fabric, const RoutingOptions &options = {});

// The route of one endpoint pair as directed channels (global port indices of the sending
// ports), from the source CA port to the last switch port. False when the tables lead
// nowhere (no route, a dead port or a loop); `channels` then holds the partial path.
bool traceRoute(const Fabric &fabric, const RoutingTables &tables, std::uint32_t srcEndpoint,
                std::uint32_t dstEndpoint, std::vector<std::uint32_t> &channels);
// The rest of a route from the fabric node `node` (a switch) to an endpoint, appended to
// `channels` (a route holds at most 64 channels, those already there included): traceRoute
// after the first link, which routes of sources on one switch to one destination share.
bool traceRouteFrom(const Fabric &fabric, const RoutingTables &tables, std::uint32_t node, std::uint32_t dstEndpoint,
                    std::vector<std::uint32_t> &channels);

struct RouteCheck
{
    std::uint64_t pairs = 0;             // ordered pairs of live endpoints, src != dst
    std::uint64_t unreachablePairs = 0;
    std::vector<std::pair<std::uint32_t, std::uint32_t>> unreachableSample;   // first ones (src, dst)
    int maxHops = 0;                     // switches on the longest route
};
// Which pairs reach their destination. Per destination, each switch's fate is found once
// (memoised walk of the tables), so this is O(switches x endpoints). `cancelled` is asked
// every 64 destinations; true stops the check (its counts are then incomplete).
RouteCheck checkRoutes(const Fabric &fabric, const RoutingTables &tables, std::size_t sample = 20,
                       const std::function<bool()> &cancelled = {});

struct CreditLoopReport
{
    bool deadlockFree = true;
    std::size_t channels = 0;            // switch-to-switch channels in the dependency graph
    std::size_t dependencies = 0;
    std::vector<std::uint32_t> cycle;    // one cycle of channels (global port indices) if any
};
// Channel dependency graph over switch-to-switch channels (an edge c1 -> c2 when some
// destination's route uses c2 right after c1), checked for cycles with Boost.Graph.
// `cancelled` is asked per switch; true stops the check (the report is then incomplete).
CreditLoopReport findCreditLoops(const Fabric &fabric, const RoutingTables &tables,
                                 const std::function<bool()> &cancelled = {});

// OpenSM's opensm-lfts.dump text: one block per switch, named by node descriptions:
//   Unicast lids [0-N] of switch Lid L guid 0x... ('name'):
//   0x0005 001 # Channel Adapter portguid 0x...: 'gpu001 HCA-1'
//   K lids dumped
std::string writeLftDump(const Fabric &fabric, const RoutingTables &tables);
// Reads a dump back against the same fabric (switches and CAs matched by name, CA LIDs
// taken from the entries). Errors name the line.
Result<RoutingTables> readLftDump(const std::string &text, const std::string &fileName, const Fabric &fabric);

} // namespace cplan
