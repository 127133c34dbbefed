#pragma once

// How analyzeNetwork runs a multi-plane design: each plane is its own subnet, routed, measured
// and loaded on its own, and the totals are put together from the planes' figures. Internal to
// core/analysis (network.cpp); the rules are stated in network.h.

#include "analysis/network.h"

#include <vector>

namespace cplan::planemerge {

// The part of `request` plane `plane` of `planes` runs: the failures in it (a link or switch of
// that plane, any server), a collective's 1/P share of the bytes, the tables kept on plane 1 only.
NetworkRequest planeRequest(const Design &design, const NetworkRequest &request, int plane, int planes);

// The figures of one plane as NetworkAnalysis::planes lists them.
PlaneAnalysis planeFigures(int plane, const NetworkAnalysis &a);

// Adds a later plane's analysis to the totals (built from plane 1's): counts, pairs and bandwidths
// summed, the worst route and diameter, latency over the pairs of every plane, workloads over
// every plane (a collective's planes run at once: see finishCollectives), failures over the
// planes they touch.
void addPlane(NetworkAnalysis &total, const NetworkAnalysis &plane, int planeIndex, std::size_t sample);

// A collective over the planes: NCCL sees every plane's NICs at once; each algorithm gets the
// slowest plane's fabric share (its flows ran per plane with 1/P of the bytes). `perPlane` holds
// each plane's estimate per workload (empty where the workload is not a collective).
void finishCollectives(std::vector<TrafficResult> &total, const NetworkRequest &request,
                       const std::vector<std::vector<CollectiveEstimate>> &perPlane);

// Per workload: the plane's collective estimate, if the workload is one.
void collectEstimates(const std::vector<TrafficResult> &plane, std::vector<std::vector<CollectiveEstimate>> &perPlane);

} // namespace cplan::planemerge
