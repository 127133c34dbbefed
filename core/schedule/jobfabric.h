#pragma once

#include "util/error.h"

#include <cstdint>
#include <memory>
#include <unordered_map>
#include <vector>

namespace cplan {

class Catalog;
class Design;
struct Pool;

// What the scheduler needs from the network: directed links with capacities and, for a
// transfer between two servers' HCA ports ("rails"), the directed links it crosses. Kept
// behind this small interface so that it can be backed by core/routing's forwarding tables.
class JobFabric
{
public:
    virtual ~JobFabric() = default;
    virtual std::size_t linkCount() const = 0;
    virtual double capacityBps(std::uint32_t link) const = 0;   // bytes/s
    // Connected compute ports of a pool server (0 = not on the fabric).
    virtual int rails(int server) const = 0;
    // Line rate of one of a server's ports, bytes/s.
    virtual double railBps(int server, int rail) const = 0;
    // Appends the directed links from (srcServer, srcRail) to (dstServer, dstRail).
    virtual void route(int srcServer, int srcRail, int dstServer, int dstRail, std::vector<std::uint32_t> &out) = 0;
    // True for links between two switches (fabric utilization counts only those).
    virtual bool isSwitchLink(std::uint32_t link) const = 0;
};

// Shortest paths over the design's switch graph with a D-mod-K choice among equal next hops
// (the destination port's number modulo the candidates), which on a fat tree is the ftree
// engine's up-to-the-lowest-common-ancestor route. Each cable is two directed links
// (2·i = a→b, 2·i+1 = b→a) at the link's speed.
class DesignFabric : public JobFabric
{
public:
    static Result<std::unique_ptr<DesignFabric>> build(const Design &design, const Catalog &catalog, const Pool &pool);

    std::size_t linkCount() const override { return m_capacity.size(); }
    double capacityBps(std::uint32_t link) const override { return m_capacity[link]; }
    int rails(int server) const override { return int(m_ports[std::size_t(server)].size()); }
    double railBps(int server, int rail) const override;
    void route(int srcServer, int srcRail, int dstServer, int dstRail, std::vector<std::uint32_t> &out) override;
    bool isSwitchLink(std::uint32_t link) const override { return m_switchLink[link] != 0; }

private:
    struct Port
    {
        std::uint32_t link;      // cable index
        bool serverIsA;          // the server is endpoint a of the cable
        std::uint32_t sw;        // switch-local index of the leaf
        std::uint32_t key;       // global port number (D-mod-K key)
    };
    struct Hop
    {
        std::uint32_t to;        // switch-local index
        std::uint32_t directed;  // directed link index
    };
    const std::vector<int> &distancesTo(std::uint32_t sw);

    std::vector<double> m_capacity;
    std::vector<std::uint8_t> m_switchLink;
    std::vector<std::vector<Port>> m_ports;            // per pool server
    std::vector<std::vector<Hop>> m_adjacent;          // per switch
    std::unordered_map<std::uint32_t, std::vector<int>> m_distance;   // BFS per destination switch
};

} // namespace cplan
