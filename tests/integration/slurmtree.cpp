#include "slurmtree.h"

#include "export/slurmtopology.h"
#include "model/design.h"

#include <QRegularExpression>

#include <functional>

namespace cplan::test {

namespace {

QString nameOf(const Node &n)
{
    return QString::fromStdString(slurmName(n));
}

} // namespace

QStringList expandHostlist(const QString &text)
{
    QStringList out, parts;
    QString current;
    int depth = 0;
    for (QChar c : text) {
        if (c == QLatin1Char('['))
            ++depth;
        if (c == QLatin1Char(']'))
            --depth;
        if (c == QLatin1Char(',') && depth == 0) {
            parts << current;
            current.clear();
        } else {
            current += c;
        }
    }
    if (!current.isEmpty())
        parts << current;
    static const QRegularExpression re(QStringLiteral("^(.*)\\[(.*)\\](.*)$"));
    for (const QString &p : parts) {
        const auto m = re.match(p);
        if (!m.hasMatch()) {
            out << p;
            continue;
        }
        for (const QString &range : m.captured(2).split(QLatin1Char(','))) {
            const QStringList lohi = range.split(QLatin1Char('-'));
            const int width = int(lohi[0].size());
            const long lo = lohi[0].toLong(), hi = lohi.size() > 1 ? lohi[1].toLong() : lo;
            for (long v = lo; v <= hi; ++v)
                out << m.captured(1) + QStringLiteral("%1").arg(v, width, 10, QLatin1Char('0')) + m.captured(3);
        }
    }
    return out;
}

SlurmSwitch parseSwitchLine(const QString &line)
{
    SlurmSwitch s;
    for (const QString &field : line.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
        const QString key = field.section(QLatin1Char('='), 0, 0), value = field.section(QLatin1Char('='), 1);
        if (key == QLatin1String("SwitchName"))
            s.name = value;
        else if (key == QLatin1String("Level"))
            s.level = value.toInt();
        else if (key == QLatin1String("Nodes"))
            s.nodes = expandHostlist(value);
        else if (key == QLatin1String("Switches"))
            s.switches = expandHostlist(value);
    }
    return s;
}

std::vector<SlurmSwitch> readTreeConf(const QString &text, QStringList *bad)
{
    static const QRegularExpression line(QStringLiteral("^SwitchName=(\\S+)(?:\\s+Nodes=(\\S+))?(?:\\s+Switches=(\\S+))?\\s*$"));
    std::vector<SlurmSwitch> out;
    std::map<QString, std::size_t> index;
    for (QString l : text.split(QLatin1Char('\n'))) {
        l = l.section(QLatin1Char('#'), 0, 0).trimmed();
        if (l.isEmpty())
            continue;
        const auto m = line.match(l);
        if (!m.hasMatch() || m.captured(2).isEmpty() == m.captured(3).isEmpty() || index.count(m.captured(1))) {
            *bad << l;
            continue;
        }
        index[m.captured(1)] = out.size();
        out.push_back(parseSwitchLine(l));
        out.back().level = -1;
    }
    // Levels and nodes bottom up, as slurmctld works them out (children are listed first here).
    std::function<void(SlurmSwitch &)> resolve = [&](SlurmSwitch &s) {
        if (s.level >= 0)
            return;
        s.level = 0;
        for (const QString &c : s.switches) {
            if (!index.count(c)) {
                *bad << QStringLiteral("%1: unknown switch %2").arg(s.name, c);
                continue;
            }
            SlurmSwitch &child = out[index[c]];
            resolve(child);
            s.level = std::max(s.level, child.level + 1);
            for (const QString &n : child.nodes)
                if (!s.nodes.contains(n))
                    s.nodes << n;
        }
    };
    for (SlurmSwitch &s : out)
        resolve(s);
    return out;
}

ExpectedTree expectedTree(const Design &d)
{
    const std::size_t n = d.nodes.size();
    std::vector<std::vector<std::uint32_t>> servers(n), lower(n), leavesOf(n);
    for (const Link &l : d.links)
        for (int side = 0; side < 2; ++side) {
            const std::uint32_t a = side ? l.b.node.value : l.a.node.value, b = side ? l.a.node.value : l.b.node.value;
            if (d.nodes[a].role != NodeRole::Switch)
                continue;
            if (d.nodes[b].role == NodeRole::Server) {
                servers[a].push_back(b);
                leavesOf[b].push_back(a);
            } else if (d.nodes[b].role == NodeRole::Switch && d.nodes[b].tier < d.nodes[a].tier) {
                lower[a].push_back(b);
            }
        }
    ExpectedTree e;
    std::vector<char> seen(n, 0);
    for (std::uint32_t v = 0; v < n; ++v) {
        if (d.nodes[v].role != NodeRole::Server)
            continue;
        e.servers << nameOf(d.nodes[v]);
        if (seen[v] || leavesOf[v].empty())
            continue;
        NameSet group;   // server - leaf - server, until no new server
        std::vector<std::uint32_t> todo{v};
        seen[v] = 1;
        while (!todo.empty()) {
            const std::uint32_t s = todo.back();
            todo.pop_back();
            group.insert(nameOf(d.nodes[s]));
            for (std::uint32_t leaf : leavesOf[s])
                for (std::uint32_t other : servers[leaf])
                    if (!seen[other]) {
                        seen[other] = 1;
                        todo.push_back(other);
                    }
        }
        e.leafGroups.insert(group);
    }
    std::function<void(std::uint32_t, NameSet &)> collect = [&](std::uint32_t s, NameSet &out) {
        for (std::uint32_t v : servers[s])
            out.insert(nameOf(d.nodes[v]));
        for (std::uint32_t c : lower[s])
            collect(c, out);
    };
    for (std::uint32_t s = 0; s < n; ++s)
        if (!lower[s].empty() && servers[s].empty())
            collect(s, e.belowSwitch[nameOf(d.nodes[s])]);
    return e;
}

QString compareTree(const std::vector<SlurmSwitch> &shown, const ExpectedTree &e)
{
    if (shown.empty())
        return QStringLiteral("no switches");
    std::set<NameSet> leafGroups;
    std::map<QString, int> underLeaves;
    std::map<QString, NameSet> upper;
    for (const SlurmSwitch &s : shown) {
        if (s.level == 0) {
            leafGroups.insert(NameSet(s.nodes.begin(), s.nodes.end()));
            for (const QString &node : s.nodes)
                ++underLeaves[node];
        } else {
            upper[s.name] = NameSet(s.nodes.begin(), s.nodes.end());
        }
    }
    for (const QString &server : e.servers)
        if (underLeaves[server] != 1)
            return QStringLiteral("%1 is under %2 leaf-level switches").arg(server).arg(underLeaves[server]);
    if (leafGroups != e.leafGroups)
        return QStringLiteral("the leaf-level switches group the servers otherwise than the design's leaves");
    for (const auto &[sw, below] : e.belowSwitch) {
        const auto it = upper.find(sw);
        if (it == upper.end())
            return sw + QStringLiteral(" is missing");
        if (it->second != below)
            return sw + QStringLiteral(" has other servers below it than in the design");
        upper.erase(it);
    }
    if (upper.size() > 1 || (upper.size() == 1 && upper.begin()->first != QLatin1String("fabric")))
        return upper.begin()->first + QStringLiteral(" is not a switch of the design");
    if (upper.size() == 1 && upper.begin()->second != NameSet(e.servers.begin(), e.servers.end()))
        return QStringLiteral("the virtual root does not hold every server");
    return {};
}

} // namespace cplan::test
