#include "io/designracks.h"

#include "catalog/catalog.h"
#include "io/generatorrecord.h"
#include "io/yamldom.h"
#include "io/yamlmapreader.h"
#include "util/strings.h"

#include <set>

namespace cplan {

namespace {

// A number of a rack entry within [lo, hi]; fails the reader otherwise.
void boundedNumber(MapReader &r, const char *key, std::optional<double> &out, double lo, double hi)
{
    if (!r.optionalNumber(key, out) || !r.ok())
        return;
    if (*out < lo || *out > hi) {
        r.fail(*r.get(key), std::string("'") + key + "' must be from " + formatDouble(lo) + " to " + formatDouble(hi));
        out.reset();
    }
}

void optionalField(std::string &out, const char *key, const std::optional<double> &v)
{
    if (!v)
        return;
    out += ", ";
    out += key;
    out += ": ";
    out += formatDouble(*v);
}

void textField(std::string &out, const char *key, const std::string &v)
{
    if (v.empty())
        return;
    out += ", ";
    out += key;
    out += ": ";
    appendYamlScalar(out, v);
}

} // namespace

Status readRacks(const YamlNode &seq, const std::string &file, const Catalog *catalog, Design &design)
{
    if (seq.isNull())
        return Ok{};
    if (!seq.isSequence())
        return errorAt(file, &seq, "'racks' must be a list");
    std::set<std::string> ids;
    for (const YamlNode &item : seq.items) {
        std::optional<Error> error;
        MapReader r(item, file, "a rack", error);
        r.allowOnly({"id", "part", "name", "room", "row", "x_m", "y_m", "power_budget_w", "cooling_w", "weight_limit_kg"});
        Rack rack;
        r.string("id", rack.id, true);
        r.string("part", rack.part);
        r.string("name", rack.name);
        r.string("room", rack.room);
        r.string("row", rack.row);
        boundedNumber(r, "x_m", rack.xM, -kMaxFloorM, kMaxFloorM);
        boundedNumber(r, "y_m", rack.yM, -kMaxFloorM, kMaxFloorM);
        boundedNumber(r, "power_budget_w", rack.powerBudgetW, 0, kMaxRackBudget);
        boundedNumber(r, "cooling_w", rack.coolingW, 0, kMaxRackBudget);
        boundedNumber(r, "weight_limit_kg", rack.weightLimitKg, 0, kMaxRackBudget);
        if (error)
            return *error;
        if (!ids.insert(rack.id).second)
            return errorAt(file, r.get("id"), "duplicate rack id '" + rack.id + "'");
        if (rack.xM.has_value() != rack.yM.has_value())
            return errorAt(file, &item, "rack '" + rack.id + "' needs both 'x_m' and 'y_m' (or neither)");
        if (catalog && !rack.part.empty()) {
            const Part *part = catalog->find(rack.part);
            if (!part)
                return errorAt(file, r.get("part"), "unknown rack part '" + rack.part + "' (see `cplan catalog list --kind rack`)");
            if (part->kind != PartKind::Rack)
                return errorAt(file, r.get("part"), "part '" + rack.part + "' is a " + toString(part->kind) + ", not a rack");
        }
        design.racks.push_back(std::move(rack));
    }
    return Ok{};
}

void writeRacks(std::string &out, const Design &design)
{
    if (design.racks.empty())
        return;
    out += "racks:\n";
    for (const Rack &rack : design.racks) {
        out += "  - {id: ";
        appendYamlScalar(out, rack.id);
        textField(out, "part", rack.part);
        if (rack.name != rack.id)
            textField(out, "name", rack.name);
        textField(out, "room", rack.room);
        textField(out, "row", rack.row);
        optionalField(out, "x_m", rack.xM);
        optionalField(out, "y_m", rack.yM);
        optionalField(out, "power_budget_w", rack.powerBudgetW);
        optionalField(out, "cooling_w", rack.coolingW);
        optionalField(out, "weight_limit_kg", rack.weightLimitKg);
        out += "}\n";
    }
}

int designFormatNeeded(const Design &design)
{
    if (design.extra.count(kGeneratorSection))
        return 5;
    if (design.settings.mtu)
        return 4;
    for (const Node &n : design.nodes)
        if (n.mtu)
            return 4;
    for (const Node &n : design.nodes)
        if (n.plane > 0)
            return 3;
    if (!design.racks.empty())
        return 2;
    for (const Node &n : design.nodes)
        if (n.u)
            return 2;
    return 1;
}

} // namespace cplan
