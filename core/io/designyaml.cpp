#include "io/designyaml.h"

#include "catalog/catalog.h"
#include "catalog/catalogyaml.h"
#include "io/designracks.h"
#include "io/generatorrecord.h"
#include "io/yamldom.h"
#include "io/yamlmapreader.h"
#include "model/linkrate.h"
#include "routing/routing.h"
#include "util/atomicfile.h"
#include "util/strings.h"
#include "validate/linkrules.h"
#include "validate/noderules.h"

#include <cstdlib>
#include <memory>
#include <set>

namespace cplan {

namespace {

std::optional<NodeRole> roleFromString(const std::string &s)
{
    if (s == "switch") return NodeRole::Switch;
    if (s == "server") return NodeRole::Server;
    if (s == "management") return NodeRole::Management;
    return std::nullopt;
}

std::optional<GroupKind> groupKindFromString(const std::string &s)
{
    if (s == "su") return GroupKind::ScalableUnit;
    if (s == "pod") return GroupKind::Pod;
    if (s == "rack") return GroupKind::Rack;
    if (s == "other") return GroupKind::Other;
    return std::nullopt;
}


// Turns the YAML of one design into a Design, section by section. Nodes and links arrive one
// item at a time (streamed from the parser); the rest is read from the small tree at the end.
class DesignReader
{
public:
    DesignReader(const std::string &file, const Catalog *catalog) : m_file(file), m_catalog(catalog)
    {
        if (catalog)
            m_rules = std::make_unique<LinkRules>(design, *catalog);
    }

    Design design;

    // An imported generic part (see Part::imported), registered with the catalog so that the
    // nodes after it can use it.
    Status part(const YamlNode &item)
    {
        if (!item.isMap())
            return errorAt(m_file, &item, "a part must be a mapping (id, kind, model, ...)");
        std::string text;
        appendYamlNode(text, item, 0);
        auto parsed = partFromYaml(text, m_file, item.line - 1);   // the text starts with a blank line
        if (!parsed)
            return parsed.error();
        Part &p = *parsed;
        if (!p.imported || p.id.rfind(kImportedPartPrefix, 0) != 0)
            return errorAt(m_file, &item, "part '" + p.id + "': a design carries only imported parts (id starting with '" +
                                              kImportedPartPrefix + "', 'imported: true'); other parts belong in the catalog");
        for (const Part &q : design.parts)
            if (q.id == p.id)
                return errorAt(m_file, &item, "duplicate part id '" + p.id + "'");
        if (m_catalog)
            if (auto st = m_catalog->addImportedPart(p); !st)
                return errorAt(m_file, &item, st.error().message);
        design.parts.push_back(std::move(p));
        return Ok{};
    }

    Status node(const YamlNode &n)
    {
        if (design.nodes.size() >= kMaxDesignNodes)
            return errorAt(m_file, &n, "too many nodes (the limit is " + std::to_string(kMaxDesignNodes) + ")");
        std::optional<Error> error;
        MapReader r(n, m_file, "a node", error);
        r.allowOnly({"id", "part", "name", "role", "tier", "x", "y", "group", "plane", "rack", "u", "hcas", "guid", "mtu"});
        Node node;
        std::string role;
        long long tier = 0, u = 0, plane = 0, mtu = 0;
        r.string("id", node.id, true);
        r.string("part", node.part, true);
        r.string("name", node.name);
        r.string("role", role);
        r.integer("tier", tier, 0, 3);
        r.number("x", node.x);
        r.number("y", node.y);
        r.string("group", node.group);
        if (r.integer("plane", plane, 1, kMaxPlanesInFile))
            node.plane = int(plane);
        r.string("rack", node.rack);
        if (r.integer("u", u, 1, kMaxRackUnitPosition))
            node.u = int(u);
        if (r.integer("mtu", mtu, kMinMtu, kMaxMtu))
            node.mtu = int(mtu);
        if (error)
            return *error;
        node.tier = *tierFromLevel(tier);   // read in range 0..3
        if (const YamlNode *h = r.get("hcas"); h && !h->isNull()) {
            if (!h->isSequence())
                return errorAt(m_file, h, "'hcas' must be a list of HCA part ids");
            if (h->items.size() > std::size_t(kMaxHcasPerServer))
                return errorAt(m_file, h, "a server holds at most " + std::to_string(kMaxHcasPerServer) + " HCAs");
            for (const YamlNode &x : h->items) {
                if (!x.isScalar())
                    return errorAt(m_file, &x, "'hcas' must be a list of HCA part ids");
                node.hcas.push_back(x.scalar);
            }
        }
        if (const YamlNode *gu = r.get("guid"); gu && !gu->isNull()) {
            std::uint64_t v = 0;
            const std::string &t = gu->scalar;
            char *end = nullptr;
            v = gu->isScalar() && !t.empty() ? std::strtoull(t.c_str(), &end, 0) : 0;
            if (!gu->isScalar() || t.empty() || !end || *end != '\0' || v == 0)
                return errorAt(m_file, gu, "'guid' must be a non-zero number such as 0x0002c90300000001");
            node.guid = v;
        }
        if (!node.group.empty())
            m_groupRefs.push_back({design.nodes.size(), r.get("group")->line, r.get("group")->column});
        const Part *part = m_catalog ? m_catalog->find(node.part) : nullptr;
        if (m_catalog && !part && node.part.rfind(kImportedPartPrefix, 0) == 0)
            return errorAt(m_file, r.get("part"), "unknown part '" + node.part + "': imported parts must be listed under 'parts:', before 'nodes:'");
        if (m_catalog)
            if (auto f = checkNodePart(node, *m_catalog))
                return errorAt(m_file, r.get("part"), f->message);
        if (part && part->kind != PartKind::Switch && part->kind != PartKind::GpuServer)
            return errorAt(m_file, r.get("part"), "part '" + node.part + "' is a " + toString(part->kind) +
                                                      "; a node must be a switch or a server");
        if (role.empty())
            node.role = part ? defaultRole(*part) : NodeRole::Server;
        else if (auto rr = roleFromString(role))
            node.role = *rr;
        else
            return errorAt(m_file, r.get("role"), "unknown role '" + role + "' (switch, server, management)");
        if (part && (node.role == NodeRole::Switch) != (part->kind == PartKind::Switch))
            return errorAt(m_file, r.get("role"), "role '" + role + "' does not match part '" + node.part + "'");
        if (m_catalog)
            if (auto f = checkHcaParts(node, *m_catalog); !f.empty())
                return errorAt(m_file, r.get("hcas"), f.front().message);
        if (design.findNode(node.id))
            return errorAt(m_file, r.get("id"), "duplicate node id '" + node.id + "'");
        design.addNode(std::move(node));
        return Ok{};
    }

    Status link(const YamlNode &l)
    {
        if (design.links.size() >= kMaxDesignLinks)
            return errorAt(m_file, &l, "too many links (the limit is " + std::to_string(kMaxDesignLinks) + ")");
        std::optional<Error> error;
        MapReader r(l, m_file, "a link", error);
        r.allowOnly({"id", "a", "b", "cable", "length_m", "rate"});
        Link link;
        std::string a, b;
        r.string("id", link.id, true);
        r.string("a", a, true);
        r.string("b", b, true);
        r.string("cable", link.cable);
        r.optionalNumber("length_m", link.lengthM);
        r.string("rate", link.rate);
        if (error)
            return *error;
        if (!link.rate.empty() && !parseLinkRate(link.rate))
            return errorAt(m_file, r.get("rate"), "'rate' must be a width and speed such as 4xQDR or 1xSDR, not '" + link.rate + "'");
        if (link.lengthM && (*link.lengthM < 0 || *link.lengthM > 100000))
            return errorAt(m_file, r.get("length_m"), "'length_m' must be from 0 to 100000");
        PortRef ends[2];
        const char *keys[2] = {"a", "b"};
        const std::string *texts[2] = {&a, &b};
        for (int e = 0; e < 2; ++e) {
            auto ref = parsePortRef(*texts[e]);
            if (!ref || ref->second < 1)
                return errorAt(m_file, r.get(keys[e]), "'" + *texts[e] + "' is not a port reference 'node:port' (port from 1)");
            auto nodeId = design.findNode(ref->first);
            if (!nodeId)
                return errorAt(m_file, r.get(keys[e]), "link '" + link.id + "' refers to a missing node '" + ref->first + "'");
            ends[e] = PortRef{*nodeId, ref->second};
        }
        link.a = ends[0];
        link.b = ends[1];
        // A link that cannot exist as written (a port that is not there or is taken, an
        // unknown cable) stops the load at its line; the other rules are the validator's.
        if (m_rules)
            for (const LinkFinding &f : m_rules->check(link).findings)
                if (f.structural)
                    return errorAt(m_file, r.get(f.field == LinkField::A ? "a" : f.field == LinkField::B ? "b" : f.field == LinkField::Cable ? "cable" : "id"),
                                   f.finding.message);
        if (design.findLink(link.id) || design.findNode(link.id))
            return errorAt(m_file, r.get("id"), "duplicate link id '" + link.id + "'");
        design.addLink(std::move(link));
        return Ok{};
    }

    // Items that came before the section they depend on wait here.
    std::vector<YamlNode> earlyLinks;
    bool nodesDone = false;

    struct GroupRef
    {
        std::size_t node;
        int line, column;
    };
    std::vector<GroupRef> m_groupRefs;

private:
    const std::string &m_file;
    const Catalog *m_catalog;
    std::unique_ptr<LinkRules> m_rules;   // with a catalog: the link rules the parser applies
};

// The parts, nodes and links sections, streamed item by item into the reader; links that come
// before the nodes wait in reader.earlyLinks. Returns the rest of the file as a small tree.
Result<YamlNode> streamItems(const std::string &text, const std::string &fileName, DesignReader &reader)
{
    bool sawNodes = false;
    auto handler = [&](const std::string &key, YamlNode &&item) -> Status {
        if (key == "parts")
            return reader.part(item);
        if (key == "nodes") {
            sawNodes = true;
            return reader.node(item);
        }
        if (!sawNodes) {
            reader.earlyLinks.push_back(std::move(item));
            return Ok{};
        }
        return reader.link(item);
    };
    return parseYaml(text, fileName, {"parts", "nodes", "links"}, handler);
}

// `format: cluster-planner/N`: known versions only; a newer one asks for an upgrade.
Status readFormat(MapReader &top, const std::string &fileName, std::optional<Error> &error)
{
    std::string format;
    if (!top.string("format", format, true) || error)
        return *error;
    const std::string prefix = "cluster-planner/";
    std::optional<long long> version;
    if (format.rfind(prefix, 0) == 0)
        version = parseInt(format.substr(prefix.size()));
    if (!version || *version < 1)
        return errorAt(fileName, top.get("format"), "unknown format '" + format + "'; expected 'cluster-planner/1'");
    if (*version > kDesignFormatVersion)
        return errorAt(fileName, top.get("format"),
                       "this file was written by a newer Cluster Planner (format " + format +
                           "); this version reads up to cluster-planner/" + std::to_string(kDesignFormatVersion) +
                           ". Please upgrade.");
    // Version 2 added racks and U positions, version 3 planes; an older file simply has none
    // (nothing to migrate).
    return Ok{};
}

Status readSettings(const YamlNode &s, const std::string &fileName, Settings &settings)
{
    std::optional<Error> error;
    MapReader r(s, fileName, "settings", error);
    r.allowOnly({"currency", "routing_engine", "electricity_usd_per_kwh", "pue", "tco_years", "spares_percent", "discount_percent", "sharp", "load_balancing",
                 "mtu"});
    r.string("currency", settings.currency);
    r.boolean("sharp", settings.sharp);
    // The engine every front end routes with: one of ours, checked here so that the scheduler,
    // the analysis and the report never disagree over a misspelt name ("updn" reads as updown).
    if (r.string("routing_engine", settings.routingEngine)) {
        if (const auto engine = routingEngineFromString(settings.routingEngine))
            settings.routingEngine = toString(*engine);
        else
            r.fail(*r.get("routing_engine"), "unknown routing engine '" + settings.routingEngine + "' (ftree, updown, minhop)");
    }
    if (std::string policy; r.string("load_balancing", policy)) {
        settings.loadBalancing = loadBalancingFromString(policy);
        if (!settings.loadBalancing)
            r.fail(*r.get("load_balancing"), "unknown load balancing '" + policy + "' (" + loadBalancingNames() + ")");
    }
    r.number("electricity_usd_per_kwh", settings.electricityPricePerKWh);
    r.number("pue", settings.pue);
    long long years = settings.tcoYears;
    r.integer("tco_years", years, 1, 50);
    settings.tcoYears = int(years);
    if (long long mtu = 0; r.integer("mtu", mtu, kMinMtu, kMaxMtu))
        settings.mtu = int(mtu);
    for (auto [key, value] : {std::pair{"spares_percent", &settings.sparesPercent},
                              std::pair{"discount_percent", &settings.discountPercent}})
        if (r.number(key, *value) && (*value < 0 || *value > 100))
            r.fail(*r.get(key), std::string("'") + key + "' is out of range (0 to 100)");
    if (error)
        return *error;
    return Ok{};
}

// The groups, then the references to them: each group's parent and each node's group.
Status readGroups(const YamlNode *seq, const std::string &fileName, const std::vector<DesignReader::GroupRef> &nodeRefs,
                  Design &design)
{
    std::set<std::string> groupIds;
    if (seq && seq->isSequence()) {
        for (const YamlNode &g : seq->items) {
            std::optional<Error> error;
            MapReader r(g, fileName, "a group", error);
            r.allowOnly({"id", "kind", "name", "parent"});
            Group group;
            std::string kind = "other";
            r.string("id", group.id, true);
            r.string("kind", kind);
            r.string("name", group.name);
            r.string("parent", group.parent);
            if (error)
                return *error;
            auto k = groupKindFromString(kind);
            if (!k)
                return errorAt(fileName, r.get("kind"), "unknown group kind '" + kind + "' (su, pod, rack, other)");
            group.kind = *k;
            if (!groupIds.insert(group.id).second)
                return errorAt(fileName, r.get("id"), "duplicate group id '" + group.id + "'");
            design.groups.push_back(std::move(group));
        }
    }
    for (const Group &g : design.groups)
        if (!g.parent.empty() && !groupIds.count(g.parent))
            return Error{fileName, 0, 0, "group '" + g.id + "' names an unknown parent '" + g.parent + "'"};
    for (const auto &ref : nodeRefs)
        if (!groupIds.count(design.nodes[ref.node].group))
            return Error{fileName, ref.line, ref.column,
                         "node '" + design.nodes[ref.node].id + "' names an unknown group '" + design.nodes[ref.node].group + "'"};
    return Ok{};
}

// A tenant's servers: node ids of servers in the design.
Status readTenantServers(const YamlNode &s, const std::string &fileName, const Design &design, Tenant &tenant)
{
    if (!s.isSequence())
        return errorAt(fileName, &s, "'servers' must be a list of node ids");
    for (const YamlNode &x : s.items) {
        if (!x.isScalar())
            return errorAt(fileName, &x, "'servers' must be a list of node ids");
        auto id = design.findNode(x.scalar);
        if (!id)
            return errorAt(fileName, &x, "tenant '" + tenant.id + "' names a missing node '" + x.scalar + "'");
        if (design.node(*id).role != NodeRole::Server)
            return errorAt(fileName, &x, "tenant '" + tenant.id + "': '" + x.scalar + "' is not a server");
        tenant.servers.push_back(x.scalar);
    }
    return Ok{};
}

Status readTenants(const YamlNode *seq, const std::string &fileName, Design &design)
{
    if (!seq || !seq->isSequence())
        return Ok{};
    std::set<std::string> tenantIds;
    for (const YamlNode &t : seq->items) {
        std::optional<Error> error;
        MapReader r(t, fileName, "a tenant", error);
        r.allowOnly({"id", "name", "quota_gpus", "servers"});
        Tenant tenant;
        long long quota = -1;
        r.string("id", tenant.id, true);
        r.string("name", tenant.name);
        if (r.integer("quota_gpus", quota, 0, 100'000'000))
            tenant.quotaGpus = int(quota);
        if (error)
            return *error;
        if (!tenantIds.insert(tenant.id).second)
            return errorAt(fileName, r.get("id"), "duplicate tenant id '" + tenant.id + "'");
        if (const YamlNode *s = r.get("servers"); s && !s->isNull())
            if (auto st = readTenantServers(*s, fileName, design, tenant); !st)
                return st;
        design.tenants.push_back(std::move(tenant));
    }
    return Ok{};
}

} // namespace

Result<Design> parseDesign(const std::string &text, const std::string &fileName, const Catalog *catalog)
{
    DesignReader reader(fileName, catalog);
    auto parsed = streamItems(text, fileName, reader);
    if (!parsed)
        return parsed.error();
    const YamlNode &root = *parsed;
    if (root.isNull())
        return Error{fileName, 1, 1, "the file is empty; a design starts with 'format: cluster-planner/1'"};
    if (!root.isMap())
        return errorAt(fileName, &root, "a design must be a YAML mapping starting with 'format: cluster-planner/1'");
    for (YamlNode &l : reader.earlyLinks)
        if (auto s = reader.link(l); !s)
            return s.error();

    std::optional<Error> error;
    Design &design = reader.design;
    MapReader top(root, fileName, "the design", error);
    top.allowOnly({"format", "name", "notes", "settings", "groups", "parts", "racks", "nodes", "links", "tenants", "workloads",
                   kGeneratorSection});
    if (auto s = readFormat(top, fileName, error); !s)
        return s.error();
    top.string("name", design.name);
    top.string("notes", design.notes);
    if (error)
        return *error;
    for (const char *key : {"parts", "nodes", "links", "groups", "tenants"})
        if (const YamlNode *seq = top.get(key); seq && !seq->isNull() && !seq->isSequence())
            return errorAt(fileName, seq, std::string("'") + key + "' must be a list");
    if (const YamlNode *s = top.get("settings"); s && !s->isNull())
        if (auto st = readSettings(*s, fileName, design.settings); !st)
            return st.error();
    if (auto s = readGroups(top.get("groups"), fileName, reader.m_groupRefs, design); !s)
        return s.error();
    if (const YamlNode *racks = top.get("racks"))
        if (auto s = readRacks(*racks, fileName, catalog, design); !s)
            return s.error();
    if (auto s = readTenants(top.get("tenants"), fileName, design); !s)
        return s.error();
    if (const YamlNode *g = top.get(kGeneratorSection); g && !g->isNull()) {
        auto record = readGeneratorRecord(*g, fileName);
        if (!record)
            return record.error();
        setGeneratorRecord(design, *record);
    }
    if (const YamlNode *w = top.get("workloads"); w && !w->isNull()) {
        std::string text;
        appendYamlNode(text, *w, 2);
        design.extra["workloads"] = text;
    }
    return std::move(design);
}

Result<Design> loadDesign(const std::string &path, const Catalog *catalog)
{
    auto text = readFile(path);
    if (!text)
        return text.error();
    return parseDesign(*text, path, catalog);
}

} // namespace cplan
