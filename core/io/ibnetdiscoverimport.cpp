// From what ibnetdiscover saw (io/ibnetdiscoverreader.h) to a design: switches with their
// physical ports, servers grouped from HCAs, faithful or generic parts, cables with the rate
// they run at, and a note for everything skipped, inferred or degraded.
#include "io/ibnetdiscover.h"

#include "catalog/catalog.h"
#include "io/ibimportparts.h"
#include "io/iblayout.h"
#include "io/designyaml.h"
#include "io/ibmodels.h"
#include "io/ibnetdiscoverreader.h"

#include <algorithm>
#include <cctype>
#include <cinttypes>
#include <cstdio>
#include <set>
#include <unordered_map>

namespace cplan {

namespace {

using ibimport::DeviceKind;
using ibimport::DeviceSpeed;
using ibimport::PartChooser;

std::string sanitizeId(const std::string &s)
{
    std::string out;
    for (char c : s)
        out += std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.' ? c : '-';
    while (!out.empty() && out.back() == '-')
        out.pop_back();
    return out.empty() ? std::string("node") : out;
}

const std::string *findOverride(const std::map<std::string, std::string> &parts, const std::string &key)
{
    auto it = parts.find(key);
    if (it != parts.end())
        return &it->second;
    for (const auto &[k, v] : parts)
        if (!k.empty() && k.back() == '*' && key.compare(0, k.size() - 1, k, 0, k.size() - 1) == 0)
            return &v;
    return nullptr;
}

class Importer
{
public:
    Importer(DiscoveredFabric &fabric, const std::string &fileName, const Catalog &catalog, const IbnetdiscoverImportOptions &options)
        : m_fab(fabric), m_file(fileName), m_catalog(catalog), m_options(options), m_parts(catalog)
    {
    }

    Result<IbnetdiscoverImport> run()
    {
        m_out.portsReport = m_fab.format == DiscoveredFabric::Format::PortsReport;
        m_out.design.name = m_options.name.empty() ? "Imported from " + m_file : m_options.name;
        readerNotes();
        classify();
        describeDevices();
        if (auto st = chooseParts(); !st)
            return st.error();
        addSwitches();
        if (auto st = addServers(); !st)
            return st.error();
        addLinks();
        if (m_out.design.nodes.size() > kMaxDesignNodes || m_out.design.links.size() > kMaxDesignLinks)
            return Error{m_file, 0, 0, "the fabric has " + std::to_string(m_out.design.nodes.size()) + " nodes and " +
                                           std::to_string(m_out.design.links.size()) + " cables; a design holds at most " +
                                           std::to_string(kMaxDesignNodes) + " nodes and " + std::to_string(kMaxDesignLinks) + " links"};
        layoutImportedFabric(m_out.design);
        m_out.design.reindex();
        count();
        return std::move(m_out);
    }

private:
    enum class Role { Switch, Ca, Router, Aggregation };

    void note(ImportNote::Kind kind, int line, std::string message) { m_out.notes.push_back(ImportNote{kind, line, std::move(message)}); }

    void readerNotes()
    {
        for (const ReadFinding &f : m_fab.findings)
            note(f.message.find("looks cut") != std::string::npos ? ImportNote::Kind::Cut : ImportNote::Kind::Skipped, f.line, f.message);
        if (m_fab.skippedLines > 0)
            note(ImportNote::Kind::Skipped, 0, std::to_string(m_fab.skippedLines) + " line(s) were not topology and were skipped");
        if (m_fab.progressLines > 0)
            note(ImportNote::Kind::Skipped, 0, std::to_string(m_fab.progressLines) + " `ibnetdiscover -s` progress line(s) skipped");
    }

    // Roles; a SHARP aggregation node becomes its switch's internal port.
    void classify()
    {
        const std::size_t n = m_fab.nodes.size();
        m_role.assign(n, Role::Ca);
        m_internalPort.assign(n, 0);
        m_aggregationCable.assign(m_fab.cables.size(), 0);
        for (std::size_t i = 0; i < n; ++i) {
            const DiscoveredNode &node = m_fab.nodes[i];
            if (node.type == IbNodeType::Switch)
                m_role[i] = Role::Switch;
            else if (node.type == IbNodeType::Router)
                m_role[i] = Role::Router;
            else if (isAggregationNodeDescription(node.description) || node.deviceId == 0xcf09)
                m_role[i] = Role::Aggregation;
        }
        for (std::size_t c = 0; c < m_fab.cables.size(); ++c) {
            const DiscoveredCable &cable = m_fab.cables[c];
            for (int end = 0; end < 2; ++end) {
                const std::uint32_t agg = end ? cable.b : cable.a, sw = end ? cable.a : cable.b;
                const int swPort = end ? cable.portA : cable.portB;
                if (m_role[agg] == Role::Aggregation && m_role[sw] == Role::Switch) {
                    m_aggregationCable[c] = 1;
                    m_internalPort[sw] = swPort;
                }
            }
        }
        // Switch-IB 2, Quantum and Quantum-2 count their SHARP port even when no aggregation
        // node shows: 37, 41 and 65 ports for 36, 40 and 64 cabled ones (hardware.md radixes;
        // NVIDIA/topograph's NDR dump: "Switch 65" with the aggregation node on port 65).
        for (std::size_t i = 0; i < n; ++i) {
            const DiscoveredNode &node = m_fab.nodes[i];
            const bool sharpFamily = (node.deviceId == 0xcf08 && node.ports == 37) || (node.deviceId == 0xd2f0 && node.ports == 41) ||
                                     (node.deviceId == 0xd2f2 && node.ports == 65);
            if (m_role[i] == Role::Switch && m_internalPort[i] == 0 && sharpFamily)
                m_internalPort[i] = node.ports;
        }
    }

    // A switch's ports less its SHARP port when that is the last one; never fewer than one, the
    // least a part has in the catalog and the design reader (fuzzing found a ports report whose
    // only switch port was its aggregation node: a 0-port part, a saved design that did not open).
    int physicalPorts(std::size_t i) const
    {
        const DiscoveredNode &node = m_fab.nodes[i];
        return m_internalPort[i] > 0 && m_internalPort[i] == node.ports && node.ports > 1 ? node.ports - 1 : node.ports;
    }

    void describeDevices()
    {
        const std::size_t n = m_fab.nodes.size();
        m_kind.assign(n, DeviceKind{});
        m_switchName.assign(n, {});
        m_hca.assign(n, HcaDescription{});
        std::vector<std::optional<IbDevice>> device(n);
        for (std::size_t i = 0; i < n; ++i)
            if (m_role[i] != Role::Aggregation)
                device[i] = describe(i);
        // Speeds seen: per device first (devices of unknown model are told apart by it), then
        // per kind.
        std::vector<DeviceSpeed> own(n);
        for (std::size_t c = 0; c < m_fab.cables.size(); ++c) {
            if (m_aggregationCable[c])
                continue;
            const DiscoveredCable &cable = m_fab.cables[c];
            own[cable.a].see(cable.rate);
            own[cable.b].see(cable.rate);
        }
        for (std::size_t i = 0; i < n; ++i) {
            if (m_role[i] == Role::Aggregation)
                continue;
            DeviceKind &k = m_kind[i];
            if (k.model.empty())
                k.speedSeen = own[i].best.speed;
            DeviceSpeed &speed = m_parts.speed(k);
            if (device[i] && device[i]->portGbps) {
                speed.familyGbps = device[i]->portGbps;
                speed.familySpeedName = device[i]->speedName;
            }
            speed.see(own[i].best);
        }
    }

    // The kind of device node i is, from its description and device id.
    std::optional<IbDevice> describe(std::size_t i)
    {
        const DiscoveredNode &node = m_fab.nodes[i];
        DeviceKind &k = m_kind[i];
        k.vendor = ibVendorName(node.vendorId);
        std::optional<IbDevice> device;
        if (m_role[i] == Role::Switch) {
            const SwitchDescription sd = readSwitchDescription(node.description);
            device = node.deviceId ? ibDeviceById(node.deviceId) : std::nullopt;
            if (device && !device->isSwitch)
                device.reset();
            k.kind = PartKind::Switch;
            k.model = !sd.model.empty() ? sd.model : device ? device->family : std::string();
            k.modelNumber = sd.modelNumber;
            k.ports = physicalPorts(i);
            m_switchName[i] = sd.name;
            return device;
        }
        m_hca[i] = readHcaDescription(node.description);
        const unsigned id = node.deviceId ? node.deviceId : m_hca[i].deviceId.value_or(0);
        device = id ? ibDeviceById(id) : std::nullopt;
        if (device && device->isSwitch)
            device.reset();
        k.kind = PartKind::Hca;
        k.router = m_role[i] == Role::Router;
        k.model = device ? device->family : std::string();
        k.modelNumber = std::any_of(k.model.begin(), k.model.end(), [](char c) { return c >= '0' && c <= '9'; });
        k.ports = node.ports;
        return device;
    }

    Status chooseParts()
    {
        std::vector<std::string> notes;
        m_partOf = m_parts.choose(m_generic, notes);
        for (std::string &n : notes)
            note(ImportNote::Kind::Inferred, 0, std::move(n));
        for (const Part &p : m_generic)
            if (auto st = m_catalog.addImportedPart(p); !st)
                return makeError(m_file, 0, 0, st.error().message);
        return Ok{};
    }

    std::string uniqueId(const std::string &wanted)
    {
        std::string id = sanitizeId(wanted);
        const std::string base = id;
        for (int k = 2; !m_usedIds.insert(id).second; ++k)
            id = base + "-" + std::to_string(k);
        return id;
    }

    std::string label(std::size_t i) const
    {
        const DiscoveredNode &n = m_fab.nodes[i];
        return n.description.empty() ? n.name : n.description;
    }

    // "leaf-3 port 7", "gpu01 HCA-2 port 1": an end of a cable in the words of the dump.
    std::string endName(std::uint32_t node, int port) const
    {
        const std::string &who = m_role[node] == Role::Switch ? m_out.design.node(m_designOf[node]).name : label(node);
        return who + " port " + std::to_string(port);
    }

    void addSwitches();
    Status addServers();
    void addServer(const std::string &host, std::vector<std::size_t> cas, Status &status);
    void addLinks();
    void count();

    DiscoveredFabric &m_fab;
    const std::string &m_file;
    const Catalog &m_catalog;
    const IbnetdiscoverImportOptions &m_options;
    PartChooser m_parts;
    IbnetdiscoverImport m_out;

    std::vector<Role> m_role;
    std::vector<int> m_internalPort;              // switch: port of its aggregation node
    std::vector<char> m_aggregationCable;
    std::vector<DeviceKind> m_kind;
    std::vector<std::string> m_switchName;
    std::vector<HcaDescription> m_hca;
    std::map<DeviceKind, std::string> m_partOf;
    std::vector<Part> m_generic;
    std::set<std::string> m_usedIds;
    std::vector<NodeId> m_designOf;               // per discovered node
    std::vector<int> m_portOffset;                // per discovered node: its design port = port + offset
};

void Importer::addSwitches()
{
    m_designOf.assign(m_fab.nodes.size(), NodeId());
    m_portOffset.assign(m_fab.nodes.size(), 0);
    std::unordered_map<std::string, int> nameUses;
    for (std::size_t i = 0; i < m_fab.nodes.size(); ++i)
        if (m_role[i] == Role::Switch && !m_switchName[i].empty())
            ++nameUses[m_switchName[i]];
    for (std::size_t i = 0; i < m_fab.nodes.size(); ++i) {
        if (m_role[i] != Role::Switch)
            continue;
        const DiscoveredNode &n = m_fab.nodes[i];
        std::string name = m_switchName[i];
        if (!name.empty() && nameUses[name] > 1) {
            note(ImportNote::Kind::Inferred, n.line, "switch name \"" + name + "\" is shared by " + std::to_string(nameUses[name]) +
                                                         " switches; this one is named by its GUID");
            name.clear();
        }
        if (name.empty())
            name = n.name;
        Node node;
        node.id = uniqueId(name);
        node.name = name;
        node.role = NodeRole::Switch;
        node.part = m_partOf[m_kind[i]];
        if (n.guid)
            node.guid = n.guid;
        if (const std::string *o = findOverride(m_options.parts, name); o || (o = findOverride(m_options.parts, label(i)))) {
            const Part *p = m_catalog.find(*o);
            if (p && p->kind == PartKind::Switch && p->ports >= physicalPorts(i))
                node.part = *o;
            else
                note(ImportNote::Kind::Inferred, n.line, "part override '" + *o + "' for \"" + name +
                                                             "\" is not a switch with at least " + std::to_string(physicalPorts(i)) +
                                                             " ports; kept '" + node.part + "'");
        }
        if (m_internalPort[i] > 0)
            note(ImportNote::Kind::Inferred, n.line, "\"" + name + "\": port " + std::to_string(m_internalPort[i]) +
                                                         " is its SHARP aggregation node (internal), not a cabled port");
        m_out.nodeGuids.push_back(n.guid ? std::vector<std::uint64_t>{n.guid} : std::vector<std::uint64_t>{});
        m_designOf[i] = m_out.design.addNode(std::move(node));
    }
}

Status Importer::addServers()
{
    // Hosts in order of first appearance; default descriptions and routers stand alone.
    std::vector<std::pair<std::string, std::vector<std::size_t>>> hosts;
    std::unordered_map<std::string, std::size_t> hostIndex;
    for (std::size_t i = 0; i < m_fab.nodes.size(); ++i) {
        if (m_role[i] != Role::Ca && m_role[i] != Role::Router)
            continue;
        const std::string &host = m_hca[i].host;
        // A design's server holds at most kMaxHcasPerServer HCAs (the design reader refuses more).
        const auto known = hostIndex.find(host);
        const bool full = known != hostIndex.end() && hosts[known->second].second.size() >= std::size_t(kMaxHcasPerServer);
        if (host.empty() || m_role[i] == Role::Router || full) {
            if (full)
                note(ImportNote::Kind::Inferred, m_fab.nodes[i].line,
                     "\"" + label(i) + "\": host \"" + host + "\" already has " + std::to_string(kMaxHcasPerServer) +
                         " HCAs, the most a server holds: a server of its own, named by its GUID (" + m_fab.nodes[i].name + ")");
            else if (m_role[i] == Role::Ca)
                note(ImportNote::Kind::Inferred, m_fab.nodes[i].line,
                     "\"" + label(i) + "\" names no host: a server of its own, named by its GUID (" + m_fab.nodes[i].name + ")");
            hosts.push_back({m_fab.nodes[i].name, {i}});
            continue;
        }
        auto [it, fresh] = hostIndex.emplace(host, hosts.size());
        if (fresh)
            hosts.push_back({host, {}});
        hosts[it->second].second.push_back(i);
    }
    Status status = Ok{};
    for (auto &[host, cas] : hosts) {
        addServer(host, std::move(cas), status);
        if (!status)
            return status;
    }
    if (std::any_of(m_out.design.nodes.begin(), m_out.design.nodes.end(),
                    [](const Node &n) { return n.part == std::string(kImportedPartPrefix) + "host"; })) {
        const Part host = PartChooser::genericHost();
        if (auto st = m_catalog.addImportedPart(host); !st)
            return makeError(m_file, 0, 0, st.error().message);
        m_generic.push_back(host);
    }
    m_out.design.parts = m_generic;
    return Ok{};
}

void Importer::addServer(const std::string &host, std::vector<std::size_t> cas, Status &status)
{
    std::stable_sort(cas.begin(), cas.end(), [&](std::size_t a, std::size_t b) {
        const int ia = m_hca[a].index > 0 ? m_hca[a].index : 1 << 30, ib = m_hca[b].index > 0 ? m_hca[b].index : 1 << 30;
        return ia < ib;
    });
    for (std::size_t k = 1; k < cas.size(); ++k)
        if (m_hca[cas[k]].index > 0 && m_hca[cas[k]].index == m_hca[cas[k - 1]].index)
            note(ImportNote::Kind::Inferred, m_fab.nodes[cas[k]].line,
                 "\"" + label(cas[k]) + "\" and line " + std::to_string(m_fab.nodes[cas[k - 1]].line) +
                     " name the same HCA of host \"" + host + "\" (two machines with one host name?); kept together");
    const bool router = m_role[cas.front()] == Role::Router;
    std::vector<std::string> hcaParts;
    for (std::size_t i : cas)
        hcaParts.push_back(m_partOf[m_kind[i]]);
    Node node;
    node.id = uniqueId(host);
    node.name = host;
    node.role = router ? NodeRole::Management : NodeRole::Server;
    node.part = std::string(kImportedPartPrefix) + "host";
    node.hcas = hcaParts;
    if (router)
        note(ImportNote::Kind::Inferred, m_fab.nodes[cas.front()].line,
             "router \"" + label(cas.front()) + "\" imported as an appliance endpoint (routing between subnets is not modelled)");
    const Part *chosen = nullptr;
    if (const std::string *o = findOverride(m_options.parts, host)) {
        chosen = m_catalog.find(*o);
        if (!chosen || chosen->kind != PartKind::GpuServer) {
            status = makeError(m_file, m_fab.nodes[cas.front()].line, 0,
                               "part override '" + *o + "' for \"" + host + "\" is not a server in the catalog");
            return;
        }
    } else if (!router) {
        // A catalog server only where the host name says which (e.g. "dgx-h100-07") and its
        // HCAs are the ones found.
        std::string lowerHost;
        for (char c : host)
            if (std::isalnum(static_cast<unsigned char>(c)))
                lowerHost += char(std::tolower(static_cast<unsigned char>(c)));
        // UFM appliances name themselves "ufm..." in the fabric: a one-adapter host so named is
        // the catalog's management appliance.
        if (cas.size() == 1 && lowerHost.find("ufm") != std::string::npos)
            chosen = m_catalog.defaultManagementPart();
        for (const Part *p : m_catalog.partsOfKind(PartKind::GpuServer)) {
            if (chosen)
                break;
            std::string id;
            for (char c : p->id)
                if (std::isalnum(static_cast<unsigned char>(c)))
                    id += c;
            if (p->gpuCount > 0 && id.size() >= 5 && lowerHost.find(id) != std::string::npos && p->hcaCount == int(cas.size()) &&
                std::all_of(hcaParts.begin(), hcaParts.end(), [&](const std::string &h) { return h == p->hca; }))
                chosen = p;
        }
    }
    if (chosen) {
        node.part = chosen->id;
        node.role = defaultRole(*chosen);
        const bool same = chosen->hcaCount == int(hcaParts.size()) &&
                          std::all_of(hcaParts.begin(), hcaParts.end(), [&](const std::string &h) { return h == chosen->hca; });
        if (same)
            node.hcas.clear();
    }
    std::vector<std::uint64_t> guids;
    int offset = 0;
    const NodeId id(std::uint32_t(m_out.design.nodes.size()));
    for (std::size_t i : cas) {
        const DiscoveredNode &ca = m_fab.nodes[i];
        m_designOf[i] = id;
        m_portOffset[i] = offset;
        offset += ca.ports;
        if (ca.guid)
            guids.push_back(ca.guid);
        for (const auto &[p, g] : ca.portGuids)
            guids.push_back(g);
    }
    m_out.nodeGuids.push_back(std::move(guids));
    m_out.design.addNode(std::move(node));
}

void Importer::addLinks()
{
    std::unordered_map<std::string, double> partGbps;
    auto speedOf = [&](std::size_t i) {
        const std::string &id = m_partOf[m_kind[i]];
        auto [it, fresh] = partGbps.emplace(id, 0.0);
        if (fresh)
            if (const Part *p = m_catalog.find(id))
                it->second = p->portSpeedGbps.value_or(0);
        return it->second;
    };
    int linkNo = 0;
    for (std::size_t c = 0; c < m_fab.cables.size(); ++c) {
        if (m_aggregationCable[c])
            continue;
        const DiscoveredCable &cable = m_fab.cables[c];
        if (m_role[cable.a] == Role::Aggregation || m_role[cable.b] == Role::Aggregation) {
            note(ImportNote::Kind::Skipped, cable.line, "a SHARP aggregation node cabled to something other than a switch; skipped");
            continue;
        }
        const std::uint32_t ends[2] = {cable.a, cable.b};
        const int ports[2] = {cable.portA, cable.portB};
        bool internal = false;
        for (int e = 0; e < 2; ++e)
            internal = internal || (m_role[ends[e]] == Role::Switch && ports[e] > physicalPorts(ends[e]));
        if (internal) {
            note(ImportNote::Kind::Skipped, cable.line, "a cable on a switch's internal (SHARP) port; skipped");
            continue;
        }
        char id[32];
        std::snprintf(id, sizeof id, "l%06d", ++linkNo);
        Link l;
        l.id = id;
        l.a = PortRef{m_designOf[cable.a], cable.portA + m_portOffset[cable.a]};
        l.b = PortRef{m_designOf[cable.b], cable.portB + m_portOffset[cable.b]};
        l.rate = cable.rate.toString();
        const double best = std::min(speedOf(cable.a), speedOf(cable.b));
        if (cable.rate.known() && best > 0 && cable.rate.gbps() < best * 0.99) {
            ++m_out.counts.degraded;
            note(ImportNote::Kind::Degraded, cable.line,
                 "degraded: " + endName(cable.a, cable.portA) + " - " + endName(cable.b, cable.portB) + " runs at " +
                     cable.rate.toString() + ", below the " + formatNumber(best) + " Gb/s both ports reach");
        }
        m_out.design.addLink(std::move(l));
    }
}

void Importer::count()
{
    IbnetdiscoverImport::Counts &c = m_out.counts;
    for (std::size_t i = 0; i < m_fab.nodes.size(); ++i) {
        c.switches += m_role[i] == Role::Switch;
        c.hcas += m_role[i] == Role::Ca;
        c.aggregationNodes += m_role[i] == Role::Aggregation;
        c.routers += m_role[i] == Role::Router;
    }
    for (const Node &n : m_out.design.nodes)
        c.servers += n.role == NodeRole::Server;
    c.cables = int(m_out.design.links.size());
    for (const Link &l : m_out.design.links)
        c.selfLoops += l.a.node == l.b.node;
    c.lines = m_fab.lines;
    c.skippedLines = m_fab.skippedLines;
    c.progressLines = m_fab.progressLines;
    c.cut = m_fab.cut;
}

} // namespace

Result<IbnetdiscoverImport> importIbnetdiscover(const std::string &text, const std::string &fileName, const Catalog &catalog,
                                                const IbnetdiscoverImportOptions &options)
{
    auto read = readIbnetdiscover(text, fileName);
    if (!read)
        return read.error();
    return Importer(*read, fileName, catalog, options).run();
}

} // namespace cplan
