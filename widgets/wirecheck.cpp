#include "wirecheck.h"

#include "catalog/catalog.h"
#include "l10n.h"
#include "validate/linkrules.h"
#include "validate/noderules.h"
#include "validate/rules.h"

namespace cplan {

double assumedRunM(const Node &a, const Node &b)
{
    if (!a.rack.empty() && a.rack == b.rack)
        return 2.0;
    if (!a.group.empty() && a.group == b.group)
        return 5.0;
    return 20.0;
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
    const double run = assumedRunM(design.node(*na), design.node(*nb));
    link.lengthM = run;
    if (const Part *cable = rules.chooseCable(link.a, link.b, run)) {
        link.cable = cable->id;
        link.lengthM = cable->lengthM.value_or(run);
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
