#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace cplan {

// The width and speed a link runs at, as InfiniBand tools print it: "4xQDR", "1xSDR",
// "4xFDR10", "2xNDR". Width 0 or an empty speed = unknown (ibnetdiscover prints "??" / "???").
struct LinkRate
{
    int width = 0;       // lanes: 1, 2, 4, 8 or 12
    std::string speed;   // SDR, DDR, QDR, FDR10, FDR, EDR, HDR, NDR, XDR

    bool known() const { return width > 0 && !speed.empty(); }
    // Signalling rate in Gb/s (lanes x per-lane rate: SDR 2.5, DDR 5, QDR and FDR10 10,
    // FDR 14.0625, EDR 25, HDR 50, NDR 100, XDR 200), 0 when unknown. 4xFDR is 56 Gb/s,
    // as the catalog and vendors quote it.
    double gbps() const;
    std::string toString() const;   // "4xQDR"; "" when unknown
    // Faster than `o`: more Gb/s, or as many on a newer generation (FDR10 after QDR).
    bool fasterThan(const LinkRate &o) const;
    bool operator==(const LinkRate &) const = default;
};

// Per-lane rate of a speed name in Gb/s; 0 when the name is not a speed.
double laneGbps(std::string_view speed);
// Parses "4xQDR" (also "4x QDR"); nullopt when it is not a rate.
std::optional<LinkRate> parseLinkRate(std::string_view text);
// The speed name of a per-port rate in Gb/s at 4x ("QDR" for 40, "NDR" for 400); "" if none.
std::string speedNameForPort(double portGbps);

} // namespace cplan
