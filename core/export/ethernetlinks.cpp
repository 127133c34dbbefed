#include "export/ethernetlinks.h"

#include "catalog/catalog.h"
#include "export/csv.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <map>

namespace cplan {

namespace {

// A port's cage and its place there: {cage, k} with k 1-based when the cage carries several
// ports, 0 when the port is alone in it.
std::pair<int, int> cageAndSub(const std::vector<PortInfo> &ports, int port)
{
    if (port < 1 || std::size_t(port) > ports.size())
        return {port, 0};
    const PortInfo &info = ports[std::size_t(port - 1)];
    const int cage = info.cage > 0 ? info.cage : port;
    const bool shared = (port > 1 && ports[std::size_t(port - 2)].cage == info.cage) ||
                        (std::size_t(port) < ports.size() && ports[std::size_t(port)].cage == info.cage);
    if (!shared || info.cage <= 0)
        return {cage, 0};
    int k = 1;
    for (int p = port - 1; p >= 1 && ports[std::size_t(p - 1)].cage == info.cage; --p)
        ++k;
    return {cage, k};
}

std::string lower(std::string_view s)
{
    std::string out(s);
    std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return out;
}

bool startsWith(std::string_view s, std::string_view prefix) { return s.substr(0, prefix.size()) == prefix; }

// A whole non-negative decimal number (at most 9 digits), or -1.
int number(std::string_view s)
{
    if (s.empty() || s.size() > 9)
        return -1;
    int v = 0;
    auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    return ec == std::errc() && end == s.data() + s.size() ? v : -1;
}

bool isHostRole(NodeRole r) { return r != NodeRole::Switch; }

const char *avdType(const Node &n)
{
    if (n.role == NodeRole::Server)
        return "server";
    if (n.role == NodeRole::Management)
        return "management";
    switch (n.tier) {
    case Tier::Leaf: return "l3leaf";
    case Tier::Spine: return "spine";
    case Tier::Core: return "super_spine";
    case Tier::Endpoint: break;
    }
    return "switch";
}

std::string deviceName(const Node &n) { return n.name.empty() ? n.id : n.name; }

// The link's ends, lower tier first (a host before a switch, a leaf before a spine).
std::pair<PortRef, PortRef> lowerFirst(const Design &design, const Link &link)
{
    const Node &a = design.node(link.a.node), &b = design.node(link.b.node);
    const bool aHost = isHostRole(a.role), bHost = isHostRole(b.role);
    const bool swap = (!aHost && bHost) || (aHost == bHost && int(a.tier) > int(b.tier));
    return swap ? std::pair{link.b, link.a} : std::pair{link.a, link.b};
}

class PortCache
{
public:
    PortCache(const Design &design, const Catalog &catalog) : m_design(design), m_catalog(catalog) {}
    const std::vector<PortInfo> &operator()(NodeId n)
    {
        auto it = m_ports.find(n.value);
        if (it == m_ports.end())
            it = m_ports.emplace(n.value, nodePorts(m_design.node(n), m_catalog)).first;
        return it->second;
    }

private:
    const Design &m_design;
    const Catalog &m_catalog;
    std::map<std::uint32_t, std::vector<PortInfo>> m_ports;
};

} // namespace

std::string eosInterfaceName(const std::vector<PortInfo> &ports, int port)
{
    const auto [cage, k] = cageAndSub(ports, port);
    return "Ethernet" + std::to_string(cage) + (k ? "/" + std::to_string(k) : std::string());
}

std::string cumulusInterfaceName(const std::vector<PortInfo> &ports, int port)
{
    const auto [cage, k] = cageAndSub(ports, port);
    return "swp" + std::to_string(cage) + (k ? "s" + std::to_string(k - 1) : std::string());
}

std::string hostPortName(int port)
{
    return "rail" + std::to_string(port);
}

int switchPortFromName(const std::vector<PortInfo> &ports, std::string_view name)
{
    std::string s = lower(name);
    int cage = -1, k = 0;   // k: 1-based place in the cage, 0 = the cage's only port
    if (startsWith(s, "swp")) {
        s = s.substr(3);
        const auto split = s.find('s');
        cage = number(s.substr(0, split));
        if (split != std::string::npos) {
            const int sub = number(s.substr(split + 1));
            k = sub < 0 ? -1 : sub + 1;
        }
    } else {
        if (startsWith(s, "ethernet"))
            s = s.substr(8);
        else if (startsWith(s, "eth"))
            s = s.substr(3);
        const auto slash = s.find('/');
        cage = number(s.substr(0, slash));
        if (slash != std::string::npos)
            k = number(s.substr(slash + 1));
    }
    if (cage <= 0 || k < 0)
        return 0;
    for (int p = 1; p <= int(ports.size()); ++p) {
        const auto [c, sub] = cageAndSub(ports, p);
        // "Ethernet33/1" also names the port of a cage of one (EOS writes /1 on unsplit ports).
        if (c == cage && (sub == k || (sub == 0 && k == 1)))
            return p;
    }
    return 0;
}

int hostPortFromName(const std::vector<PortInfo> &ports, std::string_view name)
{
    const std::string s = lower(name);
    int port = 0;
    if (startsWith(s, "rail"))
        port = number(s.substr(4));
    else if (startsWith(s, "mlx5_"))
        port = number(s.substr(5)) + 1;
    else if (startsWith(s, "hca-")) {
        const auto slash = s.find('/');
        const int hca = number(s.substr(4, slash == std::string::npos ? std::string::npos : slash - 4));
        const int onHca = slash == std::string::npos ? 1 : number(s.substr(slash + 1));
        for (int p = 1, seen = 0; hca > 0 && onHca > 0 && p <= int(ports.size()); ++p)
            if (ports[std::size_t(p - 1)].hca == hca && ++seen == onHca)
                port = p;
    } else
        port = number(s);
    return port >= 1 && port <= int(ports.size()) ? port : 0;
}

Status checkEthernetFabric(const Design &design, const Catalog &catalog, const std::string &what)
{
    bool anySwitch = false;
    for (const Node &n : design.nodes) {
        if (n.role != NodeRole::Switch)
            continue;
        anySwitch = true;
        const Part *part = catalog.find(n.part);
        if (!part)
            return Error{"", 0, 0, what + ": switch " + deviceName(n) + " is of part '" + n.part +
                                       "', which the catalog does not have: its protocol is unknown"};
        if (part->protocol != Protocol::Ethernet)
            return Error{"", 0, 0, what + " is for Ethernet fabrics, and " + deviceName(n) + " is an InfiniBand switch (" + n.part +
                                       "): on InfiniBand the cabling is the p2p and ndt sheets, the addressing OpenSM's"};
    }
    if (!anySwitch)
        return Error{"", 0, 0, what + ": the design has no switches, so no point-to-point links"};
    return Ok{};
}

std::vector<LinkId> ethernetFabricLinks(const Design &design)
{
    std::vector<LinkId> out;
    for (std::uint32_t i = 0; i < design.links.size(); ++i) {
        const Link &l = design.links[i];
        if (design.node(l.a.node).role == NodeRole::Switch || design.node(l.b.node).role == NodeRole::Switch)
            out.push_back(LinkId{i});
    }
    return out;
}

Result<std::pair<std::string, std::string>> p2pAddresses(std::size_t index)
{
    constexpr std::uint32_t kBase = (10u << 24) | (240u << 16);   // 10.240.0.0/12
    constexpr std::size_t kLinks = std::size_t(1) << 19;           // /12 holds 2^20 addresses
    if (index >= kLinks)
        return Error{"", 0, 0, "the point-to-point pool 10.240.0.0/12 holds 524,288 /31 links; the design has more"};
    const std::uint32_t even = kBase + std::uint32_t(2 * index);
    auto text = [](std::uint32_t a) {
        return std::to_string(a >> 24) + "." + std::to_string((a >> 16) & 255) + "." + std::to_string((a >> 8) & 255) + "." +
               std::to_string(a & 255) + "/31";
    };
    return std::pair{text(even + 1), text(even)};
}

std::vector<std::string> avdP2pHeader()
{
    return {"Type", "Node", "Node Interface", "Leaf IP Address", "Peer Type", "Peer Node", "Peer Interface", "Peer IP Address"};
}

Result<std::string> avdP2pLinksCsv(const Design &design, const Catalog &catalog)
{
    if (auto st = checkEthernetFabric(design, catalog, "the AVD point-to-point links CSV"); !st)
        return st.error();
    PortCache ports(design, catalog);
    auto iface = [&](PortRef r) {
        const Node &n = design.node(r.node);
        return n.role == NodeRole::Switch ? eosInterfaceName(ports(r.node), r.port) : hostPortName(r.port);
    };
    std::string out = csvLine(avdP2pHeader());
    const std::vector<LinkId> links = ethernetFabricLinks(design);
    for (std::size_t i = 0; i < links.size(); ++i) {
        const auto [lo, hi] = lowerFirst(design, design.link(links[i]));
        auto addr = p2pAddresses(i);
        if (!addr)
            return addr.error();
        const Node &a = design.node(lo.node), &b = design.node(hi.node);
        out += csvLine({avdType(a), deviceName(a), iface(lo), addr->first, avdType(b), deviceName(b), iface(hi), addr->second});
    }
    return out;
}

std::vector<std::string> p2pEthernetHeader()
{
    // As the tool's documentation spells them ("Z-RU", not "Z-U").
    return {"A-Rack", "A-U", "A-Node Name", "A-Type", "A-Port", "Z-Rack", "Z-RU", "Z-Node Name", "Z-Type", "Z-Port"};
}

Result<std::string> p2pEthernetCsv(const Design &design, const Catalog &catalog)
{
    if (auto st = checkEthernetFabric(design, catalog, "the Ethernet P2P sheet"); !st)
        return st.error();
    PortCache ports(design, catalog);
    auto end = [&](PortRef r) -> std::vector<std::string> {
        const Node &n = design.node(r.node);
        const bool sw = n.role == NodeRole::Switch;
        return {n.rack, n.u ? std::to_string(*n.u) : std::string(), deviceName(n), sw ? "Switch" : "Host",
                sw ? cumulusInterfaceName(ports(r.node), r.port) : hostPortName(r.port)};
    };
    std::string out = csvLine(p2pEthernetHeader());
    for (LinkId l : ethernetFabricLinks(design)) {
        const auto [lo, hi] = lowerFirst(design, design.link(l));
        std::vector<std::string> row = end(lo);
        const std::vector<std::string> z = end(hi);
        row.insert(row.end(), z.begin(), z.end());
        out += csvLine(row);
    }
    return out;
}

} // namespace cplan
