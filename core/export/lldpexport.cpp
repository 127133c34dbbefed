#include "export/lldpexport.h"

#include "catalog/catalog.h"
#include "export/ethernetlinks.h"
#include "model/design.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <map>

namespace cplan {

namespace {

using Json = nlohmann::ordered_json;

std::string mac(const Node &n)
{
    const std::uint64_t g = nodeGuid(n);
    char out[18];
    std::snprintf(out, sizeof out, "02:%02x:%02x:%02x:%02x:%02x", unsigned(g >> 32) & 255u, unsigned(g >> 24) & 255u,
                  unsigned(g >> 16) & 255u, unsigned(g >> 8) & 255u, unsigned(g) & 255u);
    return out;
}

bool nvidiaSwitch(const Part *part)
{
    return part && (part->vendor.find("NVIDIA") != std::string::npos || part->vendor.find("Mellanox") != std::string::npos);
}

class Writer
{
public:
    Writer(const Design &design, const Catalog &catalog) : m_design(design), m_catalog(catalog) {}

    // The name `ref`'s node gives its own port.
    std::string portName(PortRef ref)
    {
        const Node &n = m_design.node(ref.node);
        if (n.role != NodeRole::Switch)
            return hostPortName(ref.port);
        const auto &ports = portsOf(ref.node);
        return nvidiaSwitch(m_catalog.find(n.part)) ? cumulusInterfaceName(ports, ref.port) : eosInterfaceName(ports, ref.port);
    }

    // One interface's entry as lldpd prints it: what the neighbour on `local` advertised.
    Json entry(PortRef remote, int rid)
    {
        const Node &n = m_design.node(remote.node);
        const bool sw = n.role == NodeRole::Switch;
        const Part *part = m_catalog.find(n.part);
        const std::string name = n.name.empty() ? n.id : n.name;
        Json chassis{{"id", {{"type", "mac"}, {"value", mac(n)}}},
                     {"descr", part ? part->vendor + " " + part->model : n.part},
                     {"capability", Json::array({Json{{"type", "Bridge"}, {"enabled", sw}}, Json{{"type", "Router"}, {"enabled", sw}},
                                                 Json{{"type", "Station"}, {"enabled", !sw}}})}};
        const std::string port = portName(remote);
        return Json{{"via", "LLDP"},
                    {"rid", std::to_string(rid)},
                    {"age", "0 day, 00:00:42"},
                    {"chassis", Json{{name, std::move(chassis)}}},
                    {"port", Json{{"id", {{"type", "ifname"}, {"value", port}}},
                                  {"descr", sw ? port : "mlx5_" + std::to_string(remote.port - 1)},
                                  {"ttl", "120"}}}};
    }

private:
    const std::vector<PortInfo> &portsOf(NodeId n)
    {
        auto it = m_ports.find(n.value);
        if (it == m_ports.end())
            it = m_ports.emplace(n.value, nodePorts(m_design.node(n), m_catalog)).first;
        return it->second;
    }

    const Design &m_design;
    const Catalog &m_catalog;
    std::map<std::uint32_t, std::vector<PortInfo>> m_ports;
};

} // namespace

Result<std::string> lldpNeighborsJson(const Design &design, const Catalog &catalog)
{
    if (auto st = checkEthernetFabric(design, catalog, "the LLDP neighbour tables"); !st)
        return st.error();
    // Per switch, its ports' neighbours in port order.
    std::map<std::uint32_t, std::map<int, PortRef>> seen;
    for (LinkId l : ethernetFabricLinks(design)) {
        const Link &link = design.link(l);
        for (const auto &[local, remote] : {std::pair{link.a, link.b}, std::pair{link.b, link.a}})
            if (design.node(local.node).role == NodeRole::Switch)
                seen[local.node.value].emplace(local.port, remote);
    }
    Writer writer(design, catalog);
    Json out = Json::object();
    for (std::uint32_t i = 0; i < design.nodes.size(); ++i) {
        const Node &n = design.nodes[i];
        if (n.role != NodeRole::Switch)
            continue;
        Json interfaces = Json::array();
        int rid = 0;
        for (const auto &[port, remote] : seen[i])
            interfaces.push_back(Json{{writer.portName(PortRef{NodeId{i}, port}), writer.entry(remote, ++rid)}});
        Json lldp = Json::object();
        // lldpd prints a lone interface as an object, several as a list, none not at all.
        if (interfaces.size() == 1)
            lldp["interface"] = interfaces.front();
        else if (!interfaces.empty())
            lldp["interface"] = std::move(interfaces);
        out[n.name.empty() ? n.id : n.name] = Json{{"lldp", std::move(lldp)}};
    }
    return out.dump(2) + "\n";
}

} // namespace cplan
