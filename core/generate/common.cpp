#include "generate/common.h"

#include "catalog/catalog.h"
#include "physical/cableselect.h"
#include "physical/floor.h"
#include "physical/layout.h"

#include <algorithm>

namespace cplan::gen {

std::string padded(const char *prefix, int n, int width)
{
    std::string number = std::to_string(n);
    if (int(number.size()) < width)
        number.insert(0, std::size_t(width) - number.size(), '0');
    return prefix + number;
}

int digits(int n)
{
    int d = 1;
    while (n >= 10) {
        n /= 10;
        ++d;
    }
    return std::max(d, 2);
}

void Wiring::connect(NodeId a, int portA, NodeId b, int portB)
{
    Link link;
    link.id = padded("l", ++m_count, 6);
    link.a = PortRef{a, portA};
    link.b = PortRef{b, portB};
    m_design.addLink(std::move(link));
}

void placeAndCable(Design &design, const Catalog &catalog, int serversPerRack, std::vector<Message> &notes)
{
    RackLayoutSpec layoutSpec;
    layoutSpec.serversPerRack = serversPerRack;
    const RackLayoutReport layout = layoutRacks(design, catalog, layoutSpec);
    const CableRuns runs(design, catalog);
    const CableChoiceReport cables = assignCables(design, catalog, [&](LinkId id) {
        const Link &l = design.link(id);
        // Every generated node has a placed rack, so the run is known; 3 m if it ever is not.
        return runs.runM(l.a.node, l.b.node).value_or(3.0);
    });
    notes.insert(notes.end(), layout.notes.begin(), layout.notes.end());
    const auto cableNotes = cables.notes();
    notes.insert(notes.end(), cableNotes.begin(), cableNotes.end());
}

} // namespace cplan::gen
