#include "reliability/failurerates.h"

#include "io/yamldom.h"
#include "io/yamlmapreader.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace fs = std::filesystem;

namespace cplan::reliability {

namespace {

constexpr const char *kFormat = "cluster-planner-failure-rates/1";

struct UnitName { Unit unit; const char *name; };
constexpr UnitName kUnits[] = {{Unit::Gpu, "gpu"}, {Unit::Server, "server"}, {Unit::Hca, "hca"},
                               {Unit::Link, "link"}, {Unit::Switch, "switch"}};
struct SpareName { SpareKind kind; const char *name; };
constexpr SpareName kSpares[] = {{SpareKind::None, "none"}, {SpareKind::Server, "server"}, {SpareKind::Hca, "hca"},
                                 {SpareKind::Cable, "cable"}, {SpareKind::Switch, "switch"}};

std::string unitNames()
{
    std::string s;
    for (const UnitName &u : kUnits)
        s += (s.empty() ? "" : ", ") + std::string(u.name);
    return s;
}

std::string spareNames()
{
    std::string s;
    for (const SpareName &k : kSpares)
        s += (s.empty() ? "" : ", ") + std::string(k.name);
    return s;
}

bool validId(const std::string &id)
{
    if (id.empty() || id.size() > 64)
        return false;
    return std::all_of(id.begin(), id.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
    });
}

void readClass(const YamlNode &node, const std::string &file, std::optional<Error> &error, FailurePreset &preset)
{
    MapReader r(node, file, "a failure class", error);
    r.allowOnly({"id", "name", "per", "rate_per_device_year", "spare", "source"});
    FailureClass c;
    c.line = node.line;
    r.string("id", c.id, true);
    if (r.ok() && !validId(c.id))
        r.fail(*r.get("id"), "class id '" + c.id + "' must be 1-64 characters a-z, 0-9, '_' or '-'");
    for (const FailureClass &other : preset.classes)
        if (r.ok() && other.id == c.id)
            r.fail(*r.get("id"), "class '" + c.id + "' appears twice (first on line " + std::to_string(other.line) + ")");
    r.string("name", c.name);
    std::string per;
    if (r.string("per", per, true)) {
        const auto *u = std::find_if(std::begin(kUnits), std::end(kUnits), [&](const UnitName &n) { return per == n.name; });
        if (u == std::end(kUnits))
            r.fail(*r.get("per"), "'per' must be one of " + unitNames() + ", not '" + per + "'");
        else
            c.per = u->unit;
    }
    if (r.ok() && !r.get("rate_per_device_year"))
        r.fail(node, "class '" + c.id + "' has no 'rate_per_device_year' (write null when it is not known)");
    if (r.optionalNumber("rate_per_device_year", c.ratePerDeviceYear) &&
        !(*c.ratePerDeviceYear >= 0 && *c.ratePerDeviceYear <= kMaxRatePerDeviceYear))
        r.fail(*r.get("rate_per_device_year"), "'rate_per_device_year' is out of range (0 to 1000)");
    std::string spare = "none";
    if (r.string("spare", spare)) {
        const auto *k = std::find_if(std::begin(kSpares), std::end(kSpares), [&](const SpareName &n) { return spare == n.name; });
        if (k == std::end(kSpares))
            r.fail(*r.get("spare"), "'spare' must be one of " + spareNames() + ", not '" + spare + "'");
        else
            c.spare = k->kind;
    }
    r.string("source", c.source);
    if (c.name.empty())
        c.name = c.id;
    if (r.ok())
        preset.classes.push_back(std::move(c));
}

void readObserved(const YamlNode &node, const std::string &file, std::optional<Error> &error, FailurePreset &p)
{
    MapReader r(node, file, "'observed'", error);
    r.allowOnly({"days", "gpus", "servers", "interruptions"});
    const std::pair<const char *, std::optional<double> *> fields[] = {
        {"days", &p.observedDays}, {"gpus", &p.observedGpus}, {"servers", &p.observedServers},
        {"interruptions", &p.observedInterruptions}};
    for (const auto &[key, out] : fields) {
        long long v = 0;
        if (r.integer(key, v, 1, 100'000'000))
            *out = double(v);
    }
}

} // namespace

const char *toString(Unit u)
{
    for (const UnitName &n : kUnits)
        if (n.unit == u)
            return n.name;
    return "?";
}

const char *toString(SpareKind s)
{
    for (const SpareName &n : kSpares)
        if (n.kind == s)
            return n.name;
    return "?";
}

Result<FailurePreset> parseFailurePreset(std::string_view text, const std::string &file)
{
    auto doc = parseYaml(text, file);
    if (!doc)
        return doc.error();
    std::optional<Error> error;
    FailurePreset p;
    p.file = file;
    MapReader r(*doc, file, "a failure-rate preset", error);
    r.allowOnly({"format", "id", "name", "source", "date", "observed", "classes"});
    std::string format;
    if (r.string("format", format, true) && format != kFormat)
        r.fail(*r.get("format"), "unknown format '" + format + "' (this version reads " + kFormat + ")");
    r.string("id", p.id, true);
    if (r.ok() && !validId(p.id))
        r.fail(*r.get("id"), "preset id '" + p.id + "' must be 1-64 characters a-z, 0-9, '_' or '-'");
    r.string("name", p.name);
    r.string("source", p.source, true);
    r.string("date", p.date);
    if (const YamlNode *o = r.get("observed"); r.ok() && o && !o->isNull())
        readObserved(*o, file, error, p);
    const YamlNode *classes = r.get("classes");
    if (r.ok() && (!classes || !classes->isSequence() || classes->items.empty()))
        r.fail(classes ? *classes : *doc, "'classes' must be a list of failure classes");
    if (r.ok() && classes->items.size() > kMaxFailureClasses)
        r.fail(*classes, "more than " + std::to_string(kMaxFailureClasses) + " failure classes");
    for (std::size_t i = 0; r.ok() && i < classes->items.size(); ++i)
        readClass(classes->items[i], file, error, p);
    if (error)
        return *error;
    if (p.name.empty())
        p.name = p.id;
    return p;
}

Result<FailurePreset> loadFailurePreset(const std::string &path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return makeError(path, 0, 0, "cannot read the failure-rate preset");
    std::ostringstream ss;
    ss << in.rdbuf();
    return parseFailurePreset(ss.str(), path);
}

std::string builtinPresetDirectory()
{
    if (const char *env = std::getenv("CPLAN_RELIABILITY_DIR"); env && *env)
        return env;
    std::error_code ec;
    const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    if (!ec) {
        const fs::path installed = exe.parent_path() / ".." / "share" / "cluster-planner" / "reliability";
        if (fs::is_directory(installed, ec))
            return fs::weakly_canonical(installed, ec).string();
    }
    return CPLAN_BUILTIN_RELIABILITY_DIR;
}

std::vector<std::string> builtinPresetIds()
{
    std::vector<std::string> ids;
    std::error_code ec;
    for (const auto &e : fs::directory_iterator(builtinPresetDirectory(), ec))
        if (e.path().extension() == ".yaml")
            ids.push_back(e.path().stem().string());
    std::sort(ids.begin(), ids.end());
    return ids;
}

Result<FailurePreset> findFailurePreset(const std::string &idOrPath)
{
    const bool isPath = idOrPath.find('/') != std::string::npos ||
                        (idOrPath.size() > 5 && idOrPath.compare(idOrPath.size() - 5, 5, ".yaml") == 0);
    if (isPath)
        return loadFailurePreset(idOrPath);
    const fs::path file = fs::path(builtinPresetDirectory()) / (idOrPath + ".yaml");
    std::error_code ec;
    if (!validId(idOrPath) || !fs::exists(file, ec)) {
        std::string known;
        for (const std::string &id : builtinPresetIds())
            known += (known.empty() ? "" : ", ") + id;
        return makeError("", 0, 0, "unknown failure-rate preset '" + idOrPath + "' (built in: " + known + "; or a FILE.yaml)");
    }
    return loadFailurePreset(file.string());
}

} // namespace cplan::reliability
