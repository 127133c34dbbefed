#include "io/ibimportparts.h"

#include "catalog/catalog.h"
#include "io/ibmodels.h"
#include "util/strings.h"

#include <algorithm>
#include <cctype>
#include <cstdio>

namespace cplan::ibimport {

namespace {

std::string slug(const std::string &s)
{
    std::string out;
    for (char c : s) {
        if (std::isalnum(static_cast<unsigned char>(c)))
            out += char(std::tolower(static_cast<unsigned char>(c)));
        else if (!out.empty() && out.back() != '-')
            out += '-';
    }
    while (!out.empty() && out.back() == '-')
        out.pop_back();
    return out.empty() ? std::string("unknown") : out;
}

std::string generationOf(const Part &p)
{
    if (!p.speedName.empty())
        return p.speedName;
    return p.portSpeedGbps ? speedNameForPort(*p.portSpeedGbps) : std::string();
}

} // namespace

void DeviceSpeed::see(const LinkRate &r)
{
    if (r.known() && r.fasterThan(best))
        best = r;
}

std::string DeviceSpeed::speedName() const
{
    return familyGbps ? familySpeedName : best.speed;
}

const Part *PartChooser::fromCatalog(const DeviceKind &kind, const DeviceSpeed &speed) const
{
    if (!kind.modelNumber || kind.router)
        return nullptr;
    const std::string generation = speed.speedName();
    for (const Part *p : m_catalog.partsOfKind(kind.kind)) {
        if (p->ports != kind.ports || !sameModel(kind.model, p->model))
            continue;
        // Same speed generation (a link may run narrower than the port: 2xHDR on an HDR port).
        if (!generation.empty() && generationOf(*p) == generation)
            return p;
    }
    return nullptr;
}

// A generic part is a function of what names it (kind, vendor, model, ports, speed
// generation), and its id carries a hash of those: the same device imported from any dump,
// in any session, is the same part, and two that differ never share an id.
Part PartChooser::generic(const DeviceKind &kind, const DeviceSpeed &speed)
{
    Part p;
    p.kind = kind.kind;
    p.imported = true;
    p.vendor = kind.vendor;
    const char *what = kind.router ? "router" : kind.kind == PartKind::Switch ? "switch" : "hca";
    p.model = kind.model.empty() ? std::string(kind.router ? "router" : kind.kind == PartKind::Switch ? "switch" : "HCA") : kind.model;
    const std::string speedName = speed.speedName();
    p.ports = kind.ports;
    if (!speedName.empty())
        p.portSpeedGbps = LinkRate{4, speedName}.gbps();
    p.speedName = speedName;
    const std::string identity = std::string(what) + "|" + kind.vendor + "|" + kind.model + "|" + std::to_string(kind.ports) + "|" + speedName;
    std::uint32_t h = 2166136261u;   // FNV-1a
    for (unsigned char c : identity)
        h = (h ^ c) * 16777619u;
    char hash[12];
    std::snprintf(hash, sizeof hash, "%06x", h & 0xffffffu);
    p.id = std::string(kImportedPartPrefix) + what + "-" + (kind.vendor.empty() ? "" : slug(kind.vendor) + "-") +
           slug(kind.model.empty() ? "unknown" : kind.model) + "-" + std::to_string(kind.ports) + "p-" +
           (speedName.empty() ? "unknown-speed" : slug(speedName)) + "-" + hash;
    p.description = std::string("Generic InfiniBand ") + (kind.router ? "router" : kind.kind == PartKind::Switch ? "switch" : "adapter") +
                    " found by ibnetdiscover: " + std::to_string(kind.ports) + " port(s)" +
                    (speedName.empty() ? ", speed unknown" : ", " + speedName) + ". Price, power and height are unknown.";
    p.sources = {"as-built import: ibnetdiscover output (model from the node description or device id)"};
    p.priceEstimate = true;
    return p;
}

Part PartChooser::genericHost()
{
    Part p;
    p.id = std::string(kImportedPartPrefix) + "host";
    p.kind = PartKind::GpuServer;
    p.imported = true;
    p.model = "Host (as built)";
    p.description = "A host found by ibnetdiscover, with the adapters it showed. What else it holds (GPUs, CPUs), its price, "
                    "power and height are unknown.";
    p.sources = {"as-built import: ibnetdiscover output"};
    return p;
}

std::map<DeviceKind, std::string> PartChooser::choose(std::vector<Part> &generic, std::vector<std::string> &notes) const
{
    std::map<DeviceKind, std::string> out;
    for (const auto &[kind, speed] : m_speed) {
        if (const Part *p = fromCatalog(kind, speed)) {
            out[kind] = p->id;
            continue;
        }
        Part g = PartChooser::generic(kind, speed);
        if (std::none_of(generic.begin(), generic.end(), [&](const Part &q) { return q.id == g.id; })) {
            const std::string why = kind.router             ? "routers are not catalog parts"
                                    : kind.model.empty()     ? "the model is unknown"
                                    : !kind.modelNumber      ? "the dump names the chip or family, not the model"
                                                             : "no catalog part has this model, port count and speed";
            notes.push_back("generic part '" + g.id + "' for " + (kind.model.empty() ? std::string("devices of unknown model")
                                                                                     : "'" + kind.model + "'") +
                            " (" + std::to_string(kind.ports) + " ports): " + why);
            generic.push_back(g);
        }
        out[kind] = g.id;
    }
    return out;
}

} // namespace cplan::ibimport
