#include "physical/layout.h"

#include "catalog/catalog.h"
#include "physical/floor.h"
#include "physical/racks.h"
#include "util/strings.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

namespace cplan {

namespace {

std::string twoDigits(int n) { return (n < 10 ? "0" : "") + std::to_string(n); }

struct RowPlan
{
    std::string id;
    std::vector<NodeId> servers;
    std::vector<NodeId> switches;
};

class Layout
{
public:
    Layout(Design &design, const Catalog &catalog, const RackLayoutSpec &spec)
        : m_design(design), m_catalog(catalog), m_spec(spec)
    {
        const Part *rack = catalog.defaultRack();
        m_capacityU = rack && rack->capacityU ? *rack->capacityU : kDefaultRackHeightU;
    }

    RackLayoutReport run()
    {
        std::vector<RowPlan> rows;
        std::map<std::string, std::size_t> rowOf;
        std::set<std::string> units;
        for (const Group &g : m_design.groups)
            if (g.kind == GroupKind::ScalableUnit)
                units.insert(g.id);
        std::vector<NodeId> spines, cores, management;
        for (std::uint32_t i = 0; i < m_design.nodes.size(); ++i) {
            Node &n = m_design.nodes[i];
            n.rack.clear();
            n.u.reset();
            if (n.role == NodeRole::Management) {
                management.push_back(NodeId(i));
                continue;
            }
            if (n.role == NodeRole::Switch && n.tier >= Tier::Spine) {
                (n.tier == Tier::Spine ? spines : cores).push_back(NodeId(i));
                continue;
            }
            const std::string row = units.count(n.group) ? n.group : std::string("row1");
            auto it = rowOf.find(row);
            if (it == rowOf.end()) {
                it = rowOf.emplace(row, rows.size()).first;
                rows.push_back(RowPlan{row, {}, {}});
            }
            (n.role == NodeRole::Switch ? rows[it->second].switches : rows[it->second].servers).push_back(NodeId(i));
        }
        m_design.racks.clear();
        int rowIndex = 0;
        if (!spines.empty() || !cores.empty() || !management.empty()) {
            int slot = 0;
            for (const auto &chunk : chunks(spines, m_spec.switchesPerRack)) {
                place(addRack("spine-r" + twoDigits(++m_spineRacks), "net", rowIndex, slot++), chunk, true);
                ++m_report.networkRacks;
            }
            for (const auto &chunk : chunks(cores, m_spec.switchesPerRack)) {
                place(addRack("core-r" + twoDigits(++m_coreRacks), "net", rowIndex, slot++), chunk, true);
                ++m_report.networkRacks;
            }
            for (const auto &chunk : chunks(management, m_spec.switchesPerRack)) {
                place(addRack("mgmt-r" + twoDigits(++m_mgmtRacks), "net", rowIndex, slot++), chunk, false);
                ++m_report.managementRacks;
            }
            ++rowIndex;
        }
        for (const RowPlan &row : rows)
            layoutRow(row, rowIndex++);
        m_report.rows = rowIndex;
        notes();
        return m_report;
    }

private:
    // Devices per rack: at most `limit`, and no more than fit when their heights are known; a
    // rack-scale system stands alone.
    std::vector<std::vector<NodeId>> chunks(const std::vector<NodeId> &ids, int limit) const
    {
        std::vector<std::vector<NodeId>> out;
        double used = 0;
        for (NodeId id : ids) {
            const Node &n = m_design.node(id);
            const Part *p = m_catalog.find(n.part);
            const bool alone = p && p->rackScale;
            const double h = deviceHeightU(n, m_catalog).value_or(0);
            if (out.empty() || alone || int(out.back().size()) >= std::max(1, limit) || used + h > m_capacityU + 1e-9 ||
                (!out.back().empty() && isRackScale(out.back().front()))) {
                out.emplace_back();
                used = 0;
            }
            out.back().push_back(id);
            used += h;
        }
        return out;
    }

    bool isRackScale(NodeId id) const
    {
        const Part *p = m_catalog.find(m_design.node(id).part);
        return p && p->rackScale;
    }

    void layoutRow(const RowPlan &row, int rowIndex)
    {
        const auto compute = chunks(row.servers, m_spec.serversPerRack);
        const auto network = chunks(row.switches, m_spec.switchesPerRack);
        const std::string prefix = row.id == "row1" ? std::string() : row.id + "-";
        // The network racks stand in the middle of the row.
        const std::size_t half = compute.size() / 2;
        int slot = 0;
        for (std::size_t r = 0; r < compute.size(); ++r) {
            if (r == half)
                for (std::size_t k = 0; k < network.size(); ++k)
                    networkRack(prefix, row.id, network, k, rowIndex, slot++);
            place(addRack(prefix + "r" + twoDigits(int(r) + 1), row.id, rowIndex, slot++), compute[r], false);
            ++m_report.computeRacks;
        }
        if (compute.empty())
            for (std::size_t k = 0; k < network.size(); ++k)
                networkRack(prefix, row.id, network, k, rowIndex, slot++);
    }

    void networkRack(const std::string &prefix, const std::string &row, const std::vector<std::vector<NodeId>> &network,
                     std::size_t k, int rowIndex, int slot)
    {
        const std::string id = prefix + "net" + (network.size() > 1 ? std::to_string(k + 1) : std::string());
        place(addRack(id, row, rowIndex, slot), network[k], true);
        ++m_report.networkRacks;
    }

    std::string addRack(const std::string &id, const std::string &row, int rowIndex, int slot)
    {
        Rack r;
        r.id = id;
        r.name = id;
        r.row = row;
        // To the millimetre, so that files show 0.9, not 0.8999999999999999.
        r.xM = std::round((slot + 0.5) * kRackWidthM * 1000) / 1000;
        r.yM = std::round(rowIndex * kRowPitchM * 1000) / 1000;
        m_design.racks.push_back(std::move(r));
        return id;
    }

    // Known heights stack from the bottom (servers) or the top (switches); unknown heights share
    // what is left in equal slots.
    void place(const std::string &rack, const std::vector<NodeId> &ids, bool fromTop)
    {
        const int capacity = int(m_capacityU);
        int next = fromTop ? capacity : 1;   // bottom-up: the next free U; top-down: the highest free U
        std::vector<NodeId> unknown;
        for (NodeId id : ids) {
            Node &n = m_design.node(id);
            n.rack = rack;
            if (isRackScale(id))
                continue;   // the system is the rack: no U
            const auto h = deviceHeightU(n, m_catalog);
            if (!h) {
                unknown.push_back(id);
                m_unknownHeight.insert(n.part);
                continue;
            }
            const int height = std::max(1, int(std::ceil(*h - 1e-9)));
            if (fromTop) {
                n.u = next - height + 1;
                next -= height;
            } else {
                n.u = next;
                next += height;
            }
        }
        if (unknown.empty())
            return;
        const int low = fromTop ? 1 : next, high = fromTop ? next : capacity;   // free span [low, high]
        const int span = std::max(0, high - low + 1);
        const int pitch = std::max(1, span / int(unknown.size()));
        for (std::size_t k = 0; k < unknown.size(); ++k)
            m_design.node(unknown[k]).u = fromTop ? std::max(1, high - int(k + 1) * pitch + 1) : low + int(k) * pitch;
    }

    void notes()
    {
        m_report.notes.push_back({CPLAN_TR("Engine", "racks: %1 row(s), %2 compute, %3 network and %4 management rack(s); one row "
                                                     "per scalable unit with its leaf switches in the middle of the row, spines, "
                                                     "cores and management appliances in a first row (as NVIDIA's SuperPOD RAs)"),
                                  {std::to_string(m_report.rows), std::to_string(m_report.computeRacks),
                                   std::to_string(m_report.networkRacks), std::to_string(m_report.managementRacks)}});
        if (!m_unknownHeight.empty()) {
            std::string parts;
            for (const std::string &p : m_unknownHeight)
                parts += (parts.empty() ? "" : ", ") + p;
            m_report.notes.push_back({CPLAN_TR("Engine", "the height of %1 is unknown: those devices are spaced evenly over the free "
                                                         "space of their racks; check their U against the real hardware"),
                                      {parts}});
        }
    }

    Design &m_design;
    const Catalog &m_catalog;
    RackLayoutSpec m_spec;
    double m_capacityU = kDefaultRackHeightU;
    int m_spineRacks = 0, m_coreRacks = 0, m_mgmtRacks = 0;
    std::set<std::string> m_unknownHeight;
    RackLayoutReport m_report;
};

} // namespace

RackLayoutReport layoutRacks(Design &design, const Catalog &catalog, const RackLayoutSpec &spec)
{
    return Layout(design, catalog, spec).run();
}

} // namespace cplan
