#pragma once

// Helpers the generators share (internal to core/generate).

#include "model/design.h"
#include "util/message.h"

#include <string>
#include <vector>

namespace cplan {

class Catalog;

namespace gen {

// "gpu" + 7 -> "gpu007" for width 3.
std::string padded(const char *prefix, int n, int width);
// Digits of n, at least 2.
int digits(int n);
inline int ceilDiv(int a, int b) { return (a + b - 1) / b; }

// Builds links with ids l000001, l000002, ... Their cables are chosen at the end, per physical
// cable, once the racks stand (placeAndCable): the length a link needs comes from the floor plan.
class Wiring
{
public:
    explicit Wiring(Design &design) : m_design(design) {}
    void connect(NodeId a, int portA, NodeId b, int portB);

private:
    Design &m_design;
    int m_count = 0;
};

// Racks and U for every node (physical/layout.h), then a cable for every link, chosen per
// physical cable for the length the floor plan gives it (physical/cableselect.h).
void placeAndCable(Design &design, const Catalog &catalog, int serversPerRack, std::vector<Message> &notes);

} // namespace gen
} // namespace cplan
