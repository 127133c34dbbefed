#pragma once

// NCCL's tuning constants, NVIDIA/nccl tag v2.30.7-1 (commit 73cf1122). Indexed as NCCL
// indexes them: [algorithm][protocol] with algorithms Tree, Ring, CollNetDirect, CollNetChain,
// NVLS, NVLSTree, PAT (our P2P has no row) and protocols LL, LL128, Simple; [arch][nodes] with
// arch Volta, Ampere, Hopper, Blackwell and nodes 1, 2, 3+ (tuning.cc:267 index2).
// Latencies in µs, bandwidths in GB/s.

namespace cplan::nccl::tables {

inline constexpr int kTunedAlgorithms = 7;

// tuning.cc:150-155 baseLatencies.
inline constexpr double kBaseLat[kTunedAlgorithms][3] = {
    {6.8, 14.0, 8.4}, {6.6, 14.0, 8.4}, {0, 0, 0}, {0, 0, 0}, {0, 0, 0}, {0, 0, 0}, {8.0, 8.0, 8.0}};

// tuning.cc:157-176 hwLatencies[NVLINK, PCI, NET].
enum Hw { kNvlink = 0, kPci = 1, kNet = 2 };
inline constexpr double kHwLat[3][kTunedAlgorithms][3] = {
    {{0.6, 1.25, 4.0}, {0.6, 1.9, 3.4}, {0, 0, 3.7}, {0, 0, 2.8}, {0, 0, 25}, {0, 0, 25}, {0, 0, 4.0}},
    {{1.0, 1.9, 4.0}, {1.0, 2.5, 5.7}, {0, 0, 3.7}, {0, 0, 2.8}, {0, 0, 0}, {0, 0, 0}, {0, 0, 4.0}},
    {{5.0, 8.5, 14}, {2.7, 4.0, 14.0}, {0, 0, 31}, {0, 0, 30}, {0, 0, 18}, {0, 0, 20.9}, {0, 0, 14}}};

// tuning.cc:178-211. llMaxBws rows: one node by arch; several nodes by host CPU (row 0: Intel
// and others, which every catalog server is; row 1 AMD).
inline constexpr double kLlMaxBw[4][3] = {{39.0, 39.0, 20.4}, {87.7, 22.5, 19.0}, {141.0, 45.0, 35.0}, {282.0, 90.0, 70.0}};
inline constexpr double kPerChMaxRingLL128Bw[4][3] = {{20.0, 20.0, 20.0}, {20.0, 20.0, 20.0}, {36.7, 36.7, 36.7}, {40.0, 40.0, 40.0}};
inline constexpr double kPerChMaxTreeLL128Bw[4][3] = {{20.0, 20.0, 20.0}, {20.0, 20.0, 20.0}, {36.7, 36.7, 29.0}, {55.6, 31.67, 20.0}};
inline constexpr double kPerChMaxTreeBw[4][3] = {{26.5, 18.5, 10.0}, {24.0, 23.6, 17.8}, {38.7, 41.4, 36.0}, {70.0, 42.8, 24.0}};
inline constexpr double kPerChMaxNvlsTreeBw[4][3] = {{26.5, 18.5, 10.0}, {24.0, 23.6, 17.8}, {0.0, 57.7, 45.5}, {0.0, 96.0, 80.0}};
inline constexpr double kNvlsEfficiency[4] = {0.0, 0.0, 0.85, 0.74};

// tuning.cc:623-627 treeCorrectionFactor[protocol][log2(bytes / 64)], 64 B to 256 MiB.
inline constexpr int kTreeCorrectionSizes = 24;
inline constexpr double kTreeCorrection[3][kTreeCorrectionSizes] = {
    {1.0, 1.0, 1.0, 1.0, .9, .8, .7, .7, .7, .7, .6, .5, .4, .4, .5, .6, .7, .8, .9, 1.0, 1.0, 1.0, 1.0, 1.0},
    {1.0, 1.0, 1.0, 1.0, 1.0, .9, .8, .8, .8, .7, .6, .6, .6, .6, .6, .6, .8, .9, .9, .9, .9, 1.0, 1.0, 1.0},
    {.9, .9, .9, .9, .9, .9, .9, .8, .7, .6, .6, .5, .5, .5, .5, .6, .7, .8, .7, .7, .8, .9, .9, .9}};

// search.cc:1051-1067: the per-channel speeds the channel search tries, highest first.
inline constexpr double kSpeedIntraPreSm90[] = {40, 30, 20, 18, 15, 12, 10, 9, 7, 6, 5, 4, 3};
inline constexpr double kSpeedInterPreSm90[] = {48, 30, 28, 24, 20, 18, 15, 12, 10, 9, 7, 6, 5, 4, 3, 2.4, 1.2, 0.24, 0.12};
inline constexpr double kSpeedIntraSm90[] = {60, 50, 40, 30, 24, 20, 15, 12, 11, 6, 3};
inline constexpr double kSpeedInterSm90[] = {48, 45, 42, 40, 30, 24, 22, 20, 17.5, 15, 12, 6, 3, 2.4, 1.2, 0.24, 0.12};
inline constexpr double kSpeedIntraSm100[] = {90, 80, 70, 60, 50, 45, 40, 30, 24, 20, 19, 18};
inline constexpr double kSpeedInterSm100[] = {96, 86, 80, 48, 45.1, 42, 40, 30, 24, 22, 20, 17.5, 15, 12, 6, 3, 2.4, 1.2, 0.24, 0.12};

inline constexpr int kMaxRingChannels = 32;    // MAXCHANNELS / 2 (device.h:91, search.cc)
inline constexpr int kMaxNvlsHeads = 32;       // NCCL_MAX_NVLS_ARITY
inline constexpr int kMaxDirectArity = 8;      // NCCL_MAX_DIRECT_ARITY + 1 (CollNetDirect local ranks)
inline constexpr double kNetOverheadUs = 1.0;  // getNetOverhead(), Intel and non-x86 hosts (tuning.cc:228-233)

} // namespace cplan::nccl::tables
