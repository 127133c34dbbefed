// Writing a design file (io/designyaml.h): the stable layout that makes load -> save
// byte-identical. Reading lives in designyaml.cpp.

#include "io/designyaml.h"

#include "catalog/catalogyaml.h"
#include "io/designracks.h"
#include "io/generatorrecord.h"
#include "io/yamldom.h"
#include "util/atomicfile.h"
#include "util/strings.h"

#include <cstdio>

namespace cplan {

namespace {

// The writer: a fixed key order and one flow map per line, so files diff well.
class Writer
{
public:
    std::string out;

    void key(const char *k) { out += k; out += ": "; }
    void str(const std::string &v) { appendYamlScalar(out, v); }
    void field(const char *k, const std::string &v, bool first = false)
    {
        if (!first)
            out += ", ";
        key(k);
        str(v);
    }
    void number(const char *k, double v)
    {
        out += ", ";
        key(k);
        out += formatDouble(v);
    }
    void integer(const char *k, long long v)
    {
        out += ", ";
        key(k);
        out += std::to_string(v);
    }
    // A flow list of scalars: [a, b, c].
    void list(const std::vector<std::string> &items)
    {
        out += '[';
        for (std::size_t i = 0; i < items.size(); ++i) {
            if (i)
                out += ", ";
            str(items[i]);
        }
        out += ']';
    }

    void header(const Design &design);
    void groups(const std::vector<Group> &groups);
    void parts(const std::vector<Part> &parts);
    void node(const Node &n);
    void link(const Design &design, const Link &l);
    void tenants(const std::vector<Tenant> &tenants);
};

// Format, name, notes and settings.
void Writer::header(const Design &design)
{
    out += "format: cluster-planner/" + std::to_string(designFormatNeeded(design)) + "\n";
    out += "name: ";
    str(design.name);
    out += '\n';
    if (!design.notes.empty()) {
        out += "notes: ";
        str(design.notes);
        out += '\n';
    }
    out += "settings:\n  currency: ";
    str(design.settings.currency);
    out += "\n  routing_engine: ";
    str(design.settings.routingEngine);
    out += "\n  electricity_usd_per_kwh: " + formatDouble(design.settings.electricityPricePerKWh);
    out += "\n  pue: " + formatDouble(design.settings.pue);
    out += "\n  tco_years: " + std::to_string(design.settings.tcoYears);
    // The quote's terms only when set, so files without them read and write unchanged.
    if (design.settings.sparesPercent != 0)
        out += "\n  spares_percent: " + formatDouble(design.settings.sparesPercent);
    if (design.settings.discountPercent != 0)
        out += "\n  discount_percent: " + formatDouble(design.settings.discountPercent);
    if (!design.settings.sharp)
        out += "\n  sharp: false";
    if (design.settings.loadBalancing) {
        out += "\n  load_balancing: ";
        out += toString(*design.settings.loadBalancing);
    }
    if (design.settings.mtu)
        out += "\n  mtu: " + std::to_string(*design.settings.mtu);
    out += '\n';
}

void Writer::groups(const std::vector<Group> &groups)
{
    if (groups.empty())
        return;
    out += "groups:\n";
    for (const Group &g : groups) {
        out += "  - {";
        field("id", g.id, true);
        field("kind", toString(g.kind));
        if (!g.name.empty())
            field("name", g.name);
        if (!g.parent.empty())
            field("parent", g.parent);
        out += "}\n";
    }
}

// Imported parts, each the catalog's block form indented as a list item.
void Writer::parts(const std::vector<Part> &parts)
{
    if (parts.empty())
        return;
    out += "parts:\n";
    for (const Part &p : parts) {
        const std::string yaml = partToYaml(p);
        std::size_t at = 0;
        for (bool first = true; at < yaml.size(); first = false) {
            std::size_t end = yaml.find('\n', at);
            if (end == std::string::npos)
                end = yaml.size();
            out += first ? "  - " : "    ";
            out.append(yaml, at, end - at);
            out += '\n';
            at = end + 1;
        }
    }
}

void Writer::node(const Node &n)
{
    out += "  - {";
    field("id", n.id, true);
    field("part", n.part);
    if (!n.name.empty() && n.name != n.id)
        field("name", n.name);
    field("role", toString(n.role));
    integer("tier", level(n.tier));
    number("x", n.x);
    number("y", n.y);
    if (!n.group.empty())
        field("group", n.group);
    if (n.plane > 0)
        integer("plane", n.plane);
    if (!n.rack.empty())
        field("rack", n.rack);
    if (n.u)
        integer("u", *n.u);
    if (n.mtu)
        integer("mtu", *n.mtu);
    if (!n.hcas.empty()) {
        out += ", hcas: ";
        list(n.hcas);
    }
    if (n.guid) {
        char buf[32];
        std::snprintf(buf, sizeof buf, "0x%016llx", static_cast<unsigned long long>(*n.guid));
        out += ", guid: ";
        out += buf;
    }
    out += "}\n";
}

void Writer::link(const Design &design, const Link &l)
{
    out += "  - {";
    field("id", l.id, true);
    field("a", formatPortRef(design, l.a));
    field("b", formatPortRef(design, l.b));
    if (!l.cable.empty())
        field("cable", l.cable);
    if (l.lengthM)
        number("length_m", *l.lengthM);
    if (!l.rate.empty())
        field("rate", l.rate);
    out += "}\n";
}

void Writer::tenants(const std::vector<Tenant> &tenants)
{
    if (tenants.empty())
        return;
    out += "tenants:\n";
    for (const Tenant &t : tenants) {
        out += "  - id: ";
        str(t.id);
        out += '\n';
        if (!t.name.empty()) {
            out += "    name: ";
            str(t.name);
            out += '\n';
        }
        if (t.quotaGpus)
            out += "    quota_gpus: " + std::to_string(*t.quotaGpus) + "\n";
        out += "    servers: ";
        list(t.servers);
        out += '\n';
    }
}

} // namespace

std::string serializeDesign(const Design &design)
{
    Writer w;
    std::string &out = w.out;
    out.reserve(design.nodes.size() * 110 + design.links.size() * 90 + 1024);
    w.header(design);
    if (auto it = design.extra.find(kGeneratorSection); it != design.extra.end())
        out += "generator:" + it->second;
    w.groups(design.groups);
    w.parts(design.parts);
    writeRacks(out, design);
    out += design.nodes.empty() ? "nodes: []\n" : "nodes:\n";
    for (const Node &n : design.nodes)
        w.node(n);
    out += design.links.empty() ? "links: []\n" : "links:\n";
    for (const Link &l : design.links)
        w.link(design, l);
    w.tenants(design.tenants);
    if (auto it = design.extra.find("workloads"); it != design.extra.end())
        out += (it->second.empty() || it->second.front() == '\n' ? "workloads:" : "workloads: ") + it->second;
    return out;
}

Status saveDesign(const Design &design, const std::string &path)
{
    return writeFileAtomically(path, serializeDesign(design));
}

} // namespace cplan
