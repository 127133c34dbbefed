#pragma once

#include "model/design.h"

#include <string_view>

// Upper bounds on the figures of a catalog part, checked where a part is read.
namespace cplan::partlimits {

// Counts size the ports, HCAs and GPUs that designs, fabrics and routing tables allocate for
// every node made of the part, so an absurd count must stop here, not in an allocation. Each
// bound is far above any real part (figures from ../shared/reference/hardware.md) and below
// what the code that uses it can hold.
//
// Ports of a switch: InfiniBand numbers a switch's ports with one byte (1..254; 255 means
// "no port" in forwarding tables), our routing tables store ports as std::uint8_t, and the
// ibnetdiscover import refuses more than 254. The largest switch we know, the Quantum-X800
// Q3400, has 144 (hardware.md §2); a modular chassis shows up as several switches.
inline constexpr int kMaxSwitchPorts = 254;
// Ports of one HCA: real adapters have 1 or 2 (ConnectX-6/7, BlueField-3; hardware.md §3).
inline constexpr int kMaxHcaPorts = 16;
// Logical ports per cage and links per cable end: an OSFP or QSFP-DD cage has 8 electrical
// lanes, so it cannot carry more than 8 ports. Real parts: 2 (twin-port OSFP on the QM9700),
// 4 NDR200 through twin-port optics and 1:2 splitter fibres (hardware.md §2, §5).
inline constexpr int kMaxPortsPerCage = 8;
inline constexpr int kMaxLinksPerEnd = 8;
// GPUs in one gpu_server and in one NVLink domain: 8 in a DGX, 72 in a GB200 NVL72 rack
// modelled as one system (hardware.md §1e, §4a); 1024 leaves room for larger NVLink domains.
// GPUs and HCAs per server: kMaxGpusPerServer, kMaxHcasPerServer (model/design.h).
inline constexpr int kMaxNvlinkDomain = 1024;
// Free PCIe slots for adding HCAs: real servers have a handful (2 on our generic servers); a
// design node lists at most kMaxHcasPerServer.
inline constexpr int kMaxHcaSlots = 64;

// Upper bounds on figures that are not counts. Nothing is allocated from them, but sums and
// ratios (BOM totals, power, cost per GPU) must stay finite and meaningful.
struct NumberLimit
{
    const char *key;
    double max;
};
inline constexpr NumberLimit kNumberLimits[] = {
    // Any currency: the dearest part we know is a DGX H100 at USD 199,000 (hardware.md §6);
    // 1e12 leaves room for a rack-scale system priced in a currency of 10,000 per dollar.
    {"unit_price", 1e12},
    // A GB200 NVL72 rack draws about 150 kW (1.2 MW per 8-rack SU, hardware.md §1e).
    {"power_w", 1e6},
    {"power_typical_w", 1e6},
    {"power_budget_w", 1e6},
    {"cooling_w", 1e6},
    // A DGX B200 weighs 142.4 kg (hardware.md §4a); a loaded rack is about a tonne or two.
    {"weight_kg", 100'000},
    {"max_load_kg", 100'000},
    // Standard racks are 42-58 U; a DGX B200 is 10 U (hardware.md §4a).
    {"rack_units", 100},
    {"capacity_u", 100},
    // XDR at 800 Gb/s is the fastest port we know (hardware.md §2).
    {"port_speed_gbps", 10'000},
    {"split_speed_gbps", 10'000},
    {"breakout_gbps", 10'000},
    {"speed_gbps", 10'000},
    // Switch ports switch in under 150 ns, adapters in under 600 ns (hardware.md §2, §3).
    {"port_latency_ns", 1e6},
    // A B200 has 192 GB, 1.8 TB/s of NVLink and 2,250 dense BF16 TFLOPS (hardware.md §4b).
    {"memory_gb", 100'000},
    {"nvlink_gbps", 100'000},
    {"bf16_tflops", 1e6},
    // FP8 is twice BF16 on Hopper and Blackwell (4,500 dense on a B200); HBM3e runs at 8 TB/s.
    {"fp8_tflops", 1e6},
    {"hbm_tbps", 1'000},
    // Single-mode optics reach 2 km (hardware.md §5); designs allow links up to 100 km too.
    {"length_m", 100'000},
    {"reach_m", 100'000},
};

// The bound of a figure by its key; a key without its own bound still gets one.
constexpr double maxOf(std::string_view key)
{
    for (const auto &limit : kNumberLimits)
        if (key == limit.key)
            return limit.max;
    return 1e15;
}

} // namespace cplan::partlimits
