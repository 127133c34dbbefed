#include "catalog/catalogyaml.h"

#include "util/strings.h"

#include <yaml-cpp/yaml.h>

#include <charconv>

namespace cplan {

std::string formatNumber(double v)
{
    // std::to_chars gives the shortest text that reads back exactly, without an exponent for
    // everyday magnitudes ("100", "989.4", "0.1").
    char buf[64];
    auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v);
    return ec == std::errc() ? std::string(buf, end) : formatDouble(v);
}

namespace {

void emitNumber(YAML::Emitter &out, const char *key, const std::optional<double> &v)
{
    if (v)
        out << YAML::Key << key << YAML::Value << formatNumber(*v);
}

void emitText(YAML::Emitter &out, const char *key, const std::string &v)
{
    if (!v.empty())
        out << YAML::Key << key << YAML::Value << YAML::DoubleQuoted << v;
}

// An Ethernet part's breakout speeds and protocol (InfiniBand, the default, is not written).
void emitFabric(YAML::Emitter &out, const Part &p)
{
    if (!p.breakoutGbps.empty()) {
        out << YAML::Key << "breakout_gbps" << YAML::Value << YAML::Flow << YAML::BeginSeq;
        for (const double speed : p.breakoutGbps)
            out << formatNumber(speed);
        out << YAML::EndSeq;
    }
    if (p.protocol != Protocol::InfiniBand)
        out << YAML::Key << "protocol" << YAML::Value << toString(p.protocol);
}

void emitPart(YAML::Emitter &out, const Part &p)
{
    const Part defaults;
    out << YAML::BeginMap;
    out << YAML::Key << "id" << YAML::Value << p.id;
    out << YAML::Key << "kind" << YAML::Value << toString(p.kind);
    if (p.management)
        out << YAML::Key << "role" << YAML::Value << "management";
    emitText(out, "vendor", p.vendor);
    emitText(out, "model", p.model);
    if (p.partNumber)
        out << YAML::Key << "part_number" << YAML::Value << YAML::DoubleQuoted << *p.partNumber;
    emitText(out, "description", p.description);
    out << YAML::Key << "unit_price" << YAML::Value;
    if (p.unitPrice)
        out << formatNumber(*p.unitPrice);
    else
        out << YAML::Null;
    out << YAML::Key << "currency" << YAML::Value << p.currency;
    out << YAML::Key << "price_estimate" << YAML::Value << (p.priceEstimate ? "true" : "false");
    emitText(out, "price_source", p.priceSource);
    emitNumber(out, "power_w", p.powerW);
    emitNumber(out, "power_typical_w", p.powerTypicalW);
    emitNumber(out, "rack_units", p.rackUnits);
    emitNumber(out, "weight_kg", p.weightKg);
    if (p.rackScale)
        out << YAML::Key << "rack_scale" << YAML::Value << "true";
    out << YAML::Key << "sources" << YAML::Value << YAML::BeginSeq;
    for (const auto &s : p.sources)
        out << YAML::DoubleQuoted << s;
    out << YAML::EndSeq;
    if (p.ports != defaults.ports)
        out << YAML::Key << "ports" << YAML::Value << p.ports;
    emitNumber(out, "port_speed_gbps", p.portSpeedGbps);
    emitText(out, "speed_name", p.speedName);
    if (p.portsPerCage != defaults.portsPerCage)
        out << YAML::Key << "ports_per_cage" << YAML::Value << p.portsPerCage;
    emitText(out, "cage", p.cage);
    emitNumber(out, "split_speed_gbps", p.splitSpeedGbps);
    emitFabric(out, p);
    emitNumber(out, "port_latency_ns", p.portLatencyNs);
    if (p.sharp)
        out << YAML::Key << "sharp" << YAML::Value << *p.sharp;
    if (p.maxMtu)
        out << YAML::Key << "max_mtu" << YAML::Value << *p.maxMtu;
    emitText(out, "architecture", p.architecture);
    emitNumber(out, "memory_gb", p.memoryGB);
    emitNumber(out, "nvlink_gbps", p.nvlinkGBps);
    emitNumber(out, "bf16_tflops", p.bf16Tflops);
    emitNumber(out, "fp8_tflops", p.fp8Tflops);
    emitNumber(out, "hbm_tbps", p.hbmTBps);
    emitText(out, "gpu", p.gpu);
    if (p.gpuCount != defaults.gpuCount)
        out << YAML::Key << "gpu_count" << YAML::Value << p.gpuCount;
    emitText(out, "hca", p.hca);
    if (p.hcaCount != defaults.hcaCount)
        out << YAML::Key << "hca_count" << YAML::Value << p.hcaCount;
    if (p.nvlinkDomain)
        out << YAML::Key << "nvlink_domain" << YAML::Value << *p.nvlinkDomain;
    if (p.hcaSlots != defaults.hcaSlots)
        out << YAML::Key << "hca_slots" << YAML::Value << p.hcaSlots;
    if (p.media)
        out << YAML::Key << "media" << YAML::Value << toString(*p.media);
    emitNumber(out, "length_m", p.lengthM);
    emitNumber(out, "reach_m", p.reachM);
    emitNumber(out, "speed_gbps", p.speedGbps);
    if (p.linksPerEnd != defaults.linksPerEnd)
        out << YAML::Key << "links_per_end" << YAML::Value << p.linksPerEnd;
    if (p.needsTransceivers)
        out << YAML::Key << "needs_transceivers" << YAML::Value << "true";
    if (p.splitter)
        out << YAML::Key << "splitter" << YAML::Value << "true";
    emitText(out, "far_cage", p.farCage);
    emitText(out, "fiber_mode", p.fiberMode);
    emitNumber(out, "capacity_u", p.capacityU);
    emitNumber(out, "power_budget_w", p.powerBudgetW);
    if (p.imported)
        out << YAML::Key << "imported" << YAML::Value << "true";
    emitNumber(out, "cooling_w", p.coolingW);
    emitNumber(out, "max_load_kg", p.maxLoadKg);
    out << YAML::EndMap;
}

// yaml-cpp's double-quoted style escapes C0 and C1 controls and the byte order mark but writes
// DEL, LS, PS, U+FFFE and U+FFFF raw; YAML refuses DEL, U+FFFE and U+FFFF and folds LS and PS
// into line breaks, so a string holding one would not load back. Every free text is
// double-quoted and ids are checked characters, so these bytes can only sit inside a
// double-quoted scalar, where the escapes are valid.
std::string escapeRawControls(const char *yaml)
{
    std::string out;
    for (const char *c = yaml; *c; ++c) {
        if (*c == '\x7f')
            out += "\\x7f";
        else if (c[0] == '\xe2' && c[1] == '\x80' && (c[2] == '\xa8' || c[2] == '\xa9')) {
            out += c[2] == '\xa8' ? "\\L" : "\\P";
            c += 2;
        } else if (c[0] == '\xef' && c[1] == '\xbf' && (c[2] == '\xbe' || c[2] == '\xbf')) {   // U+FFFE, U+FFFF
            out += c[2] == '\xbe' ? "\\uFFFE" : "\\uFFFF";
            c += 2;
        } else
            out += *c;
    }
    return out + "\n";
}

} // namespace

std::string partToYaml(const Part &part)
{
    YAML::Emitter out;
    emitPart(out, part);
    return escapeRawControls(out.c_str());
}

std::string catalogToYaml(const std::vector<Part> &parts)
{
    YAML::Emitter out;
    out << YAML::BeginMap;
    out << YAML::Key << "format" << YAML::Value << kCatalogFormat;
    out << YAML::Key << "parts" << YAML::Value << YAML::BeginSeq;
    for (const auto &p : parts)
        emitPart(out, p);
    out << YAML::EndSeq << YAML::EndMap;
    return escapeRawControls(out.c_str());
}

} // namespace cplan
