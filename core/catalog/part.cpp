#include "catalog/part.h"

#include <array>
#include <utility>

namespace cplan {

namespace {

constexpr std::array<std::pair<PartKind, const char *>, 7> kKinds{{
    {PartKind::Gpu, "gpu"},
    {PartKind::GpuServer, "gpu_server"},
    {PartKind::Hca, "hca"},
    {PartKind::Switch, "switch"},
    {PartKind::Cable, "cable"},
    {PartKind::Transceiver, "transceiver"},
    {PartKind::Rack, "rack"},
}};

constexpr std::array<std::pair<CableMedia, const char *>, 4> kMedia{{
    {CableMedia::Dac, "dac"},
    {CableMedia::Acc, "acc"},
    {CableMedia::Aoc, "aoc"},
    {CableMedia::Fiber, "fiber"},
}};

} // namespace

const char *toString(PartKind kind)
{
    for (const auto &[k, name] : kKinds) {
        if (k == kind)
            return name;
    }
    return "unknown";
}

std::optional<PartKind> partKindFromString(const std::string &s)
{
    for (const auto &[k, name] : kKinds) {
        if (s == name)
            return k;
    }
    return std::nullopt;
}

const char *toString(CableMedia media)
{
    for (const auto &[m, name] : kMedia) {
        if (m == media)
            return name;
    }
    return "unknown";
}

const char *toString(CableForm form)
{
    switch (form) {
    case CableForm::Any: return "any";
    case CableForm::Single: return "single";
    case CableForm::Twin: return "twin";
    case CableForm::Splitter: return "splitter";
    }
    return "any";
}

std::optional<CableMedia> cableMediaFromString(const std::string &s)
{
    for (const auto &[m, name] : kMedia) {
        if (s == name)
            return m;
    }
    // "fibre" is how half of our users spell it.
    if (s == "fibre")
        return CableMedia::Fiber;
    return std::nullopt;
}

const char *toString(Protocol protocol)
{
    return protocol == Protocol::Ethernet ? "ethernet" : "infiniband";
}

std::optional<Protocol> protocolFromString(const std::string &s)
{
    if (s == "infiniband")
        return Protocol::InfiniBand;
    if (s == "ethernet")
        return Protocol::Ethernet;
    return std::nullopt;
}

} // namespace cplan
