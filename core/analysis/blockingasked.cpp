#include "analysis/blockingasked.h"

#include "analysis/keyfigures.h"
#include "io/generatorrecord.h"
#include "model/design.h"

#include <algorithm>
#include <string>
#include <vector>

namespace cplan {

namespace {

// Cabled ports of each leaf (a switch with a server or appliance below it): down to those, up to
// other switches.
struct LeafPorts
{
    int leaves = 0;
    int maxDown = 0;
    int minUp = 0, maxUp = 0;
    long long down = 0, up = 0;
};

LeafPorts leafPorts(const Design &design)
{
    std::vector<int> down(design.nodes.size()), up(design.nodes.size());
    for (const Link &l : design.links) {
        const Node &a = design.node(l.a.node), &b = design.node(l.b.node);
        const bool aSwitch = a.role == NodeRole::Switch, bSwitch = b.role == NodeRole::Switch;
        if (aSwitch && bSwitch) {
            ++up[l.a.node.value];
            ++up[l.b.node.value];
        } else if (aSwitch != bSwitch) {
            ++down[(aSwitch ? l.a : l.b).node.value];
        }
    }
    LeafPorts p;
    for (std::size_t i = 0; i < design.nodes.size(); ++i) {
        if (design.nodes[i].role != NodeRole::Switch || down[i] == 0)
            continue;
        p.minUp = p.leaves ? std::min(p.minUp, up[i]) : up[i];
        p.maxUp = std::max(p.maxUp, up[i]);
        p.maxDown = std::max(p.maxDown, down[i]);
        p.down += down[i];
        p.up += up[i];
        ++p.leaves;
    }
    return p;
}

} // namespace

std::optional<BlockingAsked> blockingAskedVsBuilt(const Design &design)
{
    const std::optional<GeneratorRecord> g = generatorRecord(design);
    if (!g || g->blocking.format.empty())
        return std::nullopt;
    const std::string asked[] = {std::to_string(g->askedDown), std::to_string(g->askedUp)};
    const std::string built = ratioNumber(g->leafUp > 0 ? double(g->leafDown) / g->leafUp : 1.0);
    const LeafPorts now = leafPorts(design);
    if (now.leaves > 0 && now.minUp == g->leafUp && now.maxUp == g->leafUp && now.maxDown <= g->leafDown) {
        if (1LL * g->leafDown * g->askedUp == 1LL * g->leafUp * g->askedDown)   // the sentence is short
            return BlockingAsked{g->blocking, g->blocking};
        return BlockingAsked{{CPLAN_TR("Engine", "asked %1:%2, built %3:1 (%4 down / %5 up per leaf)"),
                              {asked[0], asked[1], built, std::to_string(g->leafDown), std::to_string(g->leafUp)}},
                             g->blocking};
    }
    const Message brief{CPLAN_TR("Engine", "asked %1:%2, built %3:1; leaves changed since"), {asked[0], asked[1], built}};
    if (now.up == 0)
        return BlockingAsked{brief, {CPLAN_TR("Engine", "asked %1:%2, built %3:1 by the generator; the leaves have no uplinks now "
                                                        "(changed since)"),
                                     {asked[0], asked[1], built}}};
    return BlockingAsked{brief,
                         {CPLAN_TR("Engine", "asked %1:%2, built %3:1 by the generator; changed since: the %4 leaves now have %5 "
                                             "down / %6 up ports in all (%7:1)"),
                          {asked[0], asked[1], built, std::to_string(now.leaves), std::to_string(now.down), std::to_string(now.up),
                           ratioNumber(double(now.down) / double(now.up))}}};
}

} // namespace cplan
