#include "model/linkrate.h"

#include <cmath>
#include <iterator>

namespace cplan {

namespace {

struct Lane
{
    const char *name;
    double gbps;
};
// Per-lane signalling rates of the InfiniBand speed names (IBTA generations as ibnetdiscover
// prints them; FDR10 is Mellanox's 10 Gb/s lane with 64b/66b coding).
constexpr Lane kLanes[] = {{"SDR", 2.5},  {"DDR", 5},   {"QDR", 10},  {"FDR10", 10}, {"FDR", 14.0625},
                           {"EDR", 25},   {"HDR", 50},  {"NDR", 100}, {"XDR", 200}};

} // namespace

double laneGbps(std::string_view speed)
{
    for (const Lane &l : kLanes)
        if (speed == l.name)
            return l.gbps;
    return 0;
}

double LinkRate::gbps() const
{
    if (!known())
        return 0;
    const double g = width * laneGbps(speed);
    return std::abs(g - 56.25) < 0.01 ? 56 : g;
}

bool LinkRate::fasterThan(const LinkRate &o) const
{
    const double a = gbps(), b = o.gbps();
    if (std::abs(a - b) > 1e-9)
        return a > b;
    auto rank = [](const std::string &s) {
        for (std::size_t i = 0; i < std::size(kLanes); ++i)
            if (s == kLanes[i].name)
                return int(i);
        return -1;
    };
    return rank(speed) > rank(o.speed);
}

std::string LinkRate::toString() const
{
    return known() ? std::to_string(width) + "x" + speed : std::string();
}

std::optional<LinkRate> parseLinkRate(std::string_view text)
{
    std::size_t i = 0;
    int width = 0;
    while (i < text.size() && text[i] >= '0' && text[i] <= '9' && width < 100)
        width = width * 10 + (text[i++] - '0');
    if (i == 0 || i >= text.size() || text[i] != 'x' || width < 1 || width > 32)
        return std::nullopt;
    ++i;
    while (i < text.size() && text[i] == ' ')
        ++i;
    const std::string_view speed = text.substr(i);
    if (laneGbps(speed) <= 0)
        return std::nullopt;
    return LinkRate{width, std::string(speed)};
}

std::string speedNameForPort(double portGbps)
{
    for (const Lane &l : kLanes)
        if (std::string_view(l.name) != "FDR10" && std::abs(4 * l.gbps - portGbps) < 1.0)
            return l.name;
    if (std::abs(portGbps - 56) < 1.0)
        return "FDR";
    return {};
}

} // namespace cplan
