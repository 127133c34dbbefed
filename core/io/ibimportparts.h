#pragma once

// Parts for what an as-built import finds: the catalog's part when model, ports and speed
// generation agree, else a generic part built from the dump (Part::imported). Internal to
// core/io (used by ibnetdiscoverimport.cpp).

#include "catalog/part.h"
#include "model/linkrate.h"

#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

namespace cplan {

class Catalog;

namespace ibimport {

// One kind of device in the dump: all switches (or HCAs) of one vendor, model and port count
// share a part.
struct DeviceKind
{
    PartKind kind = PartKind::Switch;   // Switch or Hca (routers: Hca, with `router` set)
    std::string vendor;
    std::string model;                  // as the dump names it: "SX6036", "MQM9701", "ConnectX-3", "Quantum"
    bool modelNumber = false;           // `model` names a product, not only a chip family
    int ports = 0;
    bool router = false;
    // Devices of unknown model are not pooled: each speed seen is a kind of its own (a DDR
    // card among QDR ones is not a degraded QDR card).
    std::string speedSeen;
    auto key() const { return std::tie(kind, vendor, model, ports, router, speedSeen); }
    bool operator<(const DeviceKind &o) const { return key() < o.key(); }
};

// What the dump tells about the speed of a device kind.
struct DeviceSpeed
{
    std::optional<double> familyGbps;   // the chip family's rate (sourced), if known
    std::string familySpeedName;
    LinkRate best;                      // the fastest link seen on any device of this kind
    void see(const LinkRate &r);
    // The speed generation the part gets: the family's, else the best link's.
    std::string speedName() const;
};

// The part id for every device kind, and the generic parts built on the way.
class PartChooser
{
public:
    explicit PartChooser(const Catalog &catalog) : m_catalog(catalog) {}
    void add(const DeviceKind &kind, const DeviceSpeed &speed) { m_speed[kind] = speed; }
    DeviceSpeed &speed(const DeviceKind &kind) { return m_speed[kind]; }
    // Decides every kind; returns the part ids by kind and fills `generic` with new parts.
    std::map<DeviceKind, std::string> choose(std::vector<Part> &generic, std::vector<std::string> &notes) const;
    // The generic server that carries imported HCAs (no GPUs, price and power unknown).
    static Part genericHost();

private:
    const Part *fromCatalog(const DeviceKind &kind, const DeviceSpeed &speed) const;
    static Part generic(const DeviceKind &kind, const DeviceSpeed &speed);

    const Catalog &m_catalog;
    std::map<DeviceKind, DeviceSpeed> m_speed;
};

} // namespace ibimport
} // namespace cplan
