#pragma once

// Choosing cable parts so that every cable can be installed (physical/cables.h). The two links
// of a twin-port cage share one twin-port cable only when both go to the same far cage; when
// they go to two single-port ports (two adapters) a splitter joins them if one reaches; in
// every other case each link gets a cable of its own (a fibre with optics in the cages).

#include "model/design.h"
#include "util/message.h"

#include <functional>
#include <vector>

namespace cplan {

class Catalog;

// What the choice did, to tell the user why a cage did not get twin-port copper.
struct CableChoiceReport
{
    int twinCables = 0;         // twin-port copper between two twin-port cages
    int splitters = 0;          // twin-port cage to single-port ports
    int singles = 0;            // one link, one cable (no twin-port cage involved)
    int apartFarDiffers = 0;    // links of a twin-port cage that go to different places: a cable each
    int apartBeyondReach = 0;   // links that could share a twin-port or splitter cable, but none reaches
    int unassigned = 0;         // links that no catalog cable fits
    std::vector<Message> notes() const;
};

// Gives every link without a cable part one, with the link's length set to the cable's (cables
// come in standard lengths). `neededM(link)` is the length the link needs. Links that already
// name a cable keep it; a new link in a cage whose other link has twin-port copper or a
// splitter joins that cable when it fits.
CableChoiceReport assignCables(Design &design, const Catalog &catalog, const std::function<double(LinkId)> &neededM);

} // namespace cplan
