#include "export/graphexport.h"

#include "catalog/catalog.h"
#include "cost/bom.h"
#include "util/strings.h"

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/graphml.hpp>
#include <boost/graph/graphviz.hpp>
#include <boost/property_map/dynamic_property_map.hpp>

#include <istream>
#include <optional>
#include <ostream>
#include <set>
#include <sstream>

namespace cplan {

namespace {

// Figures that are not known (a link's length or speed) or do not apply (a server's switch
// ports, a node outside any plane) are written as these and then dropped from the GraphML
// (finishGraphml): a missing <data> element, never a 0.
constexpr int kAbsentInt = -1;

// A real number as GraphML's double: every digit that reads back to the same value (Boost's
// writer streams a double with 6 digits), empty when not known.
struct Real
{
    std::optional<double> v;
};
std::ostream &operator<<(std::ostream &out, const Real &r)
{
    return r.v ? out << formatDouble(*r.v) : out;
}
std::istream &operator>>(std::istream &in, Real &r)
{
    double v = 0;
    if (in >> v)
        r.v = v;
    return in;
}
// The attributes written as Real: Boost types them "string", finishGraphml "double".
const std::set<std::string> kRealAttributes = {"x", "y", "length_m", "speed_gbps"};

struct VertexProps
{
    std::string id, name, part, role, group, rack, label, shape, fill, pos;
    int tier = 0;
    int gpus = 0;
    int ports = kAbsentInt;     // a switch's ports (its part's); absent for other nodes
    int plane = kAbsentInt;     // the plane of a switch or appliance; absent with one fabric
    Real x, y;                  // canvas position
};

struct EdgeProps
{
    std::string id, cable, tier, aPort, bPort, color;
    Real lengthM, speedGbps;
};

using Graph = boost::adjacency_list<boost::vecS, boost::vecS, boost::undirectedS, VertexProps, EdgeProps>;

Graph buildGraph(const Design &design, const Catalog &catalog)
{
    Graph g(design.nodes.size());
    for (std::size_t i = 0; i < design.nodes.size(); ++i) {
        const Node &n = design.nodes[i];
        VertexProps &v = g[i];
        v.id = n.id;
        v.name = n.name.empty() ? n.id : n.name;
        v.part = n.part;
        v.role = toString(n.role);
        v.tier = level(n.tier);
        v.group = n.group;
        v.rack = n.rack;
        v.gpus = nodeGpuCount(n, catalog);
        if (const Part *part = catalog.find(n.part); part && n.role == NodeRole::Switch && part->ports > 0)
            v.ports = part->ports;
        if (n.plane > 0)
            v.plane = n.plane;
        v.x.v = n.x;
        v.y.v = n.y;
        // Graphviz points, y up (the canvas's y grows down), pinned: neato -n keeps them.
        v.pos = formatDouble(n.x) + "," + formatDouble(-n.y) + "!";
        v.label = v.name;
        switch (n.role) {
        case NodeRole::Switch:
            v.shape = "box";
            v.fill = n.tier == Tier::Core ? "#c9a0dc" : n.tier == Tier::Spine ? "#9ecae1" : "#a1d99b";
            break;
        case NodeRole::Management:
            v.shape = "hexagon";
            v.fill = "#fdd0a2";
            break;
        case NodeRole::Server:
            v.shape = "ellipse";
            v.fill = "#f0f0f0";
            break;
        }
    }
    for (const Link &l : design.links) {
        // Upper tier first: dot puts an edge's tail above its head.
        PortRef a = l.a, b = l.b;
        const Node &na = design.node(a.node), &nb = design.node(b.node);
        const bool aSwitch = na.role == NodeRole::Switch, bSwitch = nb.role == NodeRole::Switch;
        if ((!aSwitch && bSwitch) || (aSwitch == bSwitch && na.tier < nb.tier))
            std::swap(a, b);
        EdgeProps e;
        e.id = l.id;
        e.cable = l.cable;
        e.tier = linkTierName(design, l);
        e.aPort = formatPortRef(design, a);
        e.bPort = formatPortRef(design, b);
        e.lengthM.v = l.lengthM;
        if (const double speed = linkSpeedGbps(design, l, catalog); speed > 0)
            e.speedGbps.v = speed;
        e.color = e.tier == "node-leaf" ? "#888888" : e.tier == "leaf-spine" ? "#3182bd" : "#756bb1";
        boost::add_edge(a.node.value, b.node.value, e, g);
    }
    return g;
}

std::string quoteless(std::string s)
{
    for (char &c : s)
        if (c == '"' || c == '\\' || c == '\n')
            c = '\'';
    return s;
}

// Boost's writer gives every node and edge every attribute, and types what it does not know as
// "string": the Real attributes become "double", and the absent values (kAbsentInt, an empty
// Real) are taken out, so a tool sees no value rather than a made-up one.
std::string finishGraphml(const std::string &graphml)
{
    std::istringstream in(graphml);
    std::ostringstream out;
    std::set<std::string> intKeys, realKeys;
    std::string line;
    auto quoted = [&](const std::string &after) {
        const std::size_t at = line.find(after);
        if (at == std::string::npos)
            return std::string();
        const std::size_t from = at + after.size();
        return line.substr(from, line.find('"', from) - from);
    };
    while (std::getline(in, line)) {
        if (const std::string key = quoted("<key id=\""); !key.empty()) {
            if (kRealAttributes.count(quoted("attr.name=\""))) {
                const std::size_t type = line.find("attr.type=\"string\"");
                if (type != std::string::npos)
                    line.replace(type, 18, "attr.type=\"double\"");
                realKeys.insert(key);
            } else if (quoted("attr.type=\"") == "int") {
                intKeys.insert(key);
            }
        }
        if (const std::string key = quoted("<data key=\""); !key.empty()) {
            const std::size_t open = line.find('>') + 1, close = line.find("</data>", open);
            const std::string value = close == std::string::npos ? std::string() : line.substr(open, close - open);
            if ((intKeys.count(key) && value == std::to_string(kAbsentInt)) || (realKeys.count(key) && value.empty()))
                continue;
        }
        out << line << '\n';
    }
    return out.str();
}

} // namespace

std::string exportGraphml(const Design &design, const Catalog &catalog)
{
    Graph g = buildGraph(design, catalog);
    boost::dynamic_properties dp(boost::ignore_other_properties);
    dp.property("id", boost::get(&VertexProps::id, g));
    dp.property("name", boost::get(&VertexProps::name, g));
    dp.property("part", boost::get(&VertexProps::part, g));
    dp.property("role", boost::get(&VertexProps::role, g));
    dp.property("tier", boost::get(&VertexProps::tier, g));
    dp.property("group", boost::get(&VertexProps::group, g));
    dp.property("rack", boost::get(&VertexProps::rack, g));
    dp.property("gpus", boost::get(&VertexProps::gpus, g));
    dp.property("ports", boost::get(&VertexProps::ports, g));
    dp.property("plane", boost::get(&VertexProps::plane, g));
    dp.property("x", boost::get(&VertexProps::x, g));
    dp.property("y", boost::get(&VertexProps::y, g));
    dp.property("link_id", boost::get(&EdgeProps::id, g));
    dp.property("cable", boost::get(&EdgeProps::cable, g));
    dp.property("link_tier", boost::get(&EdgeProps::tier, g));
    dp.property("source_port", boost::get(&EdgeProps::aPort, g));
    dp.property("target_port", boost::get(&EdgeProps::bPort, g));
    dp.property("length_m", boost::get(&EdgeProps::lengthM, g));
    dp.property("speed_gbps", boost::get(&EdgeProps::speedGbps, g));
    std::ostringstream out;
    boost::write_graphml(out, g, dp, true);
    return finishGraphml(out.str());
}

std::string exportDot(const Design &design, const Catalog &catalog)
{
    Graph g = buildGraph(design, catalog);
    boost::dynamic_properties dp(boost::ignore_other_properties);
    dp.property("node_id", boost::get(&VertexProps::id, g));
    dp.property("label", boost::get(&VertexProps::label, g));
    dp.property("shape", boost::get(&VertexProps::shape, g));
    dp.property("fillcolor", boost::get(&VertexProps::fill, g));
    dp.property("part", boost::get(&VertexProps::part, g));
    dp.property("tier", boost::get(&VertexProps::tier, g));
    dp.property("group", boost::get(&VertexProps::group, g));
    dp.property("pos", boost::get(&VertexProps::pos, g));
    dp.property("tooltip", boost::get(&EdgeProps::id, g));
    dp.property("color", boost::get(&EdgeProps::color, g));
    dp.property("cable", boost::get(&EdgeProps::cable, g));
    dp.property("tailport_ref", boost::get(&EdgeProps::aPort, g));
    dp.property("headport_ref", boost::get(&EdgeProps::bPort, g));
    std::ostringstream body;
    boost::write_graphviz_dp(body, g, dp, "node_id");
    // Graph-wide attributes: write_graphviz_dp writes none, so add them after the opening brace.
    std::string text = body.str();
    const std::size_t brace = text.find('{');
    if (brace != std::string::npos)
        text.insert(brace + 1, "\ngraph [label=\"" + quoteless(design.name) + "\" labelloc=t fontsize=20 splines=false nodesep=0.1 ranksep=2];\n"
                                "node [style=filled fontsize=10];\nedge [penwidth=0.5 fontsize=6];\n");
    return text;
}

} // namespace cplan
