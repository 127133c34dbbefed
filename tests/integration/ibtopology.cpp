#include "ibtopology.h"

#include <QRegularExpression>

#include <algorithm>
#include <cmath>
#include <set>

namespace cplan::test {

int IbTopology::cas() const
{
    return int(std::count_if(nodes.begin(), nodes.end(), [](const IbTopologyNode &n) { return !n.isSwitch; }));
}

int IbTopology::switches() const
{
    return int(nodes.size()) - cas();
}

int IbTopology::links() const
{
    std::set<std::pair<std::pair<QString, int>, std::pair<QString, int>>> cables;
    for (const IbTopologyNode &n : nodes)
        for (const auto &[port, remote] : n.links) {
            std::pair<QString, int> a{n.name, port}, b = remote;
            if (b < a)
                std::swap(a, b);
            cables.insert({a, b});
        }
    return int(cables.size());
}

const IbTopologyNode *IbTopology::find(const QString &name) const
{
    const auto it = index.find(name);
    return it == index.end() ? nullptr : &nodes[it->second];
}

IbTopology parseIbTopology(const QString &text)
{
    static const QRegularExpression head(QStringLiteral(R"re(^(Switch|Hca|Ca)\s+(\d+)\s+"([^"]+)"(?:.*#\s*"([^"]*)")?)re"));
    static const QRegularExpression port(QStringLiteral(R"re(^\[(\d+)\](?:\([0-9a-fA-Fx]+\))?\s+"([^"]+)"\[(\d+)\])re"));
    IbTopology t;
    IbTopologyNode *current = nullptr;
    for (const QString &raw : text.split(QLatin1Char('\n'))) {
        const QString line = raw.trimmed();
        if (const auto m = head.match(line); m.hasMatch()) {
            IbTopologyNode n;
            n.isSwitch = m.captured(1) == QLatin1String("Switch");
            n.ports = m.captured(2).toInt();
            n.name = m.captured(3);
            n.description = m.captured(4).isEmpty() ? n.name : m.captured(4);
            t.index[n.name] = t.nodes.size();
            t.nodes.push_back(n);
            current = &t.nodes.back();
            continue;
        }
        if (const auto m = port.match(line); m.hasMatch() && current)
            current->links[m.captured(1).toInt()] = {m.captured(2), m.captured(3).toInt()};
    }
    return t;
}

IbLfts parseLftDump(const QString &text)
{
    static const QRegularExpression head(QStringLiteral(R"re(^Unicast lids .* of switch .*\('(.*)'\):)re"));
    static const QRegularExpression entry(QStringLiteral(R"re(^0x([0-9a-fA-F]+)\s+(\d+)\s+#\s+(.*)$)re"));
    static const QRegularExpression ca(QStringLiteral(R"re(Channel Adapter portguid \S+: '(.*)')re"));
    IbLfts lfts;
    std::map<int, int> *table = nullptr;
    for (const QString &line : text.split(QLatin1Char('\n'))) {
        if (const auto m = head.match(line); m.hasMatch()) {
            table = &lfts.switches[m.captured(1)];
            continue;
        }
        const auto m = entry.match(line);
        if (!m.hasMatch() || !table)
            continue;
        const int lid = m.captured(1).toInt(nullptr, 16);
        (*table)[lid] = m.captured(2).toInt();
        if (const auto c = ca.match(m.captured(3)); c.hasMatch())
            lfts.caLids[c.captured(1)] = lid;
    }
    return lfts;
}

IbSubnetList parseSubnetList(const QString &text)
{
    // { SW Ports:08 ... NodeGUID:0002c9... PortGUID:... {leafA} LID:0001 PN:03 } { CA ... PN:01 } PHY=4x LOG=ACT SPD=2.5
    static const QRegularExpression end(QStringLiteral(R"re(\{\s*(SW|CA|CA-SM)\s.*?NodeGUID:([0-9a-fA-F]+).*?PN:([0-9a-fA-F]+)\s*\})re"));
    std::set<QString> switches, cas;
    std::set<std::pair<QString, QString>> links, active;
    for (const QString &line : text.split(QLatin1Char('\n'))) {
        auto it = end.globalMatch(line);
        QStringList ends;
        while (it.hasNext()) {
            const auto m = it.next();
            (m.captured(1) == QLatin1String("SW") ? switches : cas).insert(m.captured(2));
            ends << m.captured(2) + QLatin1Char(':') + m.captured(3);
        }
        if (ends.size() != 2)
            continue;
        std::pair<QString, QString> link{ends[0], ends[1]};
        if (link.second < link.first)
            std::swap(link.first, link.second);
        links.insert(link);
        if (line.contains(QLatin1String("LOG=ACT")))
            active.insert(link);
    }
    return {int(switches.size()), int(cas.size()), int(links.size()), int(active.size())};
}

namespace {

std::vector<int> shiftValues(int n, int shifts)
{
    std::vector<int> ks;
    if (shifts <= 0 || shifts >= n - 1) {
        for (int k = 1; k < n; ++k)
            ks.push_back(k);
        return ks;
    }
    std::set<int> spread;
    for (int i = 1; i <= shifts; ++i)
        spread.insert(std::max(1, int(std::lround(double(i) * (n - 1) / shifts))));
    return {spread.begin(), spread.end()};
}

// Routes through LFTs on a topology. LFT dumps name switches and CAs by node description, so
// links are followed by description too.
class RouteWalker
{
public:
    RouteWalker(const IbTopology &topology, const IbLfts &lfts)
        : m_topology(topology)
        , m_lfts(lfts)
    {
        for (const IbTopologyNode &n : topology.nodes)
            m_byDescription[n.description] = &n;
    }

    QString describe(const QString &name) const
    {
        const IbTopologyNode *node = m_topology.find(name);
        return node ? node->description : name;
    }

    // From the switch (or CA) `here` to the CA `dst` with LID `lid`: adds one to the load of each
    // directed link (switch, out port) taken and keeps `worst` the largest load; `steps` counts
    // the links, the source's own cable included. False for a missing entry or a loop.
    bool operator()(QString here, const QString &dst, int lid, std::map<std::pair<QString, int>, int> &load, int &worst,
                    int &steps) const
    {
        for (steps = 1; steps < 64; ++steps) {
            if (here == dst)
                return true;
            const auto table = m_lfts.switches.find(here);
            const auto node = m_byDescription.find(here);
            if (table == m_lfts.switches.end() || node == m_byDescription.end())
                return false;
            const auto out = table->second.find(lid);
            if (out == table->second.end())
                return false;
            const auto link = node->second->links.find(out->second);
            if (link == node->second->links.end())
                return false;
            worst = std::max(worst, ++load[{here, out->second}]);
            here = describe(link->second.first);
        }
        return false;
    }

private:
    const IbTopology &m_topology;
    const IbLfts &m_lfts;
    std::map<QString, const IbTopologyNode *> m_byDescription;
};

} // namespace

IbCongestion measureCongestion(const IbTopology &topology, const IbLfts &lfts, int shifts)
{
    IbCongestion c;
    std::vector<const IbTopologyNode *> cas;
    for (const IbTopologyNode &n : topology.nodes)
        if (!n.isSwitch)
            cas.push_back(&n);
    const int n = int(cas.size());
    if (n < 2) {
        c.error = QStringLiteral("fewer than two CAs in the topology");
        return c;
    }
    if (lfts.switches.empty()) {
        c.error = QStringLiteral("no forwarding tables in the LFT dump");
        return c;
    }
    const RouteWalker followRoute(topology, lfts);
    long long hops = 0, routed = 0;
    double sumOfMax = 0;
    const std::vector<int> ks = shiftValues(n, shifts);
    for (int k : ks) {
        std::map<std::pair<QString, int>, int> load;
        int worst = 0;
        for (int i = 0; i < n; ++i) {
            const IbTopologyNode *src = cas[i];
            const IbTopologyNode *dst = cas[(i + k) % n];
            const auto lid = lfts.caLids.find(dst->description);
            const auto first = src->links.find(1);
            if (lid == lfts.caLids.end() || first == src->links.end()) {
                ++c.unroutablePairs;
                continue;
            }
            int steps = 0;
            if (followRoute(followRoute.describe(first->second.first), dst->description, lid->second, load, worst, steps)) {
                hops += steps;
                ++routed;
            } else {
                ++c.unroutablePairs;
            }
        }
        c.maxLinkLoad = std::max(c.maxLinkLoad, worst);
        sumOfMax += worst;
    }
    c.shifts = int(ks.size());
    c.meanMaxLinkLoad = sumOfMax / double(ks.size());
    c.meanHops = routed ? double(hops) / double(routed) : 0;
    return c;
}

} // namespace cplan::test
