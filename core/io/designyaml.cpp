#include "io/designyaml.h"

#include "catalog/catalog.h"
#include "util/atomicfile.h"
#include "util/strings.h"

#include <yaml-cpp/yaml.h>

#include <set>
#include <sstream>

namespace cplan {

namespace {

// Reads one YAML map strictly: every key must be known, every value of the expected type.
// The first problem becomes an Error at the node's position.
class MapReader
{
public:
    MapReader(const YAML::Node &node, const std::string &file, const char *what, std::optional<Error> &error)
        : m_node(node), m_file(file), m_what(what), m_error(error)
    {
        if (!node.IsMap())
            fail(node, std::string(what) + " must be a mapping");
    }

    bool ok() const { return !m_error.has_value(); }

    void fail(const YAML::Node &at, const std::string &message)
    {
        if (m_error)
            return;
        const YAML::Mark m = at.Mark();
        m_error = Error{m_file, m.is_null() ? 0 : m.line + 1, m.is_null() ? 0 : m.column + 1, message};
    }

    // Reports keys that are not in `known` (catches typos such as "lenght_m").
    void allowOnly(std::initializer_list<const char *> known)
    {
        if (!ok())
            return;
        for (auto it = m_node.begin(); it != m_node.end(); ++it) {
            const std::string key = it->first.Scalar();
            bool found = false;
            for (const char *k : known)
                found = found || key == k;
            if (!found) {
                fail(it->first, "unknown key '" + key + "' in " + m_what);
                return;
            }
        }
    }

    const YAML::Node get(const char *key) const { return m_node[key]; }

    bool string(const char *key, std::string &out, bool required = false)
    {
        const YAML::Node v = m_node[key];
        if (!v || v.IsNull()) {
            if (required)
                fail(m_node, std::string(m_what) + " has no '" + key + "'");
            return false;
        }
        if (!v.IsScalar()) {
            fail(v, std::string("'") + key + "' must be a text value");
            return false;
        }
        out = v.Scalar();
        if (required && out.empty())
            fail(v, std::string("'") + key + "' must not be empty");
        return true;
    }

    bool number(const char *key, double &out)
    {
        const YAML::Node v = m_node[key];
        if (!v || v.IsNull())
            return false;
        std::optional<double> d = v.IsScalar() ? parseDouble(v.Scalar()) : std::nullopt;
        if (!d) {
            fail(v, std::string("'") + key + "' must be a number, not '" + (v.IsScalar() ? v.Scalar() : "a list or map") + "'");
            return false;
        }
        out = *d;
        return true;
    }

    bool optionalNumber(const char *key, std::optional<double> &out)
    {
        double d = 0;
        if (!number(key, d))
            return false;
        out = d;
        return true;
    }

    bool integer(const char *key, long long &out, long long lo, long long hi)
    {
        const YAML::Node v = m_node[key];
        if (!v || v.IsNull())
            return false;
        std::optional<long long> i = v.IsScalar() ? parseInt(v.Scalar()) : std::nullopt;
        if (!i) {
            fail(v, std::string("'") + key + "' must be a whole number, not '" + (v.IsScalar() ? v.Scalar() : "a list or map") + "'");
            return false;
        }
        if (*i < lo || *i > hi) {
            fail(v, std::string("'") + key + "' is out of range (" + std::to_string(lo) + " to " + std::to_string(hi) + ")");
            return false;
        }
        out = *i;
        return true;
    }

private:
    const YAML::Node &m_node;
    const std::string &m_file;
    const char *m_what;
    std::optional<Error> &m_error;
};

Error errorAt(const std::string &file, const YAML::Node &at, const std::string &message)
{
    const YAML::Mark m = at.Mark();
    return Error{file, m.is_null() ? 0 : m.line + 1, m.is_null() ? 0 : m.column + 1, message};
}

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

// Limits that keep absurd inputs from eating the machine; far above any real cluster.
constexpr std::size_t kMaxNodes = 2'000'000;
constexpr std::size_t kMaxLinks = 8'000'000;

} // namespace

Result<Design> parseDesign(const std::string &text, const std::string &fileName, const Catalog *catalog)
{
    YAML::Node root;
    try {
        root = YAML::Load(text);
    } catch (const YAML::ParserException &e) {
        return Error{fileName, e.mark.is_null() ? 0 : e.mark.line + 1, e.mark.is_null() ? 0 : e.mark.column + 1,
                     "not valid YAML: " + e.msg};
    } catch (const YAML::Exception &e) {
        return Error{fileName, 0, 0, std::string("not valid YAML: ") + e.what()};
    }
    if (!root || root.IsNull())
        return Error{fileName, 1, 1, "the file is empty; a design starts with 'format: cluster-planner/1'"};
    if (!root.IsMap())
        return errorAt(fileName, root, "a design must be a YAML mapping starting with 'format: cluster-planner/1'");

    std::optional<Error> error;
    Design design;
    try {
        MapReader top(root, fileName, "the design", error);
        top.allowOnly({"format", "name", "notes", "settings", "groups", "nodes", "links", "tenants", "workloads"});
        std::string format;
        if (!top.string("format", format, true))
            return *error;
        const std::string prefix = "cluster-planner/";
        std::optional<long long> version;
        if (format.rfind(prefix, 0) == 0)
            version = parseInt(format.substr(prefix.size()));
        if (!version || *version < 1)
            return errorAt(fileName, root["format"], "unknown format '" + format + "'; expected 'cluster-planner/1'");
        if (*version > kDesignFormatVersion)
            return errorAt(fileName, root["format"],
                           "this file was written by a newer Cluster Planner (format " + format +
                               "); this version reads up to cluster-planner/" + std::to_string(kDesignFormatVersion) +
                               ". Please upgrade.");
        // Older versions would be migrated here step by step; version 1 is the first.

        top.string("name", design.name);
        top.string("notes", design.notes);

        if (const YAML::Node s = root["settings"]; s && !s.IsNull()) {
            MapReader r(s, fileName, "settings", error);
            r.allowOnly({"currency", "routing_engine", "electricity_usd_per_kwh", "pue", "tco_years"});
            r.string("currency", design.settings.currency);
            r.string("routing_engine", design.settings.routingEngine);
            r.number("electricity_usd_per_kwh", design.settings.electricityPricePerKWh);
            r.number("pue", design.settings.pue);
            long long years = design.settings.tcoYears;
            r.integer("tco_years", years, 1, 50);
            design.settings.tcoYears = int(years);
            if (error)
                return *error;
        }

        auto sequence = [&](const char *key) -> YAML::Node {
            YAML::Node seq = root[key];
            if (seq && !seq.IsNull() && !seq.IsSequence()) {
                error = errorAt(fileName, seq, std::string("'") + key + "' must be a list");
                return YAML::Node();
            }
            return seq;
        };

        std::set<std::string> groupIds;
        if (YAML::Node seq = sequence("groups"); seq && seq.IsSequence()) {
            for (const YAML::Node &g : seq) {
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
                    return errorAt(fileName, g["kind"], "unknown group kind '" + kind + "' (su, pod, rack, other)");
                group.kind = *k;
                if (!groupIds.insert(group.id).second)
                    return errorAt(fileName, g["id"], "duplicate group id '" + group.id + "'");
                design.groups.push_back(std::move(group));
            }
        }
        if (error)
            return *error;

        std::vector<YAML::Node> nodeYaml;
        if (YAML::Node seq = sequence("nodes"); seq && seq.IsSequence()) {
            if (seq.size() > kMaxNodes)
                return errorAt(fileName, seq, "too many nodes (" + std::to_string(seq.size()) + "; the limit is " +
                                                  std::to_string(kMaxNodes) + ")");
            design.nodes.reserve(seq.size());
            for (const YAML::Node &n : seq) {
                MapReader r(n, fileName, "a node", error);
                r.allowOnly({"id", "part", "name", "role", "tier", "x", "y", "group", "rack", "hcas", "guid"});
                Node node;
                std::string role;
                long long tier = 0;
                r.string("id", node.id, true);
                r.string("part", node.part, true);
                r.string("name", node.name);
                r.string("role", role);
                r.integer("tier", tier, 0, 3);
                r.number("x", node.x);
                r.number("y", node.y);
                r.string("group", node.group);
                r.string("rack", node.rack);
                if (error)
                    return *error;
                node.tier = int(tier);
                if (const YAML::Node h = n["hcas"]; h && !h.IsNull()) {
                    if (!h.IsSequence())
                        return errorAt(fileName, h, "'hcas' must be a list of HCA part ids");
                    for (const YAML::Node &x : h) {
                        if (!x.IsScalar())
                            return errorAt(fileName, x, "'hcas' must be a list of HCA part ids");
                        node.hcas.push_back(x.Scalar());
                    }
                }
                if (const YAML::Node gu = n["guid"]; gu && !gu.IsNull()) {
                    std::uint64_t v = 0;
                    try {
                        v = std::stoull(gu.Scalar(), nullptr, 0);
                    } catch (...) {
                        return errorAt(fileName, gu, "'guid' must be a number such as 0x0002c90300000001");
                    }
                    node.guid = v;
                }
                if (!node.group.empty() && !groupIds.count(node.group))
                    return errorAt(fileName, n["group"], "node '" + node.id + "' names an unknown group '" + node.group + "'");
                const Part *part = catalog ? catalog->find(node.part) : nullptr;
                if (catalog && !part)
                    return errorAt(fileName, n["part"], "unknown part '" + node.part + "' (see `cplan catalog list`)");
                if (part && part->kind != PartKind::Switch && part->kind != PartKind::GpuServer)
                    return errorAt(fileName, n["part"], "part '" + node.part + "' is a " + toString(part->kind) +
                                                            "; a node must be a switch or a server");
                if (role.empty())
                    node.role = part && part->kind == PartKind::Switch ? NodeRole::Switch : NodeRole::Server;
                else if (auto rr = roleFromString(role))
                    node.role = *rr;
                else
                    return errorAt(fileName, n["role"], "unknown role '" + role + "' (switch, server, management)");
                if (part && (node.role == NodeRole::Switch) != (part->kind == PartKind::Switch))
                    return errorAt(fileName, n["role"], "role '" + role + "' does not match part '" + node.part + "'");
                if (catalog)
                    for (const std::string &h : node.hcas) {
                        const Part *hp = catalog->find(h);
                        if (!hp || hp->kind != PartKind::Hca)
                            return errorAt(fileName, n["hcas"], "'" + h + "' is not an HCA part");
                    }
                if (design.findNode(node.id))
                    return errorAt(fileName, n["id"], "duplicate node id '" + node.id + "'");
                design.addNode(std::move(node));
                nodeYaml.push_back(n);
            }
        }
        if (error)
            return *error;

        if (YAML::Node seq = sequence("links"); seq && seq.IsSequence()) {
            if (seq.size() > kMaxLinks)
                return errorAt(fileName, seq, "too many links (" + std::to_string(seq.size()) + "; the limit is " +
                                                  std::to_string(kMaxLinks) + ")");
            design.links.reserve(seq.size());
            std::vector<int> portCount(design.nodes.size(), -1);
            for (const YAML::Node &l : seq) {
                MapReader r(l, fileName, "a link", error);
                r.allowOnly({"id", "a", "b", "cable", "length_m"});
                Link link;
                std::string a, b;
                r.string("id", link.id, true);
                r.string("a", a, true);
                r.string("b", b, true);
                r.string("cable", link.cable);
                r.optionalNumber("length_m", link.lengthM);
                if (error)
                    return *error;
                if (link.lengthM && *link.lengthM < 0)
                    return errorAt(fileName, l["length_m"], "'length_m' must not be negative");
                PortRef ends[2];
                const char *keys[2] = {"a", "b"};
                const std::string *texts[2] = {&a, &b};
                for (int e = 0; e < 2; ++e) {
                    auto ref = parsePortRef(*texts[e]);
                    if (!ref || ref->second < 1)
                        return errorAt(fileName, l[keys[e]], "'" + *texts[e] + "' is not a port reference 'node:port' (port from 1)");
                    auto nodeId = design.findNode(ref->first);
                    if (!nodeId)
                        return errorAt(fileName, l[keys[e]], "link '" + link.id + "' refers to a missing node '" + ref->first + "'");
                    if (catalog) {
                        int &count = portCount[nodeId->value];
                        if (count < 0)
                            count = nodePortCount(design.node(*nodeId), *catalog);
                        if (ref->second > count)
                            return errorAt(fileName, l[keys[e]], "port " + std::to_string(ref->second) + " of '" + ref->first +
                                                                     "' is out of range (" + design.node(*nodeId).part +
                                                                     " has " + std::to_string(count) + " ports)");
                    }
                    ends[e] = PortRef{*nodeId, ref->second};
                }
                if (ends[0] == ends[1])
                    return errorAt(fileName, l, "link '" + link.id + "' connects a port to itself");
                for (int e = 0; e < 2; ++e)
                    if (auto other = design.linkAt(ends[e]))
                        return errorAt(fileName, l[keys[e]], "port " + *texts[e] + " is used twice (also by link '" +
                                                                 design.link(*other).id + "')");
                if (catalog && !link.cable.empty()) {
                    const Part *cable = catalog->find(link.cable);
                    if (!cable || cable->kind != PartKind::Cable)
                        return errorAt(fileName, l["cable"], "unknown cable part '" + link.cable + "'");
                }
                if (design.findLink(link.id) || design.findNode(link.id))
                    return errorAt(fileName, l["id"], "duplicate link id '" + link.id + "'");
                link.a = ends[0];
                link.b = ends[1];
                design.addLink(std::move(link));
            }
        }
        if (error)
            return *error;

        std::set<std::string> tenantIds;
        if (YAML::Node seq = sequence("tenants"); seq && seq.IsSequence()) {
            for (const YAML::Node &t : seq) {
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
                    return errorAt(fileName, t["id"], "duplicate tenant id '" + tenant.id + "'");
                if (const YAML::Node s = t["servers"]; s && !s.IsNull()) {
                    if (!s.IsSequence())
                        return errorAt(fileName, s, "'servers' must be a list of node ids");
                    for (const YAML::Node &x : s) {
                        if (!x.IsScalar())
                            return errorAt(fileName, x, "'servers' must be a list of node ids");
                        auto id = design.findNode(x.Scalar());
                        if (!id)
                            return errorAt(fileName, x, "tenant '" + tenant.id + "' names a missing node '" + x.Scalar() + "'");
                        if (design.node(*id).role != NodeRole::Server)
                            return errorAt(fileName, x, "tenant '" + tenant.id + "': '" + x.Scalar() + "' is not a server");
                        tenant.servers.push_back(x.Scalar());
                    }
                }
                design.tenants.push_back(std::move(tenant));
            }
        }
        if (error)
            return *error;

        if (const YAML::Node w = root["workloads"]; w && !w.IsNull()) {
            YAML::Emitter out;
            out << w;
            design.extra["workloads"] = out.c_str();
        }
    } catch (const YAML::Exception &e) {
        return Error{fileName, e.mark.is_null() ? 0 : e.mark.line + 1, e.mark.is_null() ? 0 : e.mark.column + 1, e.msg};
    }
    return design;
}

Result<Design> loadDesign(const std::string &path, const Catalog *catalog)
{
    auto text = readFile(path);
    if (!text)
        return text.error();
    return parseDesign(*text, path, catalog);
}

namespace {

void emitNumber(YAML::Emitter &out, const char *key, double v)
{
    out << YAML::Key << key << YAML::Value << formatDouble(v);
}

} // namespace

std::string serializeDesign(const Design &design)
{
    YAML::Emitter out;
    out.SetIndent(2);
    out << YAML::BeginMap;
    out << YAML::Key << "format" << YAML::Value << ("cluster-planner/" + std::to_string(kDesignFormatVersion));
    out << YAML::Key << "name" << YAML::Value << design.name;
    if (!design.notes.empty())
        out << YAML::Key << "notes" << YAML::Value << YAML::Literal << design.notes;

    out << YAML::Key << "settings" << YAML::Value << YAML::BeginMap;
    out << YAML::Key << "currency" << YAML::Value << design.settings.currency;
    out << YAML::Key << "routing_engine" << YAML::Value << design.settings.routingEngine;
    emitNumber(out, "electricity_usd_per_kwh", design.settings.electricityPricePerKWh);
    emitNumber(out, "pue", design.settings.pue);
    out << YAML::Key << "tco_years" << YAML::Value << design.settings.tcoYears;
    out << YAML::EndMap;

    if (!design.groups.empty()) {
        out << YAML::Key << "groups" << YAML::Value << YAML::BeginSeq;
        for (const Group &g : design.groups) {
            out << YAML::Flow << YAML::BeginMap;
            out << YAML::Key << "id" << YAML::Value << g.id;
            out << YAML::Key << "kind" << YAML::Value << toString(g.kind);
            if (!g.name.empty())
                out << YAML::Key << "name" << YAML::Value << g.name;
            if (!g.parent.empty())
                out << YAML::Key << "parent" << YAML::Value << g.parent;
            out << YAML::EndMap;
        }
        out << YAML::EndSeq;
    }

    out << YAML::Key << "nodes" << YAML::Value << YAML::BeginSeq;
    for (const Node &n : design.nodes) {
        out << YAML::Flow << YAML::BeginMap;
        out << YAML::Key << "id" << YAML::Value << n.id;
        out << YAML::Key << "part" << YAML::Value << n.part;
        if (!n.name.empty() && n.name != n.id)
            out << YAML::Key << "name" << YAML::Value << n.name;
        out << YAML::Key << "role" << YAML::Value << toString(n.role);
        out << YAML::Key << "tier" << YAML::Value << n.tier;
        emitNumber(out, "x", n.x);
        emitNumber(out, "y", n.y);
        if (!n.group.empty())
            out << YAML::Key << "group" << YAML::Value << n.group;
        if (!n.rack.empty())
            out << YAML::Key << "rack" << YAML::Value << n.rack;
        if (!n.hcas.empty()) {
            out << YAML::Key << "hcas" << YAML::Value << YAML::Flow << YAML::BeginSeq;
            for (const std::string &h : n.hcas)
                out << h;
            out << YAML::EndSeq;
        }
        if (n.guid) {
            char buf[32];
            std::snprintf(buf, sizeof buf, "0x%016llx", static_cast<unsigned long long>(*n.guid));
            out << YAML::Key << "guid" << YAML::Value << buf;
        }
        out << YAML::EndMap;
    }
    out << YAML::EndSeq;

    out << YAML::Key << "links" << YAML::Value << YAML::BeginSeq;
    for (const Link &l : design.links) {
        out << YAML::Flow << YAML::BeginMap;
        out << YAML::Key << "id" << YAML::Value << l.id;
        out << YAML::Key << "a" << YAML::Value << formatPortRef(design, l.a);
        out << YAML::Key << "b" << YAML::Value << formatPortRef(design, l.b);
        if (!l.cable.empty())
            out << YAML::Key << "cable" << YAML::Value << l.cable;
        if (l.lengthM)
            emitNumber(out, "length_m", *l.lengthM);
        out << YAML::EndMap;
    }
    out << YAML::EndSeq;

    if (!design.tenants.empty()) {
        out << YAML::Key << "tenants" << YAML::Value << YAML::BeginSeq;
        for (const Tenant &t : design.tenants) {
            out << YAML::BeginMap;
            out << YAML::Key << "id" << YAML::Value << t.id;
            if (!t.name.empty())
                out << YAML::Key << "name" << YAML::Value << t.name;
            if (t.quotaGpus)
                out << YAML::Key << "quota_gpus" << YAML::Value << *t.quotaGpus;
            out << YAML::Key << "servers" << YAML::Value << YAML::Flow << YAML::BeginSeq;
            for (const std::string &s : t.servers)
                out << s;
            out << YAML::EndSeq;
            out << YAML::EndMap;
        }
        out << YAML::EndSeq;
    }

    if (auto it = design.extra.find("workloads"); it != design.extra.end()) {
        out << YAML::Key << "workloads" << YAML::Value << YAML::Load(it->second);
    }
    out << YAML::EndMap;
    std::string text = out.c_str();
    text += '\n';
    return text;
}

Status saveDesign(const Design &design, const std::string &path)
{
    return writeFileAtomically(path, serializeDesign(design));
}

} // namespace cplan
