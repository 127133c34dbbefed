#pragma once

namespace cplan {

class Design;

// Tiers and a drawing for a design imported from a discovered fabric, which has no positions:
// switches that serve endpoints are leaves, the switches above them spines (and core, three
// switch tiers at most: a deeper fabric keeps its upper levels as core). Each tier is a row,
// centred; the endpoints are ordered by the leaf they hang from and wrap into rows about as wide
// as the widest switch row, so that a fabric of a few hundred servers is not a strip.
void layoutImportedFabric(Design &design);

} // namespace cplan
