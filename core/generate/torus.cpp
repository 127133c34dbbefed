#include "generate/fattree.h"

#include "catalog/catalog.h"
#include "generate/common.h"

namespace cplan {

using gen::padded;
using gen::placeAndCable;
using gen::Wiring;

namespace {

// The spec against the catalog: the switches and servers, dimensions, and ports enough for the
// servers and the neighbours. Returns the ports per server.
Result<int> checkTorus(const TorusSpec &spec, const Catalog &catalog)
{
    const std::string where = "generate torus";
    const Part *sw = catalog.find(spec.switchPart);
    if (!sw || sw->kind != PartKind::Switch)
        return Error{where, 0, 0, "unknown switch part '" + spec.switchPart + "'"};
    const Part *srv = catalog.find(spec.serverPart);
    if (!srv || srv->kind != PartKind::GpuServer)
        return Error{where, 0, 0, "unknown server part '" + spec.serverPart + "'"};
    if (spec.dims.size() < 2 || spec.dims.size() > 3)
        return Error{where, 0, 0, "a torus has 2 or 3 dimensions (e.g. 4x4 or 4x4x4)"};
    for (int dsz : spec.dims)
        if (dsz < 2 || dsz > 64)
            return Error{where, 0, 0, "each torus dimension must be from 2 to 64"};
    Node proto;
    proto.part = spec.serverPart;
    const int portsPerServer = int(nodePorts(proto, catalog).size());
    int neighborPorts = 0;
    for (int dsz : spec.dims)
        neighborPorts += (dsz == 2 ? 1 : 2) * spec.linksPerNeighbor;
    if (spec.serversPerSwitch < 0 || spec.serversPerSwitch * portsPerServer + neighborPorts > sw->ports)
        return Error{where, 0, 0, "a switch needs " + std::to_string(spec.serversPerSwitch * portsPerServer + neighborPorts) +
                                      " ports but has " + std::to_string(sw->ports)};
    return portsPerServer;
}

} // namespace

Result<Design> generateTorus(const TorusSpec &spec, const Catalog &catalog)
{
    auto checked = checkTorus(spec, catalog);
    if (!checked)
        return checked.error();
    const int portsPerServer = *checked;
    const Part *srv = catalog.find(spec.serverPart);
    long long count = 1;
    for (int dsz : spec.dims)
        count *= dsz;

    Design design;
    design.name = spec.name;
    design.settings.routingEngine = "updown";
    const int n = int(count);
    std::vector<NodeId> switches;
    std::vector<int> nextPort(std::size_t(n), spec.serversPerSwitch * portsPerServer + 1);
    auto coords = [&](int i) {
        std::vector<int> c;
        for (int dsz : spec.dims) {
            c.push_back(i % dsz);
            i /= dsz;
        }
        return c;
    };
    for (int i = 0; i < n; ++i) {
        auto c = coords(i);
        Node s;
        s.id = "sw";
        for (std::size_t k = 0; k < c.size(); ++k)
            s.id += (k ? "-" : "") + std::to_string(c[k]);
        s.part = spec.switchPart;
        s.role = NodeRole::Switch;
        s.tier = Tier::Leaf;
        const int z = c.size() > 2 ? c[2] : 0;
        s.x = c[0] * 400.0 + z * 90.0;
        s.y = c[1] * 400.0 + z * 60.0;
        switches.push_back(design.addNode(std::move(s)));
    }
    Wiring wiring(design);
    int serverNo = 0;
    for (int i = 0; i < n; ++i)
        for (int k = 0; k < spec.serversPerSwitch; ++k) {
            Node s;
            s.id = padded(srv->gpuCount > 0 ? "gpu" : "host", ++serverNo, 3);
            s.part = spec.serverPart;
            s.role = NodeRole::Server;
            s.x = design.node(switches[std::size_t(i)]).x + (k - spec.serversPerSwitch / 2.0) * 60 + 30;
            s.y = design.node(switches[std::size_t(i)]).y + 150;
            NodeId id = design.addNode(std::move(s));
            for (int q = 0; q < portsPerServer; ++q)
                wiring.connect(id, q + 1, switches[std::size_t(i)], k * portsPerServer + q + 1);
        }
    // Wrap-around neighbours, "+1" direction in every dimension (the "-1" side is the neighbour's "+1").
    int stride = 1;
    for (int dsz : spec.dims) {
        for (int i = 0; i < n; ++i) {
            const int coord = (i / stride) % dsz;
            if (dsz == 2 && coord == 1)
                continue; // a 2-long ring has one neighbour: link once
            const int j = i + (coord + 1 < dsz ? stride : -(dsz - 1) * stride);
            for (int l = 0; l < spec.linksPerNeighbor; ++l)
                wiring.connect(switches[std::size_t(i)], nextPort[std::size_t(i)]++, switches[std::size_t(j)],
                               nextPort[std::size_t(j)]++);
        }
        stride *= dsz;
    }
    std::vector<Message> notes;
    placeAndCable(design, catalog, 4, notes);
    return design;
}

} // namespace cplan
