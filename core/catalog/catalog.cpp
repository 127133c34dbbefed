#include "catalog/catalog.h"

#include "catalog/userstore.h"
#include "model/design.h"
#include "util/atomicfile.h"
#include "util/strings.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <limits>
#include <set>
#include <tuple>

namespace cplan {

namespace {

namespace fs = std::filesystem;

constexpr const char *kFormatPrefix = "cluster-planner-catalog/";
constexpr int kFormatVersion = 1;

// Upper bounds on the figures of a part. Counts size the ports, HCAs and GPUs that designs,
// fabrics and routing tables allocate for every node made of the part, so an absurd count must
// stop here, not in an allocation. Each bound is far above any real part (figures from
// ../shared/reference/hardware.md) and below what the code that uses it can hold.
//
// Ports of a switch: InfiniBand numbers a switch's ports with one byte (1..254; 255 means
// "no port" in forwarding tables), our routing tables store ports as std::uint8_t, and the
// ibnetdiscover import refuses more than 254. The largest switch we know, the Quantum-X800
// Q3400, has 144 (hardware.md §2); a modular chassis shows up as several switches.
constexpr int kMaxSwitchPorts = 254;
// Ports of one HCA: real adapters have 1 or 2 (ConnectX-6/7, BlueField-3; hardware.md §3).
constexpr int kMaxHcaPorts = 16;
// Logical ports per cage and links per cable end: an OSFP or QSFP-DD cage has 8 electrical
// lanes, so it cannot carry more than 8 ports. Real parts: 2 (twin-port OSFP on the QM9700),
// 4 NDR200 through twin-port optics and 1:2 splitter fibres (hardware.md §2, §5).
constexpr int kMaxPortsPerCage = 8;
constexpr int kMaxLinksPerEnd = 8;
// GPUs in one gpu_server and in one NVLink domain: 8 in a DGX, 72 in a GB200 NVL72 rack
// modelled as one system (hardware.md §1e, §4a); 1024 leaves room for larger NVLink domains.
// HCAs: kMaxHcasPerServer (model/design.h).
constexpr int kMaxGpusPerServer = 1024;
constexpr int kMaxNvlinkDomain = 1024;
// Free PCIe slots for adding HCAs: real servers have a handful (2 on our generic servers); a
// design node lists at most kMaxHcasPerServer.
constexpr int kMaxHcaSlots = 64;

// Upper bounds on figures that are not counts. Nothing is allocated from them, but sums and
// ratios (BOM totals, power, cost per GPU) must stay finite and meaningful.
struct NumberLimit
{
    const char *key;
    double max;
};
constexpr NumberLimit kNumberLimits[] = {
    // Any currency: the dearest part we know is a DGX H100 at USD 199,000 (hardware.md §6);
    // 1e12 leaves room for a rack-scale system priced in a currency of 10,000 per dollar.
    {"unit_price", 1e12},
    // A GB200 NVL72 rack draws about 150 kW (1.2 MW per 8-rack SU, hardware.md §1e).
    {"power_w", 1e6},
    {"power_budget_w", 1e6},
    // Standard racks are 42-58 U; a DGX B200 is 10 U (hardware.md §4a).
    {"rack_units", 100},
    {"capacity_u", 100},
    // XDR at 800 Gb/s is the fastest port we know (hardware.md §2).
    {"port_speed_gbps", 10'000},
    {"split_speed_gbps", 10'000},
    {"speed_gbps", 10'000},
    // Switch ports switch in under 150 ns, adapters in under 600 ns (hardware.md §2, §3).
    {"port_latency_ns", 1e6},
    // A B200 has 192 GB, 1.8 TB/s of NVLink and 2,250 dense BF16 TFLOPS (hardware.md §4b).
    {"memory_gb", 100'000},
    {"nvlink_gbps", 100'000},
    {"bf16_tflops", 1e6},
    // Single-mode optics reach 2 km (hardware.md §5); designs allow links up to 100 km too.
    {"length_m", 100'000},
    {"reach_m", 100'000},
};

// Thrown inside this file only, caught by parseDocument and turned into an Error value.
struct ParseFailure
{
    Error error;
};

int markLine(const YAML::Mark &m) { return m.line >= 0 ? m.line + 1 : 0; }
int markColumn(const YAML::Mark &m) { return m.column >= 0 ? m.column + 1 : 0; }

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

    std::pair<Part, PartOrigin> read(const YAML::Node &map) const
    {
        if (!map.IsMap())
            fail(map, "a part must be a map of keys (id, kind, vendor, ...)");

        Part part;
        PartOrigin origin{m_file, markLine(map.Mark()), markColumn(map.Mark()), 0, 0, 0, 0};
        bool haveId = false;
        bool haveKind = false;
        std::set<std::string> seen;
        std::optional<YAML::Node> portsNode;
        std::string &idForMessages = m_idForMessages;   // the figure checks name the part too
        idForMessages.clear();
        if (map["id"] && map["id"].IsScalar())
            idForMessages = " in part '" + map["id"].Scalar() + "'";

        // Range-for keeps each entry alive: yaml-cpp 0.7's `it->` returns a proxy that dies
        // before its pair is read (AddressSanitizer: stack-use-after-scope).
        for (const auto &entry : map) {
            const YAML::Node keyNode = entry.first;
            const YAML::Node v = entry.second;
            if (!keyNode.IsScalar())
                fail(keyNode, "a part's keys must be plain names");
            const std::string key = keyNode.Scalar();
            if (!seen.insert(key).second)
                fail(keyNode, "duplicate key '" + key + "'" + idForMessages);

            if (key == "id") {
                part.id = requiredString(v, key);
                checkId(v, part.id);
                haveId = true;
            } else if (key == "kind") {
                const std::string s = requiredString(v, key);
                auto kind = partKindFromString(s);
                if (!kind)
                    fail(v, "unknown kind '" + s + "'" + idForMessages
                                + " (expected gpu, gpu_server, hca, switch, cable, transceiver or rack)");
                part.kind = *kind;
                haveKind = true;
            } else if (key == "vendor") {
                part.vendor = optString(v, key);
            } else if (key == "model") {
                part.model = optString(v, key);
            } else if (key == "part_number") {
                if (!v.IsNull())
                    part.partNumber = requiredString(v, key);
            } else if (key == "description") {
                part.description = optString(v, key);
            } else if (key == "unit_price") {
                part.unitPrice = optNumber(v, key);
            } else if (key == "currency") {
                part.currency = requiredString(v, key);
            } else if (key == "price_estimate") {
                part.priceEstimate = boolean(v, key);
            } else if (key == "price_source") {
                part.priceSource = optString(v, key);
            } else if (key == "power_w") {
                part.powerW = optNumber(v, key);
            } else if (key == "rack_units") {
                part.rackUnits = optNumber(v, key);
            } else if (key == "sources") {
                part.sources = stringList(v, key);
            } else if (key == "ports") {
                portsNode = v;   // read below: the bound depends on the kind
            } else if (key == "port_speed_gbps") {
                part.portSpeedGbps = optNumber(v, key);
            } else if (key == "speed_name") {
                part.speedName = optString(v, key);
            } else if (key == "ports_per_cage") {
                part.portsPerCage = integer(v, key, 1, kMaxPortsPerCage);
            } else if (key == "cage") {
                part.cage = optString(v, key);
            } else if (key == "split_speed_gbps") {
                part.splitSpeedGbps = optNumber(v, key);
            } else if (key == "port_latency_ns") {
                part.portLatencyNs = optNumber(v, key);
            } else if (key == "memory_gb") {
                part.memoryGB = optNumber(v, key);
            } else if (key == "nvlink_gbps") {
                part.nvlinkGBps = optNumber(v, key);
            } else if (key == "bf16_tflops") {
                part.bf16Tflops = optNumber(v, key);
            } else if (key == "gpu") {
                part.gpu = optString(v, key);
                origin.gpuLine = markLine(v.Mark());
                origin.gpuColumn = markColumn(v.Mark());
            } else if (key == "gpu_count") {
                part.gpuCount = integer(v, key, 0, kMaxGpusPerServer);
            } else if (key == "hca") {
                part.hca = optString(v, key);
                origin.hcaLine = markLine(v.Mark());
                origin.hcaColumn = markColumn(v.Mark());
            } else if (key == "hca_count") {
                part.hcaCount = integer(v, key, 0, kMaxHcasPerServer);
            } else if (key == "nvlink_domain") {
                if (!v.IsNull())
                    part.nvlinkDomain = integer(v, key, 1, kMaxNvlinkDomain);
            } else if (key == "hca_slots") {
                part.hcaSlots = integer(v, key, 0, kMaxHcaSlots);
            } else if (key == "media") {
                if (!v.IsNull()) {
                    const std::string s = requiredString(v, key);
                    part.media = cableMediaFromString(s);
                    if (!part.media)
                        fail(v, "unknown media '" + s + "'" + idForMessages + " (expected dac, acc, aoc or fiber)");
                }
            } else if (key == "length_m") {
                part.lengthM = optNumber(v, key);
            } else if (key == "reach_m") {
                part.reachM = optNumber(v, key);
            } else if (key == "speed_gbps") {
                part.speedGbps = optNumber(v, key);
            } else if (key == "links_per_end") {
                part.linksPerEnd = integer(v, key, 1, kMaxLinksPerEnd);
            } else if (key == "needs_transceivers") {
                part.needsTransceivers = boolean(v, key);
            } else if (key == "splitter") {
                part.splitter = boolean(v, key);
            } else if (key == "far_cage") {
                part.farCage = optString(v, key);
            } else if (key == "fiber_mode") {
                part.fiberMode = optString(v, key);
                if (!part.fiberMode.empty() && part.fiberMode != "mm" && part.fiberMode != "sm")
                    fail(v, "fiber_mode must be 'mm' or 'sm', not '" + part.fiberMode + "'" + idForMessages);
            } else if (key == "capacity_u") {
                part.capacityU = optNumber(v, key);
            } else if (key == "power_budget_w") {
                part.powerBudgetW = optNumber(v, key);
            } else {
                fail(keyNode, "unknown key '" + key + "'" + idForMessages);
            }
        }
        if (!haveId)
            fail(map, "part has no 'id'");
        if (!haveKind)
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

private:
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

    static double maxOf(const std::string &key)
    {
        for (const auto &limit : kNumberLimits)
            if (key == limit.key)
                return limit.max;
        return 1e15;   // a key without its own bound still gets one
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
        const double max = maxOf(key);
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
        switch (p.kind) {
        case PartKind::Switch:
        case PartKind::Hca:
            if (p.ports <= 0)
                fail(map, who + " needs 'ports' (at least 1)");
            if (!p.portSpeedGbps)
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

std::string originText(const PartOrigin &o)
{
    if (o.file.empty())
        return "added in code";
    return o.file + (o.line > 0 ? ":" + std::to_string(o.line) : std::string());
}

std::string upper(std::string s)
{
    for (auto &c : s)
        c = char(std::toupper(static_cast<unsigned char>(c)));
    return s;
}

bool sameSpeed(const std::optional<double> &a, double b)
{
    return a && std::fabs(*a - b) < 1e-6;
}

} // namespace

// --- loading --------------------------------------------------------------------------------

Result<Catalog> Catalog::loadDirectory(const std::string &dir)
{
    std::error_code ec;
    if (!fs::is_directory(dir, ec))
        return makeError(dir, 0, 0, "catalog folder not found");
    std::vector<fs::path> files;
    for (const auto &entry : fs::directory_iterator(dir, ec)) {
        const auto ext = entry.path().extension().string();
        if (entry.is_regular_file() && (ext == ".yaml" || ext == ".yml"))
            files.push_back(entry.path());
    }
    if (ec)
        return makeError(dir, 0, 0, "cannot list the catalog folder: " + ec.message());
    if (files.empty())
        return makeError(dir, 0, 0, "the catalog folder holds no *.yaml files");
    std::sort(files.begin(), files.end());

    Catalog catalog;
    for (const auto &f : files) {
        auto text = readFile(f.string());
        if (!text)
            return text.error();
        auto st = catalog.parseDocument(*text, f.string(), Merge::RejectDuplicates);
        if (!st)
            return st.error();
    }
    auto refs = catalog.checkReferences();
    if (!refs)
        return refs.error();
    return catalog;
}

Status Catalog::loadYaml(const std::string &text, const std::string &fileName)
{
    Catalog copy = *this;   // all or nothing: a failed reference check leaves *this alone
    auto st = copy.parseDocument(text, fileName, Merge::RejectDuplicates);
    if (!st)
        return st;
    auto refs = copy.checkReferences();
    if (!refs)
        return refs;
    *this = std::move(copy);
    return Ok{};
}

Status Catalog::overlayYaml(const std::string &text, const std::string &fileName)
{
    return parseDocument(text, fileName, Merge::Override);
}

Status Catalog::parseDocument(const std::string &text, const std::string &fileName, Merge merge)
{
    YAML::Node root;
    try {
        root = YAML::Load(text);
    } catch (const YAML::Exception &e) {
        return makeError(fileName, markLine(e.mark), markColumn(e.mark), "YAML syntax error: " + e.msg);
    }

    std::vector<std::pair<Part, PartOrigin>> parsed;
    try {
        PartReader reader(fileName, text.size());
        if (!root.IsMap())
            reader.fail(root, "a catalog file is a map with 'format: " + std::string(kCatalogFormat) + "' and 'parts:'");
        YAML::Node parts;
        bool haveFormat = false;
        bool haveParts = false;
        for (const auto &entry : root) {         // not `it->`, see PartReader::read
            const YAML::Node keyNode = entry.first;
            const YAML::Node v = entry.second;
            const std::string key = keyNode.IsScalar() ? keyNode.Scalar() : std::string();
            if (key == "format") {
                haveFormat = true;
                const std::string f = v.IsScalar() ? v.Scalar() : std::string();
                if (f.rfind(kFormatPrefix, 0) != 0)
                    reader.fail(v, "unknown format '" + f + "' (expected " + kCatalogFormat + ")");
                auto version = parseInt(std::string_view(f).substr(std::string_view(kFormatPrefix).size()));
                if (!version || *version < 1)
                    reader.fail(v, "unknown format '" + f + "' (expected " + kCatalogFormat + ")");
                if (*version > kFormatVersion)
                    reader.fail(v, "this catalog was written by a newer Cluster Planner (" + f
                                       + "); this version reads " + kCatalogFormat);
            } else if (key == "parts") {
                parts = v;
                haveParts = true;
            } else {
                reader.fail(keyNode, "unknown key '" + key + "' at the top of a catalog file (expected format, parts)");
            }
        }
        if (!haveFormat)
            reader.fail(root, "missing 'format: " + std::string(kCatalogFormat) + "'");
        if (!haveParts)
            reader.fail(root, "missing 'parts:'");
        if (!parts.IsNull() && !parts.IsSequence())
            reader.fail(parts, "'parts' must be a list of parts");

        std::map<std::string, std::size_t> inThisFile;
        for (const auto &node : parts) {
            auto entry = reader.read(node);
            const std::string &id = entry.first.id;
            if (auto dup = inThisFile.find(id); dup != inThisFile.end())
                reader.fail(node["id"], "duplicate part id '" + id + "' (first defined at "
                                            + originText(parsed[dup->second].second) + ")");
            if (merge == Merge::RejectDuplicates) {
                if (const PartOrigin *o = origin(id))
                    reader.fail(node["id"], "duplicate part id '" + id + "' (first defined at " + originText(*o) + ")");
            }
            inThisFile.emplace(id, parsed.size());
            parsed.push_back(std::move(entry));
        }
    } catch (const ParseFailure &f) {
        return f.error;
    } catch (const YAML::Exception &e) {
        return makeError(fileName, markLine(e.mark), markColumn(e.mark), e.msg);
    }

    for (auto &[part, origin] : parsed)
        put(std::move(part), std::move(origin));
    return Ok{};
}

Status Catalog::checkReferences() const
{
    for (std::size_t i = 0; i < m_parts.size(); ++i) {
        const Part &p = m_parts[i];
        if (p.kind != PartKind::GpuServer)
            continue;
        const PartOrigin &o = m_origins[i];
        auto check = [&](const std::string &ref, PartKind want, const char *key, int line, int column) -> Status {
            if (ref.empty())
                return Ok{};
            const Part *target = find(ref);
            if (!target)
                return makeError(o.file, line, column,
                                 "server '" + p.id + "' names " + key + " '" + ref + "', which is not in the catalog");
            if (target->kind != want)
                return makeError(o.file, line, column,
                                 "server '" + p.id + "' names " + key + " '" + ref + "', which is a "
                                     + toString(target->kind) + ", not a " + toString(want));
            return Ok{};
        };
        if (auto st = check(p.gpu, PartKind::Gpu, "gpu", o.gpuLine, o.gpuColumn); !st)
            return st;
        if (auto st = check(p.hca, PartKind::Hca, "hca", o.hcaLine, o.hcaColumn); !st)
            return st;
    }
    return Ok{};
}

// --- lookups ---------------------------------------------------------------------------------

const Part *Catalog::find(const std::string &id) const
{
    auto it = m_index.find(id);
    return it == m_index.end() ? nullptr : &m_parts[it->second];
}

const PartOrigin *Catalog::origin(const std::string &id) const
{
    auto it = m_index.find(id);
    return it == m_index.end() ? nullptr : &m_origins[it->second];
}

std::vector<const Part *> Catalog::partsOfKind(PartKind kind) const
{
    std::vector<const Part *> out;
    for (const auto &p : m_parts) {
        if (p.kind == kind)
            out.push_back(&p);
    }
    return out;
}

void Catalog::addOrReplace(Part part)
{
    put(std::move(part), PartOrigin{});
}

bool Catalog::overridePrice(const std::string &id, double unitPrice, const std::string &currency,
                            const std::string &priceSource, bool estimate)
{
    auto it = m_index.find(id);
    if (it == m_index.end())
        return false;
    Part &p = m_parts[it->second];
    p.unitPrice = unitPrice;
    p.currency = currency;
    p.priceSource = priceSource;
    p.priceEstimate = estimate;
    return true;
}

void Catalog::put(Part part, PartOrigin origin)
{
    auto it = m_index.find(part.id);
    if (it != m_index.end()) {
        m_parts[it->second] = std::move(part);
        m_origins[it->second] = std::move(origin);
        return;
    }
    m_index.emplace(part.id, m_parts.size());
    m_parts.push_back(std::move(part));
    m_origins.push_back(std::move(origin));
}

const Part *Catalog::chooseCable(double speedGbps, double lengthM) const
{
    return chooseCable(CableQuery{speedGbps, lengthM, {}, {}});
}

const Part *Catalog::chooseCable(const CableQuery &q) const
{
    auto mediaRank = [](CableMedia m) {
        switch (m) {
        case CableMedia::Dac: return 0;
        case CableMedia::Acc: return 1;
        case CableMedia::Aoc: return 2;
        case CableMedia::Fiber: return 3;
        }
        return 4;
    };
    auto cagesMatch = [&](const Part &p) {
        const std::string a = upper(p.cage);
        const std::string b = upper(p.farCage.empty() ? p.cage : p.farCage);
        const std::string qa = upper(q.cageA), qb = upper(q.cageB);
        if (qa.empty() && qb.empty())
            return true;
        if (qb.empty())
            return qa == a || qa == b;
        if (qa.empty())
            return qb == a || qb == b;
        return (qa == a && qb == b) || (qa == b && qb == a);
    };

    const Part *best = nullptr;
    std::tuple<int, int, double, double, std::size_t> bestKey{};
    for (std::size_t i = 0; i < m_parts.size(); ++i) {
        const Part &p = m_parts[i];
        if (p.kind != PartKind::Cable || !p.media || !p.lengthM || !sameSpeed(p.speedGbps, q.speedGbps))
            continue;
        if (*p.lengthM + 1e-9 < q.lengthM || (p.reachM && *p.reachM + 1e-9 < q.lengthM))
            continue;
        if (!cagesMatch(p))
            continue;
        if (!q.splitterAllowed && p.splitter)
            continue;
        auto key = std::make_tuple(mediaRank(*p.media), p.unitPrice ? 0 : 1, p.unitPrice.value_or(0.0), *p.lengthM, i);
        if (!best || key < bestKey) {
            best = &p;
            bestKey = key;
        }
    }
    return best;
}

const Part *Catalog::chooseTransceiver(double speedGbps, int linksPerEnd) const
{
    const Part *best = nullptr;
    std::tuple<int, double, double, std::size_t> bestKey{};
    for (std::size_t i = 0; i < m_parts.size(); ++i) {
        const Part &p = m_parts[i];
        if (p.kind != PartKind::Transceiver || !sameSpeed(p.speedGbps, speedGbps) || p.linksPerEnd != linksPerEnd)
            continue;
        auto key = std::make_tuple(p.unitPrice ? 0 : 1, p.unitPrice.value_or(0.0), -p.reachM.value_or(0.0), i);
        if (!best || key < bestKey) {
            best = &p;
            bestKey = key;
        }
    }
    return best;
}

const Part *Catalog::chooseTransceiver(double speedGbps, int linksPerEnd, const Part &fiber) const
{
    const Part *best = nullptr;
    std::tuple<int, double, double, std::size_t> bestKey{};
    for (std::size_t i = 0; i < m_parts.size(); ++i) {
        const Part &p = m_parts[i];
        if (p.kind != PartKind::Transceiver || !sameSpeed(p.speedGbps, speedGbps) || p.linksPerEnd != linksPerEnd)
            continue;
        if (!fiber.fiberMode.empty() && p.fiberMode != fiber.fiberMode)
            continue;
        if (fiber.lengthM && p.reachM && *p.reachM + 1e-9 < *fiber.lengthM)
            continue;
        // Shortest reach that does the job: the cheaper optics, as a rule.
        auto key = std::make_tuple(p.unitPrice ? 0 : 1, p.unitPrice.value_or(0.0), p.reachM.value_or(1e12), i);
        if (!best || key < bestKey) {
            best = &p;
            bestKey = key;
        }
    }
    return best;
}

// --- where things live -------------------------------------------------------------------------

std::string Catalog::builtinDirectory()
{
    if (const char *env = std::getenv("CPLAN_CATALOG_DIR"); env && *env)
        return env;
    std::error_code ec;
    const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    if (!ec) {
        const fs::path installed = exe.parent_path() / ".." / "share" / "cluster-planner" / "catalog";
        if (fs::is_directory(installed, ec))
            return fs::weakly_canonical(installed, ec).string();
    }
    return CPLAN_BUILTIN_CATALOG_DIR;
}

Result<Catalog> loadCatalog(const std::string &storePath)
{
    auto catalog = Catalog::loadDirectory(Catalog::builtinDirectory());
    if (!catalog)
        return catalog;
    const std::string path = storePath.empty() ? UserStore::defaultPath() : storePath;
    std::error_code ec;
    if (!fs::exists(path, ec))
        return catalog;   // nothing stored yet; the store is created on the first write
    auto store = UserStore::open(path);
    if (!store)
        return store.error();
    if (store->recoveredWarning())
        catalog->addLoadWarning(*store->recoveredWarning());
    if (auto st = store->applyTo(*catalog); !st)
        return st.error();
    if (auto st = catalog->checkReferences(); !st)
        return st.error();
    return catalog;
}

// --- writing ------------------------------------------------------------------------------------

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

void emitPart(YAML::Emitter &out, const Part &p)
{
    const Part defaults;
    out << YAML::BeginMap;
    out << YAML::Key << "id" << YAML::Value << p.id;
    out << YAML::Key << "kind" << YAML::Value << toString(p.kind);
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
    emitNumber(out, "rack_units", p.rackUnits);
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
    emitNumber(out, "port_latency_ns", p.portLatencyNs);
    emitNumber(out, "memory_gb", p.memoryGB);
    emitNumber(out, "nvlink_gbps", p.nvlinkGBps);
    emitNumber(out, "bf16_tflops", p.bf16Tflops);
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
    out << YAML::EndMap;
}

} // namespace

std::string partToYaml(const Part &part)
{
    YAML::Emitter out;
    emitPart(out, part);
    return std::string(out.c_str()) + "\n";
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
    return std::string(out.c_str()) + "\n";
}

} // namespace cplan
