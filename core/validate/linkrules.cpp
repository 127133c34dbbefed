#include "validate/linkrules.h"

#include "catalog/catalog.h"
#include "util/strings.h"
#include "validate/portprotocol.h"
#include "validate/rules.h"

#include <algorithm>
#include <cmath>

namespace cplan {

namespace {

std::string gbps(double v) { return formatDouble(v) + " Gb/s"; }

// The ids a finding names: the link (when it has one) and what else is involved.
std::vector<std::string> objectsOf(const Link &link, std::vector<std::string> more = {})
{
    if (!link.id.empty())
        more.insert(more.begin(), link.id);
    return more;
}

void add(LinkVerdict &out, Severity severity, Rule rule, Message text, std::vector<std::string> objects,
         LinkField field = LinkField::Whole, bool structural = false)
{
    std::string english = text.english();
    out.findings.push_back(LinkFinding{Finding{severity, ruleCode(rule), std::move(english), std::move(objects), std::move(text)}, field, structural});
}

} // namespace

bool LinkVerdict::hasErrors() const
{
    return std::any_of(findings.begin(), findings.end(), [](const LinkFinding &f) { return f.finding.severity == Severity::Error; });
}

LinkRules::LinkRules(const Design &design, const Catalog &catalog) : m_design(design), m_catalog(catalog) {}

const std::vector<PortInfo> &LinkRules::ports(NodeId node) const
{
    if (m_ports.size() <= node.value)
        m_ports.resize(std::max<std::size_t>(m_design.nodes.size(), node.value + 1), nullptr);
    const std::vector<PortInfo> *&slot = m_ports[node.value];
    if (!slot) {
        const Node &n = m_design.node(node);
        if (!n.hcas.empty()) {
            slot = &m_ownPorts.emplace_back(nodePorts(n, m_catalog));
        } else {
            auto it = m_partPorts.find(n.part);
            if (it == m_partPorts.end())
                it = m_partPorts.emplace(n.part, nodePorts(n, m_catalog)).first;
            slot = &it->second;
        }
    }
    return *slot;
}

double LinkRules::portSpeed(PortRef end) const
{
    const auto &list = ports(end.node);
    return end.port >= 1 && end.port <= int(list.size()) ? list[std::size_t(end.port - 1)].speedGbps : 0;
}

LinkVerdict LinkRules::check(const Link &link, std::optional<LinkId> self) const
{
    LinkVerdict out;
    const std::string label = link.id.empty() ? formatPortRef(m_design, link.a) + "–" + formatPortRef(m_design, link.b) : link.id;
    checkEnds(link, self, label, out);
    if (!out.portsExist)
        return out;

    checkProtocols(link, label, out);
    const double sa = portSpeed(link.a), sb = portSpeed(link.b);
    if (sa <= 0 || sb <= 0)
        add(out, Severity::Warning, Rule::SpeedUnknown, {CPLAN_TR("Engine", "link '%1': the speed of a port is unknown"), {label}}, objectsOf(link));
    else if (std::fabs(sa - sb) > 1e-9)
        checkRate(link, sa > sb ? link.a : link.b, std::min(sa, sb), std::max(sa, sb), label, out);
    out.speedGbps = std::min(sa, sb);
    checkCable(link, label, out);
    return out;
}

// The part behind a port: the switch, or the adapter of a server that holds the port.
const Part *LinkRules::portPart(PortRef end) const
{
    const Node &node = m_design.node(end.node);
    if (node.role == NodeRole::Switch)
        return m_catalog.find(node.part);
    const auto &list = ports(end.node);
    return end.port >= 1 && end.port <= int(list.size()) ? m_catalog.find(list[std::size_t(end.port - 1)].hcaPart) : nullptr;
}

// An InfiniBand port never links to an Ethernet port (an IB HCA on an Ethernet leaf, an IB
// switch to an Ethernet switch): no cable or firmware makes that link.
void LinkRules::checkProtocols(const Link &link, const std::string &label, LinkVerdict &out) const
{
    const Part *a = portPart(link.a);
    const Part *b = portPart(link.b);
    if (!a || !b || a->protocol == b->protocol)
        return;
    add(out, Severity::Error, Rule::ProtocolMismatch,
        {CPLAN_TR("Engine", "link '%1' joins %2 port %3 (%4) to %5 port %6 (%7); the two fabrics do not mix"),
         {label, protocolName(a->protocol), formatPortRef(m_design, link.a), a->model, protocolName(b->protocol),
          formatPortRef(m_design, link.b), b->model}},
        objectsOf(link, {m_design.node(link.a.node).id, m_design.node(link.b.node).id}));
}

// A link slower than one of its ports. Where that port's part lists its breakouts (Ethernet
// switches: `breakout_gbps`), the link runs on one breakout lane, at one of those speeds, or
// not at all; elsewhere (InfiniBand ports run at lower rates) it is a speed mismatch.
void LinkRules::checkRate(const Link &link, PortRef faster, double rate, double portGbps, const std::string &label,
                          LinkVerdict &out) const
{
    const Part *part = portPart(faster);
    const PortRef slower = faster == link.a ? link.b : link.a;
    if (part && !part->breakoutGbps.empty()) {
        const auto &speeds = part->breakoutGbps;
        if (std::any_of(speeds.begin(), speeds.end(), [&](double s) { return std::fabs(s - rate) < 1e-9; }))
            return;   // a breakout lane, as the part allows: no mismatch
        std::string allowed;
        for (std::size_t i = 0; i < speeds.size(); ++i)
            allowed += (i == 0 ? "" : i + 1 == speeds.size() ? " or " : ", ") + formatDouble(speeds[i]);
        add(out, Severity::Error, Rule::BreakoutUnsupported,
            {CPLAN_TR("Engine", "link '%1' would run at %2 on port %3 (%4), whose %5 ports break out only into %6 Gb/s lanes; "
                                "%7 needs a port of its own speed"),
             {label, gbps(rate), formatPortRef(m_design, faster), part->model, gbps(portGbps), allowed, formatPortRef(m_design, slower)}},
            objectsOf(link, {m_design.node(faster.node).id}));
        return;
    }
    const double sa = portSpeed(link.a), sb = portSpeed(link.b);
    add(out, Severity::Warning, Rule::SpeedMismatch,
        {CPLAN_TR("Engine", "link '%1' joins a %2 port and a %3 port; it runs at %4"), {label, gbps(sa), gbps(sb), gbps(rate)}},
        objectsOf(link));
}

void LinkRules::checkEnds(const Link &link, std::optional<LinkId> self, const std::string &label, LinkVerdict &out) const
{
    out.portsExist = true;
    for (const LinkField field : {LinkField::A, LinkField::B}) {
        const PortRef end = field == LinkField::A ? link.a : link.b;
        const Node &node = m_design.node(end.node);
        const Part *part = m_catalog.find(node.part);
        const auto &list = ports(end.node);
        if (part && (end.port < 1 || end.port > int(list.size()))) {
            add(out, Severity::Error, part->kind == PartKind::Switch ? Rule::RadixExceeded : Rule::PortOutOfRange,
                {CPLAN_TR("Engine", "link '%1' uses port %2 of '%3', which has %4 ports"),
                 {label, std::to_string(end.port), node.id, std::to_string(list.size())}},
                objectsOf(link, {node.id}), field, true);
            out.portsExist = false;
            continue;   // a port that is not there is not in use either
        }
        if (field == LinkField::B && link.a == link.b) {
            add(out, Severity::Error, Rule::PortUsedTwice, {CPLAN_TR("Engine", "link '%1' connects a port to itself"), {label}},
                objectsOf(link, {node.id}), field, true);
        } else if (auto other = m_design.linkAt(end); other && (!self || *other != *self)) {
            const std::string &otherId = m_design.link(*other).id;
            add(out, Severity::Error, Rule::PortUsedTwice,
                {CPLAN_TR("Engine", "port %1 is already used by link '%2'"), {formatPortRef(m_design, end), otherId}},
                objectsOf(link, {otherId, node.id}), field, true);
        }
    }
    if (link.a.node == link.b.node && link.a.port != link.b.port)
        add(out, Severity::Error, Rule::Loopback, {CPLAN_TR("Engine", "link '%1' joins two ports of '%2'"), {label, m_design.node(link.a.node).id}},
            objectsOf(link));
    const bool switchA = m_design.node(link.a.node).role == NodeRole::Switch;
    const bool switchB = m_design.node(link.b.node).role == NodeRole::Switch;
    if (!switchA && !switchB && link.a.node != link.b.node)
        add(out, Severity::Warning, Rule::BackToBack, {CPLAN_TR("Engine", "link '%1' joins two adapters back to back, without a switch"), {label}},
            objectsOf(link));
}

void LinkRules::checkCable(const Link &link, const std::string &label, LinkVerdict &out) const
{
    const double speed = out.speedGbps;
    if (link.cable.empty()) {
        add(out, Severity::Warning, Rule::NoCable,
            link.lengthM ? Message{CPLAN_TR("Engine", "link '%1' has no cable part (no cable in the catalog covers %2 m at %3)"),
                                   {label, formatDouble(*link.lengthM), gbps(speed)}}
                         : Message{CPLAN_TR("Engine", "link '%1' has no cable part"), {label}},
            objectsOf(link));
        return;
    }
    const Part *cable = m_catalog.find(link.cable);
    if (!cable || cable->kind != PartKind::Cable) {
        add(out, Severity::Error, Rule::UnknownPart, {CPLAN_TR("Engine", "link '%1' uses unknown cable '%2'"), {label, link.cable}}, objectsOf(link),
            LinkField::Cable, true);
        return;
    }
    if (link.lengthM && cable->lengthM && *link.lengthM > *cable->lengthM + 1e-9)
        add(out, Severity::Error, Rule::CableTooShort,
            {CPLAN_TR("Engine", "link '%1' runs %2 m but cable '%3' is %4 m"),
             {label, formatDouble(*link.lengthM), cable->id, formatDouble(*cable->lengthM)}},
            objectsOf(link), LinkField::Cable);
    else if (link.lengthM && cable->reachM && *link.lengthM > *cable->reachM + 1e-9)
        add(out, Severity::Error, Rule::CableReach,
            {CPLAN_TR("Engine", "link '%1' runs %2 m, beyond the %3 m reach of '%4'"),
             {label, formatDouble(*link.lengthM), formatDouble(*cable->reachM), cable->id}},
            objectsOf(link), LinkField::Cable);
    if (cable->speedGbps && speed > 0 && *cable->speedGbps + 1e-9 < speed)
        add(out, Severity::Warning, Rule::CableSpeed,
            {CPLAN_TR("Engine", "link '%1' runs at %2 but cable '%3' is rated %4"), {label, gbps(speed), cable->id, gbps(*cable->speedGbps)}},
            objectsOf(link), LinkField::Cable);
    // A cable listed for the other fabric (ports of two fabrics are the error above already).
    const Part *a = portPart(link.a), *b = portPart(link.b);
    if (a && b && a->protocol == b->protocol && cable->protocol != a->protocol)
        add(out, Severity::Warning, Rule::ProtocolMismatch,
            {CPLAN_TR("Engine", "link '%1' is an %2 link but cable '%3' is listed for %4"),
             {label, protocolName(a->protocol), cable->id, protocolName(cable->protocol)}},
            objectsOf(link), LinkField::Cable);
}

const Part *LinkRules::chooseCable(PortRef a, PortRef b, double lengthM) const
{
    const double sa = portSpeed(a), sb = portSpeed(b);
    CableQuery query;
    query.speedGbps = sa > 0 && sb > 0 ? std::min(sa, sb) : std::max(sa, sb);
    query.lengthM = lengthM;
    query.splitterAllowed = m_design.node(a.node).role != NodeRole::Switch || m_design.node(b.node).role != NodeRole::Switch;
    query.protocol = linkProtocol(m_design, Link{{}, a, b, {}, {}, {}}, m_catalog);
    return query.speedGbps > 0 ? m_catalog.chooseCable(query) : nullptr;
}

} // namespace cplan
