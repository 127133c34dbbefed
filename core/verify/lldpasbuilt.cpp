// LLDP neighbour tables as the as-built design; see lldpasbuilt.h.
#include "verify/lldpasbuilt.h"

#include "catalog/catalog.h"
#include "export/ethernetlinks.h"
#include "util/atomicfile.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <set>
#include <unordered_map>

namespace cplan {

namespace {

constexpr const char *kSwitchPart = "imported-lldp-switch";
constexpr const char *kHostPart = "imported-lldp-host";
constexpr const char *kNicPart = "imported-lldp-nic";

Part genericPart(const std::string &id, PartKind kind, int ports, const std::string &model)
{
    Part p;
    p.id = id;
    p.kind = kind;
    p.imported = true;
    p.protocol = Protocol::Ethernet;
    p.model = model;
    p.ports = ports;
    p.description = model + " seen in LLDP neighbour tables; its model, price, power and height are unknown.";
    p.sources = {"as-built import: lldpctl -f json neighbour tables"};
    return p;
}

class Builder
{
public:
    Builder(const Design &plan, const Catalog &catalog) : m_plan(plan), m_catalog(catalog)
    {
        for (std::size_t i = 0; i < plan.nodes.size(); ++i) {
            m_planByName.emplace(plan.nodes[i].id, int(i));
            if (!plan.nodes[i].name.empty())
                m_planByName.emplace(plan.nodes[i].name, int(i));
        }
    }

    Result<AsBuilt> build(const std::vector<LldpInput> &inputs)
    {
        for (const LldpInput &in : inputs) {
            m_out.notes.reserve(m_out.notes.size() + in.table.notes.size());
            for (const LldpNote &n : in.table.notes)
                note(in.file, n.line, n.message);
            for (const std::string &d : in.table.devices)
                m_switchNames.insert(d);
        }
        for (const LldpInput &in : inputs) {
            for (const std::string &d : in.table.devices)
                nodeFor(d, true);
            for (const LldpNeighbor &n : in.table.neighbors)
                add(in.file, n);
        }
        if (auto st = finishUnknownNodes(); !st)
            return st.error();
        m_out.source = inputs.size() == 1 ? inputs.front().file : std::to_string(inputs.size()) + " LLDP files";
        m_out.design.name = "As built (LLDP)";
        return std::move(m_out);
    }

private:
    void note(const std::string &file, int line, const std::string &message)
    {
        m_out.notes.push_back(file + (line > 0 ? ":" + std::to_string(line) : std::string()) + ": " + message);
    }

    int planNode(const std::string &name) const
    {
        if (auto it = m_planByName.find(name); it != m_planByName.end())
            return it->second;
        if (const auto dot = name.find('.'); dot != std::string::npos && dot > 0)
            if (auto it = m_planByName.find(name.substr(0, dot)); it != m_planByName.end())
                return it->second;
        return -1;
    }

    std::uint32_t nodeFor(const std::string &name, bool isSwitch)
    {
        if (auto it = m_found.find(name); it != m_found.end())
            return it->second;
        const int p = planNode(name);
        Node node;
        if (p >= 0 && m_foundOfPlan.count(p))
            return m_found[name] = m_foundOfPlan[p];
        if (p >= 0) {
            node = m_plan.nodes[std::size_t(p)];
        } else {
            node.id = m_out.design.findNode(name) ? m_out.design.uniqueId("lldp") : name;
            node.name = name;
            node.role = isSwitch ? NodeRole::Switch : NodeRole::Server;
            node.tier = isSwitch ? Tier::Leaf : Tier::Endpoint;
        }
        const std::uint32_t idx = m_out.design.addNode(std::move(node)).value;
        m_planOf.push_back(p);
        m_unknownPorts.emplace_back();
        if (p >= 0)
            m_foundOfPlan[p] = idx;
        return m_found[name] = idx;
    }

    // The design port `name` stands for on found node `f` (0 when it has none).
    int portOf(std::uint32_t f, const std::string &name)
    {
        if (name.empty())
            return 0;
        const int p = m_planOf[f];
        if (p < 0) {
            auto &ports = m_unknownPorts[f];
            return ports.emplace(name, int(ports.size()) + 1).first->second;
        }
        const Node &n = m_plan.nodes[std::size_t(p)];
        auto it = m_ports.find(f);
        if (it == m_ports.end())
            it = m_ports.emplace(f, nodePorts(n, m_catalog)).first;
        return n.role == NodeRole::Switch ? switchPortFromName(it->second, name) : hostPortFromName(it->second, name);
    }

    void add(const std::string &file, const LldpNeighbor &n)
    {
        const bool remoteSwitch = m_switchNames.count(n.remoteName) || n.remoteBridge || (n.remoteRouter && !n.remoteStation);
        const std::uint32_t local = nodeFor(n.device, true), remote = nodeFor(n.remoteName, remoteSwitch);
        const int lp = portOf(local, n.interface);
        int rp = n.remotePortIdType == "mac" ? 0 : portOf(remote, n.remotePortId);
        if (rp == 0)
            rp = portOf(remote, n.remotePortDescr);
        const std::string where = n.device + " " + n.interface + " (neighbour " + n.remoteName + " port " +
                                  (n.remotePortId.empty() ? n.remotePortDescr : n.remotePortId) + ")";
        if (lp == 0 || rp == 0) {
            note(file, n.line, where + ": " + (lp == 0 ? n.device + " has no port '" + n.interface + "'" :
                                                         n.remoteName + " has no port by that name") +
                                   " in the plan's part: skipped (interface names: manual, As-built)");
            return;
        }
        const PortRef a{NodeId{local}, lp}, b{NodeId{remote}, rp};
        const auto ka = std::pair{local, lp}, kb = std::pair{remote, rp};
        const auto ia = m_linkAt.find(ka), ib = m_linkAt.find(kb);
        if (ia != m_linkAt.end() && ib != m_linkAt.end() && ia->second == ib->second)
            return;   // the other switch reported this cable too
        if (ia != m_linkAt.end() || ib != m_linkAt.end()) {
            note(file, n.line, where + ": a port of this cable is already seen cabled elsewhere (the other end's table disagrees): "
                                       "kept the first");
            return;
        }
        Link link;
        link.id = "lldp" + std::to_string(m_out.design.links.size() + 1);
        link.a = a;
        link.b = b;
        const std::uint32_t li = std::uint32_t(m_out.design.links.size());
        m_out.design.addLink(std::move(link));
        m_linkAt[ka] = li;
        m_linkAt[kb] = li;
    }

    // Devices the plan lacks get generic parts with the ports they showed.
    Status finishUnknownNodes()
    {
        std::set<std::string> added;
        auto use = [&](const Part &part) -> Status {
            if (!added.insert(part.id).second)
                return Ok{};
            if (auto st = m_catalog.addImportedPart(part); !st)
                return st;
            m_out.design.parts.push_back(part);
            return Ok{};
        };
        for (std::uint32_t f = 0; f < m_out.design.nodes.size(); ++f) {
            if (m_planOf[f] >= 0)
                continue;
            Node &node = m_out.design.nodes[f];
            const int ports = std::max(1, int(m_unknownPorts[f].size()));
            if (node.role == NodeRole::Switch) {
                Part part = genericPart(std::string(kSwitchPart) + "-" + std::to_string(ports) + "p", PartKind::Switch, ports,
                                        "Ethernet switch (as built, " + std::to_string(ports) + " port(s) seen)");
                node.part = part.id;
                if (auto st = use(part); !st)
                    return st;
            } else {
                if (auto st = use(genericPart(kNicPart, PartKind::Hca, 1, "Ethernet NIC port (as built)")); !st)
                    return st;
                Part host = genericPart(kHostPart, PartKind::GpuServer, 0, "Host (as built)");
                if (auto st = use(host); !st)
                    return st;
                node.part = host.id;
                node.hcas.assign(std::size_t(ports), kNicPart);
            }
        }
        return Ok{};
    }

    const Design &m_plan;
    const Catalog &m_catalog;
    AsBuilt m_out;
    std::unordered_map<std::string, int> m_planByName;
    std::set<std::string> m_switchNames;
    std::map<std::string, std::uint32_t> m_found;
    std::map<int, std::uint32_t> m_foundOfPlan;
    std::vector<int> m_planOf;
    std::vector<std::map<std::string, int>> m_unknownPorts;
    std::map<std::uint32_t, std::vector<PortInfo>> m_ports;
    std::map<std::pair<std::uint32_t, int>, std::uint32_t> m_linkAt;
};

} // namespace

Result<AsBuilt> lldpAsBuilt(const std::vector<LldpInput> &inputs, const Design &plan, const Catalog &catalog)
{
    return Builder(plan, catalog).build(inputs);
}

bool isLldpAsBuilt(const std::vector<std::string> &paths)
{
    if (paths.size() != 1)
        return !paths.empty();
    std::error_code ec;
    if (std::filesystem::is_directory(paths.front(), ec))
        return true;
    auto text = readFile(paths.front());
    if (!text)
        return false;
    const auto first = text->find_first_not_of(" \t\r\n\xEF\xBB\xBF");
    return first != std::string::npos && (*text)[first] == '{';
}

Result<AsBuilt> loadLldpAsBuilt(const std::vector<std::string> &paths, const Design &plan, const Catalog &catalog)
{
    std::vector<std::string> files;
    for (const std::string &p : paths) {
        std::error_code ec;
        if (!std::filesystem::is_directory(p, ec)) {
            files.push_back(p);
            continue;
        }
        std::vector<std::string> inDir;
        for (const auto &e : std::filesystem::directory_iterator(p, ec))
            if (e.is_regular_file(ec) && e.path().extension() == ".json")
                inDir.push_back(e.path().string());
        if (ec)
            return Error{p, 0, 0, "cannot read the folder: " + ec.message()};
        if (inDir.empty())
            return Error{p, 0, 0, "the folder holds no .json file (one `lldpctl -f json show neighbors` output per switch, named after it)"};
        std::sort(inDir.begin(), inDir.end());
        files.insert(files.end(), inDir.begin(), inDir.end());
    }
    std::vector<LldpInput> inputs;
    for (const std::string &f : files) {
        auto text = readFile(f);
        if (!text)
            return text.error();
        auto table = readLldpJson(*text, f);
        if (!table)
            return table.error();
        inputs.push_back(LldpInput{f, std::move(*table)});
    }
    return lldpAsBuilt(inputs, plan, catalog);
}

} // namespace cplan
