#include "catalog/catalogyaml.h"

#include "catalog/partlimits.h"
#include "util/strings.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <charconv>
#include <limits>
#include <map>
#include <set>

namespace cplan {

namespace {

using namespace partlimits;

constexpr const char *kFormatPrefix = "cluster-planner-catalog/";
constexpr int kFormatVersion = 1;

// Thrown inside this file only, caught by readCatalogDocument and turned into an Error value.
struct ParseFailure
{
    Error error;
};

int markLine(const YAML::Mark &m) { return m.line >= 0 ? m.line + 1 : 0; }
int markColumn(const YAML::Mark &m) { return m.column >= 0 ? m.column + 1 : 0; }

// Reads the values of one catalog document strictly: types, bounds, and the text it may copy.
class PartReader
{
public:
    // `textBytes` is the size of the document: the text copied out of it into parts may not
    // exceed it, which stops YAML aliases from multiplying one long text into every part.
    PartReader(const std::string &file, std::size_t textBytes) : m_file(file), m_textBudget(textBytes + 4096) {}

    [[noreturn]] void fail(const YAML::Node &at, const std::string &message) const
    {
        throw ParseFailure{makeError(m_file, markLine(at.Mark()), markColumn(at.Mark()), message)};
    }

    PartOrigin originOf(const YAML::Node &at) const { return PartOrigin{m_file, markLine(at.Mark()), markColumn(at.Mark()), 0, 0, 0, 0}; }

    // " in part 'ID'": the figure checks name the part they are reading.
    const std::string &idText() const { return m_idForMessages; }
    void setPartId(const std::string *id) const { m_idForMessages = id ? " in part '" + *id + "'" : std::string(); }

    std::pair<Part, PartOrigin> read(const YAML::Node &map) const;

    static std::string typeName(const YAML::Node &v)
    {
        if (v.IsMap())
            return "a map";
        if (v.IsSequence())
            return "a list";
        if (v.IsNull())
            return "null";
        return "'" + v.Scalar() + "'";
    }

    std::string requiredString(const YAML::Node &v, const std::string &key) const
    {
        if (!v.IsScalar())
            fail(v, "'" + key + "' must be text, got " + typeName(v));
        spendText(v);
        return v.Scalar();
    }

    void spendText(const YAML::Node &v) const
    {
        const std::size_t n = v.Scalar().size();
        if (n > m_textBudget)
            fail(v, "the parts hold more text than the file itself (a YAML alias repeated too often?)");
        m_textBudget -= n;
    }

    std::string optString(const YAML::Node &v, const std::string &key) const
    {
        return v.IsNull() ? std::string() : requiredString(v, key);
    }

    // Infinity, NaN and numbers beyond a double, in the spellings YAML and C allow.
    static bool notFinite(std::string_view s)
    {
        s = trim(s);
        if (!s.empty() && (s[0] == '+' || s[0] == '-'))
            s.remove_prefix(1);
        if (!s.empty() && s[0] == '.')
            s.remove_prefix(1);
        std::string lower(s);
        for (auto &c : lower)
            c = char(std::tolower(static_cast<unsigned char>(c)));
        if (lower == "inf" || lower == "infinity" || lower == "nan")
            return true;
        double d = 0;
        auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), d);
        return ec == std::errc::result_out_of_range && p == s.data() + s.size();
    }

    std::optional<double> optNumber(const YAML::Node &v, const std::string &key) const
    {
        if (v.IsNull())
            return std::nullopt;
        auto d = v.IsScalar() ? parseDouble(v.Scalar()) : std::nullopt;
        if (!d && v.IsScalar() && notFinite(v.Scalar()))
            fail(v, "'" + key + "' must be a finite number" + m_idForMessages + ", got '" + v.Scalar() + "'");
        if (!d)
            fail(v, "'" + key + "' must be a number or null, got " + typeName(v));
        if (*d < 0)
            fail(v, "'" + key + "' must not be negative (" + v.Scalar() + ")");
        const double max = partlimits::maxOf(key);
        if (*d > max)
            fail(v, "'" + key + "' must be at most " + formatThousands(max) + m_idForMessages + ", got " + v.Scalar());
        return *d + 0.0;   // -0 reads as 0
    }

    int integer(const YAML::Node &v, const std::string &key, int minimum, int maximum) const
    {
        const std::string range = "from " + std::to_string(minimum) + " to " + std::to_string(maximum);
        const std::string_view t = v.IsScalar() ? trim(v.Scalar()) : std::string_view();
        long long i = 0;
        if (auto parsed = parseInt(t)) {
            i = *parsed;
        } else {
            // Digits too many for 64 bits are still a count, just a far too large one.
            const bool negative = !t.empty() && t[0] == '-';
            const std::string_view digits = t.substr(negative ? 1 : 0);
            const auto isDigit = [](char c) { return c >= '0' && c <= '9'; };
            if (digits.empty() || !std::all_of(digits.begin(), digits.end(), isDigit))
                fail(v, "'" + key + "' must be a whole number " + range + m_idForMessages + ", got " + typeName(v));
            i = negative ? std::numeric_limits<long long>::min() : std::numeric_limits<long long>::max();
        }
        if (i < minimum || i > maximum)
            fail(v, "'" + key + "' must be " + range + m_idForMessages + ", got " + v.Scalar());
        return int(i);
    }

    bool boolean(const YAML::Node &v, const std::string &key) const
    {
        if (v.IsScalar()) {
            const std::string &s = v.Scalar();
            if (s == "true")
                return true;
            if (s == "false")
                return false;
        }
        fail(v, "'" + key + "' must be true or false, got " + typeName(v));
    }

    std::vector<std::string> stringList(const YAML::Node &v, const std::string &key) const
    {
        std::vector<std::string> out;
        if (v.IsNull())
            return out;
        if (!v.IsSequence())
            fail(v, "'" + key + "' must be a list of text, got " + typeName(v));
        for (const auto &item : v) {
            if (!item.IsScalar())
                fail(item, "'" + key + "' must be a list of text, got " + typeName(item) + " in it");
            spendText(item);
            out.push_back(item.Scalar());
        }
        return out;
    }

    void checkId(const YAML::Node &v, const std::string &id) const
    {
        if (id.empty())
            fail(v, "'id' must not be empty");
        for (char c : id) {
            const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-'
                            || c == '_' || c == '.';
            if (!ok)
                fail(v, "id '" + id + "' may only hold letters, digits, '-', '_' and '.'");
        }
    }

    // The figures without which a part of this kind cannot be used at all.
    void checkKind(const YAML::Node &map, const Part &p) const
    {
        const std::string who = std::string(toString(p.kind)) + " '" + p.id + "'";
        if (p.management && p.kind != PartKind::GpuServer)
            fail(map, who + " cannot have role 'management' (a management appliance is a gpu_server)");
        switch (p.kind) {
        case PartKind::Switch:
        case PartKind::Hca:
            if (p.ports <= 0)
                fail(map, who + " needs 'ports' (at least 1)");
            if (!p.portSpeedGbps && !p.imported)   // a discovered port with no active link has no known speed
                fail(map, who + " needs 'port_speed_gbps'");
            break;
        case PartKind::Cable:
            if (!p.media)
                fail(map, who + " needs 'media' (dac, acc, aoc or fiber)");
            if (!p.lengthM)
                fail(map, who + " needs 'length_m'");
            if (!p.speedGbps)
                fail(map, who + " needs 'speed_gbps'");
            break;
        case PartKind::Transceiver:
            if (!p.speedGbps)
                fail(map, who + " needs 'speed_gbps'");
            break;
        case PartKind::GpuServer:
            if (p.gpuCount > 0 && p.gpu.empty())
                fail(map, who + " has gpu_count " + std::to_string(p.gpuCount) + " but names no 'gpu' part");
            if (p.hcaCount > 0 && p.hca.empty())
                fail(map, who + " has hca_count " + std::to_string(p.hcaCount) + " but names no 'hca' part");
            break;
        case PartKind::Gpu:
        case PartKind::Rack:
            break;
        }
    }

    const std::string &m_file;
    mutable std::size_t m_textBudget;
    mutable std::string m_idForMessages;
};

// --- the keys of a part --------------------------------------------------------------------------

// One key a part may have and how its value is read into the part.
struct PartField
{
    const char *key;
    void (*read)(const PartReader &r, const YAML::Node &v, const char *key, Part &part, PartOrigin &origin);
};

template<auto Member>
void text(const PartReader &r, const YAML::Node &v, const char *key, Part &p, PartOrigin &)
{
    p.*Member = r.optString(v, key);
}

template<auto Member>
void requiredText(const PartReader &r, const YAML::Node &v, const char *key, Part &p, PartOrigin &)
{
    p.*Member = r.requiredString(v, key);
}

template<auto Member>
void number(const PartReader &r, const YAML::Node &v, const char *key, Part &p, PartOrigin &)
{
    p.*Member = r.optNumber(v, key);
}

template<auto Member, int Minimum, int Maximum>
void count(const PartReader &r, const YAML::Node &v, const char *key, Part &p, PartOrigin &)
{
    p.*Member = r.integer(v, key, Minimum, Maximum);
}

// An optional whole number in [Minimum, Maximum]; null or absent: unknown.
template<auto Member, int Minimum, int Maximum>
void optionalCount(const PartReader &r, const YAML::Node &v, const char *key, Part &p, PartOrigin &)
{
    if (!v.IsNull())
        p.*Member = r.integer(v, key, Minimum, Maximum);
}

template<auto Member>
void flag(const PartReader &r, const YAML::Node &v, const char *key, Part &p, PartOrigin &)
{
    p.*Member = r.boolean(v, key);
}

void readId(const PartReader &r, const YAML::Node &v, const char *key, Part &p, PartOrigin &)
{
    p.id = r.requiredString(v, key);
    r.checkId(v, p.id);
}

void readKind(const PartReader &r, const YAML::Node &v, const char *key, Part &p, PartOrigin &)
{
    const std::string s = r.requiredString(v, key);
    auto kind = partKindFromString(s);
    if (!kind)
        r.fail(v, "unknown kind '" + s + "'" + r.idText() + " (expected gpu, gpu_server, hca, switch, cable, transceiver or rack)");
    p.kind = *kind;
}

void readRole(const PartReader &r, const YAML::Node &v, const char *key, Part &p, PartOrigin &)
{
    const std::string s = r.optString(v, key);
    if (s != "server" && s != "management" && !s.empty())
        r.fail(v, "unknown role '" + s + "'" + r.idText() + " (expected server or management)");
    p.management = s == "management";
}

void readPartNumber(const PartReader &r, const YAML::Node &v, const char *key, Part &p, PartOrigin &)
{
    if (!v.IsNull())
        p.partNumber = r.requiredString(v, key);
}

void readSources(const PartReader &r, const YAML::Node &v, const char *key, Part &p, PartOrigin &)
{
    p.sources = r.stringList(v, key);
}

void readGpu(const PartReader &r, const YAML::Node &v, const char *key, Part &p, PartOrigin &o)
{
    p.gpu = r.optString(v, key);
    o.gpuLine = markLine(v.Mark());
    o.gpuColumn = markColumn(v.Mark());
}

void readHca(const PartReader &r, const YAML::Node &v, const char *key, Part &p, PartOrigin &o)
{
    p.hca = r.optString(v, key);
    o.hcaLine = markLine(v.Mark());
    o.hcaColumn = markColumn(v.Mark());
}

void readArchitecture(const PartReader &r, const YAML::Node &v, const char *key, Part &p, PartOrigin &)
{
    p.architecture = r.optString(v, key);
    const std::string &a = p.architecture;
    if (!a.empty() && a != "volta" && a != "ampere" && a != "hopper" && a != "blackwell")
        r.fail(v, "unknown architecture '" + a + "'" + r.idText() + " (expected volta, ampere, hopper or blackwell)");
}

void readProtocol(const PartReader &r, const YAML::Node &v, const char *key, Part &p, PartOrigin &)
{
    const std::string s = v.IsNull() ? std::string("infiniband") : r.requiredString(v, key);
    const auto protocol = protocolFromString(s);
    if (!protocol)
        r.fail(v, "unknown protocol '" + s + "'" + r.idText() + " (expected infiniband or ethernet)");
    p.protocol = *protocol;
}

// A list of speeds, each a positive number no larger than the part's figures may be.
void readBreakout(const PartReader &r, const YAML::Node &v, const char *key, Part &p, PartOrigin &)
{
    p.breakoutGbps.clear();
    if (v.IsNull())
        return;
    if (!v.IsSequence() || v.size() > 8)
        r.fail(v, "'" + std::string(key) + "' must be a list of at most 8 speeds in Gb/s" + r.idText() + ", got " + PartReader::typeName(v));
    for (const YAML::Node &item : v) {
        const auto speed = r.optNumber(item, key);
        if (!speed || *speed <= 0)
            r.fail(item, "'" + std::string(key) + "' must list speeds above 0" + r.idText());
        p.breakoutGbps.push_back(*speed);
    }
}

void readMedia(const PartReader &r, const YAML::Node &v, const char *key, Part &p, PartOrigin &)
{
    if (v.IsNull())
        return;
    const std::string s = r.requiredString(v, key);
    p.media = cableMediaFromString(s);
    if (!p.media)
        r.fail(v, "unknown media '" + s + "'" + r.idText() + " (expected dac, acc, aoc or fiber)");
}

void readFiberMode(const PartReader &r, const YAML::Node &v, const char *key, Part &p, PartOrigin &)
{
    p.fiberMode = r.optString(v, key);
    if (!p.fiberMode.empty() && p.fiberMode != "mm" && p.fiberMode != "sm")
        r.fail(v, "fiber_mode must be 'mm' or 'sm', not '" + p.fiberMode + "'" + r.idText());
}

// Every key a part may have except `ports`, whose bound depends on the kind (read last).
constexpr PartField kPartFields[] = {
    {"id", readId},
    {"kind", readKind},
    {"role", readRole},
    {"vendor", text<&Part::vendor>},
    {"model", text<&Part::model>},
    {"part_number", readPartNumber},
    {"description", text<&Part::description>},
    {"unit_price", number<&Part::unitPrice>},
    {"currency", requiredText<&Part::currency>},
    {"price_estimate", flag<&Part::priceEstimate>},
    {"price_source", text<&Part::priceSource>},
    {"power_w", number<&Part::powerW>},
    {"power_typical_w", number<&Part::powerTypicalW>},
    {"rack_units", number<&Part::rackUnits>},
    {"weight_kg", number<&Part::weightKg>},
    {"rack_scale", flag<&Part::rackScale>},
    {"sources", readSources},
    {"port_speed_gbps", number<&Part::portSpeedGbps>},
    {"speed_name", text<&Part::speedName>},
    {"ports_per_cage", count<&Part::portsPerCage, 1, kMaxPortsPerCage>},
    {"cage", text<&Part::cage>},
    {"split_speed_gbps", number<&Part::splitSpeedGbps>},
    {"breakout_gbps", readBreakout},
    {"protocol", readProtocol},
    {"port_latency_ns", number<&Part::portLatencyNs>},
    {"sharp", optionalCount<&Part::sharp, 0, 4>},
    {"max_mtu", optionalCount<&Part::maxMtu, kMinMtu, kMaxMtu>},
    {"architecture", readArchitecture},
    {"memory_gb", number<&Part::memoryGB>},
    {"nvlink_gbps", number<&Part::nvlinkGBps>},
    {"bf16_tflops", number<&Part::bf16Tflops>},
    {"fp8_tflops", number<&Part::fp8Tflops>},
    {"hbm_tbps", number<&Part::hbmTBps>},
    {"gpu", readGpu},
    {"gpu_count", count<&Part::gpuCount, 0, kMaxGpusPerServer>},
    {"hca", readHca},
    {"hca_count", count<&Part::hcaCount, 0, kMaxHcasPerServer>},
    {"nvlink_domain", optionalCount<&Part::nvlinkDomain, 1, kMaxNvlinkDomain>},
    {"hca_slots", count<&Part::hcaSlots, 0, kMaxHcaSlots>},
    {"media", readMedia},
    {"length_m", number<&Part::lengthM>},
    {"reach_m", number<&Part::reachM>},
    {"speed_gbps", number<&Part::speedGbps>},
    {"links_per_end", count<&Part::linksPerEnd, 1, kMaxLinksPerEnd>},
    {"needs_transceivers", flag<&Part::needsTransceivers>},
    {"splitter", flag<&Part::splitter>},
    {"far_cage", text<&Part::farCage>},
    {"fiber_mode", readFiberMode},
    {"capacity_u", number<&Part::capacityU>},
    {"power_budget_w", number<&Part::powerBudgetW>},
    {"imported", flag<&Part::imported>},
    {"cooling_w", number<&Part::coolingW>},
    {"max_load_kg", number<&Part::maxLoadKg>},
};

const PartField *findField(const std::string &key)
{
    for (const PartField &f : kPartFields)
        if (key == f.key)
            return &f;
    return nullptr;
}

std::pair<Part, PartOrigin> PartReader::read(const YAML::Node &map) const
{
    if (!map.IsMap())
        fail(map, "a part must be a map of keys (id, kind, vendor, ...)");
    Part part;
    PartOrigin origin = originOf(map);
    std::set<std::string> seen;
    std::optional<YAML::Node> portsNode;
    setPartId(map["id"] && map["id"].IsScalar() ? &map["id"].Scalar() : nullptr);

    // Range-for keeps each entry alive: yaml-cpp 0.7's `it->` returns a proxy that dies
    // before its pair is read (AddressSanitizer: stack-use-after-scope).
    for (const auto &entry : map) {
        const YAML::Node keyNode = entry.first;
        const YAML::Node v = entry.second;
        if (!keyNode.IsScalar())
            fail(keyNode, "a part's keys must be plain names");
        const std::string key = keyNode.Scalar();
        if (!seen.insert(key).second)
            fail(keyNode, "duplicate key '" + key + "'" + idText());
        if (key == "ports")
            portsNode = v;
        else if (const PartField *field = findField(key))
            field->read(*this, v, field->key, part, origin);
        else
            fail(keyNode, "unknown key '" + key + "'" + idText());
    }
    if (!seen.count("id"))
        fail(map, "part has no 'id'");
    if (!seen.count("kind"))
        fail(map, "part '" + part.id + "' has no 'kind'");
    if (portsNode) {
        if (part.kind == PartKind::Hca)
            part.ports = integer(*portsNode, "ports", 1, kMaxHcaPorts);
        else
            part.ports = integer(*portsNode, "ports", part.kind == PartKind::Switch ? 1 : 0, kMaxSwitchPorts);
    }
    checkKind(map, part);
    return {std::move(part), std::move(origin)};
}

// --- the document ----------------------------------------------------------------------------------

void checkFormat(const PartReader &reader, const YAML::Node &v)
{
    const std::string f = v.IsScalar() ? v.Scalar() : std::string();
    if (f.rfind(kFormatPrefix, 0) != 0)
        reader.fail(v, "unknown format '" + f + "' (expected " + kCatalogFormat + ")");
    auto version = parseInt(std::string_view(f).substr(std::string_view(kFormatPrefix).size()));
    if (!version || *version < 1)
        reader.fail(v, "unknown format '" + f + "' (expected " + kCatalogFormat + ")");
    if (*version > kFormatVersion)
        reader.fail(v, "this catalog was written by a newer Cluster Planner (" + f + "); this version reads " + kCatalogFormat);
}

void readSettings(const PartReader &reader, const YAML::Node &settings, CatalogDocument &doc)
{
    if (settings.IsNull())
        return;
    if (!settings.IsMap())
        reader.fail(settings, "'settings' must be a map (default_rack)");
    for (const auto &entry : settings) {   // not `it->`, see PartReader::read
        const YAML::Node keyNode = entry.first;
        const YAML::Node v = entry.second;
        const std::string key = keyNode.IsScalar() ? keyNode.Scalar() : std::string();
        if (key != "default_rack")
            reader.fail(keyNode, "unknown key '" + key + "' in the catalog's settings (expected default_rack)");
        reader.setPartId(nullptr);
        doc.defaultRack = reader.requiredString(v, key);
        doc.defaultRackOrigin = reader.originOf(v);
    }
}

void readParts(const PartReader &reader, const YAML::Node &parts, CatalogDocument &doc,
               const std::function<const PartOrigin *(const std::string &)> &knownOrigin)
{
    if (!parts.IsNull() && !parts.IsSequence())
        reader.fail(parts, "'parts' must be a list of parts");
    std::map<std::string, std::size_t> inThisFile;
    for (const auto &node : parts) {
        auto entry = reader.read(node);
        const std::string &id = entry.first.id;
        if (auto dup = inThisFile.find(id); dup != inThisFile.end())
            reader.fail(node["id"], "duplicate part id '" + id + "' (first defined at " + originText(doc.parts[dup->second].second) + ")");
        if (const PartOrigin *o = knownOrigin ? knownOrigin(id) : nullptr)
            reader.fail(node["id"], "duplicate part id '" + id + "' (first defined at " + originText(*o) + ")");
        inThisFile.emplace(id, doc.parts.size());
        doc.parts.push_back(std::move(entry));
    }
}

} // namespace

std::string originText(const PartOrigin &o)
{
    if (o.file.empty())
        return "added in code";
    return o.file + (o.line > 0 ? ":" + std::to_string(o.line) : std::string());
}

Result<Part> partFromYaml(const std::string &text, const std::string &fileName, int firstLine)
{
    YAML::Node root;
    auto shifted = [&](int line) { return line > 0 ? line + firstLine - 1 : firstLine; };
    try {
        root = YAML::Load(text);
    } catch (const YAML::Exception &e) {
        return makeError(fileName, shifted(markLine(e.mark)), markColumn(e.mark), "YAML syntax error: " + e.msg);
    }
    try {
        PartReader reader(fileName, text.size());
        return reader.read(root).first;
    } catch (const ParseFailure &f) {
        Error e = f.error;
        e.line = shifted(e.line);
        return e;
    } catch (const YAML::Exception &e) {
        return makeError(fileName, shifted(markLine(e.mark)), markColumn(e.mark), e.msg);
    }
}

Result<CatalogDocument> readCatalogDocument(const std::string &text, const std::string &fileName,
                                            const std::function<const PartOrigin *(const std::string &id)> &knownOrigin)
{
    YAML::Node root;
    try {
        root = YAML::Load(text);
    } catch (const YAML::Exception &e) {
        return makeError(fileName, markLine(e.mark), markColumn(e.mark), "YAML syntax error: " + e.msg);
    }
    CatalogDocument doc;
    try {
        PartReader reader(fileName, text.size());
        if (!root.IsMap())
            reader.fail(root, "a catalog file is a map with 'format: " + std::string(kCatalogFormat) + "' and 'parts:'");
        std::optional<YAML::Node> parts;
        bool haveFormat = false;
        for (const auto &entry : root) {         // not `it->`, see PartReader::read
            const YAML::Node keyNode = entry.first;
            const YAML::Node v = entry.second;
            const std::string key = keyNode.IsScalar() ? keyNode.Scalar() : std::string();
            if (key == "format")
                checkFormat(reader, v), haveFormat = true;
            else if (key == "settings")
                readSettings(reader, v, doc);
            else if (key == "parts")
                parts = v;
            else
                reader.fail(keyNode, "unknown key '" + key + "' at the top of a catalog file (expected format, settings, parts)");
        }
        if (!haveFormat)
            reader.fail(root, "missing 'format: " + std::string(kCatalogFormat) + "'");
        if (!parts)
            reader.fail(root, "missing 'parts:'");
        readParts(reader, *parts, doc, knownOrigin);
    } catch (const ParseFailure &f) {
        return f.error;
    } catch (const YAML::Exception &e) {
        return makeError(fileName, markLine(e.mark), markColumn(e.mark), e.msg);
    }
    return doc;
}

} // namespace cplan
