#include "wirecheck.h"

#include "catalog/catalog.h"
#include "l10n.h"
#include "physical/floor.h"
#include "validate/linkrules.h"
#include "validate/noderules.h"
#include "validate/rules.h"

#include <utility>

namespace cplan {

double assumedRunM(const Node &a, const Node &b)
{
    if (!a.rack.empty() && a.rack == b.rack)
        return 2.0;
    if (!a.group.empty() && a.group == b.group)
        return 5.0;
    return 20.0;
}

// The cable of a link like the new one: from one of its nodes to another node of the same part
// as the other end (a server's neighbours on the same leaf, a leaf's other uplinks to that spine
// model), preferring one whose far end sits in the other end's rack (the same run, so the same
// length). Null when neither node has such a link with a cable.
static const Link *neighbourLink(const Design &design, const Catalog &catalog, NodeId a, NodeId b)
{
    const Link *any = nullptr;
    for (const auto &[from, to] : {std::pair{a, b}, std::pair{b, a}}) {
        const Node &target = design.node(to);
        const int ports = nodePortCount(design.node(from), catalog);
        for (int p = 1; p <= ports; ++p)
            if (auto l = design.linkAt(PortRef{from, p})) {
                const Link &link = design.link(*l);
                const NodeId far = link.a.node == from ? link.b.node : link.a.node;
                const Node &farNode = design.node(far);
                if (far == from || farNode.part != target.part || link.cable.empty())
                    continue;
                if (target.rack.empty() || farNode.rack == target.rack)
                    return &link;
                if (!any)
                    any = &link;
            }
    }
    return any;
}

WireCheck checkWire(const Design &design, const Catalog &catalog, const std::string &a, int portA, const std::string &b,
                    int portB)
{
    WireCheck check;
    const auto na = design.findNode(a), nb = design.findNode(b);
    if (!na || !nb) {
        check.errors << WireCheck::tr("unknown node");
        return check;
    }
    // A node whose part the catalog does not know has no ports to check against.
    for (const NodeId id : {*na, *nb})
        if (auto f = checkNodePart(design.node(id), catalog))
            check.errors << findingText(*f);
    if (!check.errors.isEmpty())
        return check;
    const LinkRules rules(design, catalog);
    Link link;
    link.a = PortRef{*na, portA};
    link.b = PortRef{*nb, portB};
    // Racks placed on the floor give the run (physical/floor.h), and the cable is chosen for it as
    // the generator chooses; otherwise the link is wired like its neighbours (a hand-drawn link
    // into a generated or finished fabric), or for an assumed run.
    const Part *chosen = nullptr;
    if (const auto run = CableRuns(design, catalog).runM(*na, *nb)) {
        link.lengthM = *run;
        chosen = rules.chooseCable(link.a, link.b, *run);
    }
    if (chosen) {
        link.cable = chosen->id;
        link.lengthM = chosen->lengthM.value_or(*link.lengthM);
    } else if (const Link *like = neighbourLink(design, catalog, *na, *nb)) {
        link.cable = like->cable;
        link.lengthM = like->lengthM;
    } else {
        const double run = assumedRunM(design.node(*na), design.node(*nb));
        link.lengthM = run;
        if (const Part *cable = rules.chooseCable(link.a, link.b, run)) {
            link.cable = cable->id;
            link.lengthM = cable->lengthM.value_or(run);
        }
    }
    const LinkVerdict verdict = rules.check(link);
    check.speedGbps = verdict.speedGbps;
    check.cable = link.cable;
    check.lengthM = link.lengthM;
    for (const LinkFinding &f : verdict.findings) {
        // A new link gets a cable that reaches; where the catalog has none, it is not made.
        const bool refuse = f.finding.severity == Severity::Error || (f.finding.code == ruleCode(Rule::NoCable) && verdict.speedGbps > 0);
        (refuse ? check.errors : check.warnings) << findingText(f.finding);
    }
    check.ok = check.errors.isEmpty();
    return check;
}

std::optional<QStringList> hcasWithOneMore(const Node &node, const Catalog &catalog, const std::string &hcaPart)
{
    auto list = hcasAfterAdding(node, catalog, hcaPart);
    if (!list)
        return std::nullopt;
    QStringList out;
    for (const std::string &h : *list)
        out << QString::fromStdString(h);
    return out;
}

} // namespace cplan
