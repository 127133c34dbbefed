#pragma once

#include "routing/fabric.h"
#include "routing/loadbalance.h"
#include "routing/routing.h"
#include "util/error.h"

#include <cstdint>
#include <memory>
#include <vector>

namespace cplan {

class Catalog;
class Design;
struct Pool;

// What the scheduler needs from the network: directed links with capacities and, for a
// transfer between two servers' HCA ports ("rails"), the directed links it crosses.
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
    // Flows one transfer is split into by the fabric's load balancing (1 on the tables; QPs and
    // flowlets under hashing; every uplink when sprayed), each carrying an equal share.
    virtual int subflows() const { return 1; }
    // Appends the directed links of subflow `subflow` from (srcServer, srcRail) to (dstServer, dstRail).
    virtual void route(int srcServer, int srcRail, int dstServer, int dstRail, std::vector<std::uint32_t> &out, int subflow) = 0;
    // True for links between two switches (fabric utilization counts only those).
    virtual bool isSwitchLink(std::uint32_t link) const = 0;
};

// The design's own routing (core/routing): its InfiniBand view and the forwarding tables of
// the design's engine (settings.routingEngine: ftree, updown or minhop; ftree when unset on a
// tiered fabric, updown otherwise), so that jobs' traffic takes the routes the analysis shows
// and the subnet manager would set. This class only adapts: a rail is a server's cabled
// switch port (design port order); a directed link is 2·i (a→b) or 2·i+1 (b→a) of design
// link i, at the link's speed (a link of unknown speed at the fastest known one).
class DesignFabric : public JobFabric
{
public:
    static Result<std::unique_ptr<DesignFabric>> build(const Design &design, const Catalog &catalog, const Pool &pool);

    std::size_t linkCount() const override { return m_capacity.size(); }
    double capacityBps(std::uint32_t link) const override { return m_capacity[link]; }
    int rails(int server) const override { return int(m_rails[std::size_t(server)].size()); }
    double railBps(int server, int rail) const override;
    int subflows() const override;
    void route(int srcServer, int srcRail, int dstServer, int dstRail, std::vector<std::uint32_t> &out, int subflow) override;
    bool isSwitchLink(std::uint32_t link) const override { return m_switchLink[link] != 0; }

    RoutingEngine engine() const { return m_tables.engine; }

private:
    std::vector<double> m_capacity;
    std::vector<std::uint8_t> m_switchLink;
    std::vector<std::vector<std::uint32_t>> m_rails;   // per pool server: fabric endpoints
    std::vector<std::uint32_t> m_directed;             // fabric port (sending end) -> directed link
    Fabric m_fabric;
    RoutingTables m_tables;
    // The design's path policy (analysis/defaults.h) with hash seed 1: a scheduling run is one
    // draw of the hashes, not a median over seeds.
    std::unique_ptr<EqualCostPaths> m_paths;
    std::vector<std::uint32_t> m_channels;             // scratch
};

} // namespace cplan
