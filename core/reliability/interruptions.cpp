#include "reliability/interruptions.h"

#include "catalog/catalog.h"
#include "model/design.h"

#include <algorithm>

namespace cplan::reliability {

namespace {

struct Adjacency
{
    // per node: (link index, other node)
    std::vector<std::vector<std::pair<std::uint32_t, std::uint32_t>>> edges;
};

Adjacency adjacency(const Design &design)
{
    Adjacency a;
    a.edges.resize(design.nodes.size());
    for (std::uint32_t l = 0; l < design.links.size(); ++l) {
        const std::uint32_t x = design.links[l].a.node.value, y = design.links[l].b.node.value;
        if (x >= design.nodes.size() || y >= design.nodes.size())
            continue;
        a.edges[x].push_back({l, y});
        a.edges[y].push_back({l, x});
    }
    return a;
}

int hcasOf(const Node &n, const Catalog &catalog)
{
    const Part *p = catalog.find(n.part);
    const int own = p ? p->hcaCount : 0;
    return std::max(own, int(n.hcas.size()));
}

bool isSwitch(const Design &d, std::uint32_t n) { return d.nodes[n].role == NodeRole::Switch; }

std::vector<std::uint32_t> intersect(std::vector<std::vector<std::uint32_t>> &reach)
{
    std::vector<std::uint32_t> common = reach.front();
    for (std::size_t i = 1; i < reach.size() && !common.empty(); ++i) {
        std::vector<std::uint32_t> next;
        std::set_intersection(common.begin(), common.end(), reach[i].begin(), reach[i].end(), std::back_inserter(next));
        common.swap(next);
    }
    return common;
}

void sortUnique(std::vector<std::uint32_t> &v)
{
    std::sort(v.begin(), v.end());
    v.erase(std::unique(v.begin(), v.end()), v.end());
}

// The switches and links above the job's servers up to their lowest common tier.
void climb(const Design &design, const Adjacency &adj, JobFootprint &f)
{
    std::vector<std::vector<std::uint32_t>> reach(f.servers.size());
    for (std::size_t i = 0; i < f.servers.size(); ++i)
        for (const auto &[l, o] : adj.edges[f.servers[i]])
            if (isSwitch(design, o)) {
                reach[i].push_back(o);
                f.links.push_back(l);
                f.switches.push_back(o);
            }
    for (auto &r : reach)
        sortUnique(r);
    for (int level = 0; level < 4 && reach.size() > 1 && intersect(reach).empty(); ++level) {
        bool climbed = false;
        for (auto &r : reach) {
            std::vector<std::uint32_t> up;
            for (std::uint32_t sw : r)
                for (const auto &[l, o] : adj.edges[sw])
                    if (isSwitch(design, o) && int(design.nodes[o].tier) > int(design.nodes[sw].tier)) {
                        up.push_back(o);
                        f.links.push_back(l);
                        f.switches.push_back(o);
                    }
            sortUnique(up);
            climbed = climbed || !up.empty();
            r.swap(up);
        }
        if (!climbed)
            break;
    }
    sortUnique(f.links);
    sortUnique(f.switches);
}

} // namespace

JobFootprint jobFootprint(const Design &design, const Catalog &catalog, std::uint32_t gpus)
{
    JobFootprint f;
    const Adjacency adj = adjacency(design);
    double held = 0;
    for (std::uint32_t i = 0; i < design.nodes.size() && (gpus == 0 || held < gpus); ++i) {
        const Node &n = design.nodes[i];
        const int g = n.role == NodeRole::Server ? nodeGpuCount(n, catalog) : 0;
        if (g <= 0 || adj.edges[i].empty())
            continue;
        f.servers.push_back(i);
        held += g;
        at(f.devices, Unit::Gpu) += g;
        at(f.devices, Unit::Server) += 1;
        at(f.devices, Unit::Hca) += hcasOf(n, catalog);
    }
    if (f.servers.empty()) {
        f.error = "the design has no cabled GPU servers";
        return f;
    }
    if (gpus > 0 && held < gpus) {
        f.error = "the job asks for " + std::to_string(gpus) + " GPUs; the design's cabled GPU servers hold " +
                  std::to_string(static_cast<long long>(held));
        return f;
    }
    if (gpus == 0) {
        for (std::uint32_t l = 0; l < design.links.size(); ++l)
            f.links.push_back(l);
        for (std::uint32_t n = 0; n < design.nodes.size(); ++n)
            if (isSwitch(design, n))
                f.switches.push_back(n);
    } else {
        climb(design, adj, f);
    }
    at(f.devices, Unit::Link) = double(f.links.size());
    at(f.devices, Unit::Switch) = double(f.switches.size());
    return f;
}

InterruptionEstimate expectedInterruptions(const FailurePreset &preset, const DeviceCounts &devices, double days)
{
    InterruptionEstimate e;
    e.days = days;
    for (const FailureClass &c : preset.classes) {
        const double n = at(devices, c.per);
        if (!c.ratePerDeviceYear) {
            if (n > 0)
                e.unknown.push_back(c.id);
            continue;
        }
        CauseFigure f;
        f.id = c.id;
        f.name = c.name;
        f.per = c.per;
        f.devices = n;
        f.ratePerDeviceYear = *c.ratePerDeviceYear;
        f.perYear = f.ratePerDeviceYear * n;
        f.expected = f.perYear * days / kDaysPerYear;
        e.perYear += f.perYear;
        e.expected += f.expected;
        e.causes.push_back(std::move(f));
    }
    if (e.perYear > 0)
        e.mtbiHours = kHoursPerYear / e.perYear;
    return e;
}

} // namespace cplan::reliability
