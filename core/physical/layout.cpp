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

constexpr int kAisleSlots = 2;          // a 1.2 m passage between units that share a row
constexpr int kMinSharedRowSlots = 8;   // the shared row of a small floor may be wider than its units

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
        placeRows(rows, sharedRacks(spines, cores, management));
        notes();
        return m_report;
    }

private:
    // A rack to stand in the shared rows: its id, its devices and whether switches stack from the top.
    struct SharedRack
    {
        std::string id;
        std::vector<NodeId> devices;
        bool fromTop = true;
    };

    std::vector<SharedRack> sharedRacks(const std::vector<NodeId> &spines, const std::vector<NodeId> &cores,
                                        const std::vector<NodeId> &management)
    {
        std::vector<SharedRack> out;
        for (const auto &chunk : chunks(spines, m_spec.switchesPerRack))
            out.push_back({"spine-r" + twoDigits(++m_spineRacks), chunk, true});
        for (const auto &chunk : chunks(cores, m_spec.switchesPerRack))
            out.push_back({"core-r" + twoDigits(++m_coreRacks), chunk, true});
        m_report.networkRacks += int(out.size());
        for (const auto &chunk : chunks(management, m_spec.switchesPerRack)) {
            out.push_back({"mgmt-r" + twoDigits(++m_mgmtRacks), chunk, false});
            ++m_report.managementRacks;
        }
        return out;
    }

    // The floor: unit rows side by side in a grid about as deep as it is wide, the shared rows in
    // the middle of it (nearest to the farthest leaf), every row centred on the same axis.
    void placeRows(const std::vector<RowPlan> &rows, const std::vector<SharedRack> &shared)
    {
        std::vector<int> slots;
        int segment = 1;
        for (const RowPlan &row : rows) {
            slots.push_back(int(chunks(row.servers, m_spec.serversPerRack).size() + chunks(row.switches, m_spec.switchesPerRack).size()));
            segment = std::max(segment, slots.back());
        }
        const int n = int(rows.size());
        const int columns = n <= 1 ? 1 : std::clamp(int(std::lround(std::sqrt(n * kRowPitchM / (segment * kRackWidthM)))), 1, n);
        const int gridRows = (n + columns - 1) / columns;
        const int floorSlots = columns * segment + (columns - 1) * kAisleSlots;
        const int perSharedRow = std::max(floorSlots, kMinSharedRowSlots);
        const int sharedRows = (int(shared.size()) + perSharedRow - 1) / perSharedRow;
        const int middle = gridRows / 2;
        for (int k = 0; k < int(shared.size()); ++k) {
            const int inRow = std::min(perSharedRow, int(shared.size()) - k / perSharedRow * perSharedRow);
            const int slot = std::max(0, (floorSlots - inRow) / 2) + k % perSharedRow;
            place(addRack(shared[std::size_t(k)].id, "net", middle + k / perSharedRow, slot), shared[std::size_t(k)].devices,
                  shared[std::size_t(k)].fromTop);
        }
        for (int k = 0; k < n; ++k) {
            const int gridRow = k / columns;
            const int rowIndex = gridRow + (gridRow >= middle ? sharedRows : 0);
            layoutRow(rows[std::size_t(k)], rowIndex, (k % columns) * (segment + kAisleSlots) + (segment - slots[std::size_t(k)]) / 2);
        }
        m_report.rows = gridRows + sharedRows;
        m_report.columns = columns;
    }

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

    void layoutRow(const RowPlan &row, int rowIndex, int firstSlot)
    {
        const auto compute = chunks(row.servers, m_spec.serversPerRack);
        const auto network = chunks(row.switches, m_spec.switchesPerRack);
        const std::string prefix = row.id == "row1" ? std::string() : row.id + "-";
        // The network racks stand in the middle of the row.
        const std::size_t half = compute.size() / 2;
        int slot = firstSlot;
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
        m_report.notes.push_back({CPLAN_TR("Engine", "racks: %1 row(s), %2 compute, %3 network and %4 management rack(s); each "
                                                     "scalable unit a row of racks with its leaf switches in the middle (as NVIDIA's "
                                                     "SuperPOD RAs), %5 unit(s) side by side per row, spines, cores and management "
                                                     "appliances in the middle row(s)"),
                                  {std::to_string(m_report.rows), std::to_string(m_report.computeRacks),
                                   std::to_string(m_report.networkRacks), std::to_string(m_report.managementRacks),
                                   std::to_string(m_report.columns)}});
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
