#include "sweep/sweepspec.h"

#include "analysis/workloadspec.h"
#include "catalog/catalog.h"
#include "generate/fattree.h"
#include "generate/fattreeoptions.h"
#include "io/yamldom.h"
#include "model/design.h"
#include "model/loadbalancing.h"
#include "routing/routing.h"
#include "schedule/scheduler.h"
#include "training/model.h"
#include "sweep/figures.h"
#include "util/atomicfile.h"
#include "util/strings.h"

#include <algorithm>
#include <filesystem>
#include <functional>
#include <map>

namespace cplan {

namespace {

// What a value of an option must look like; an empty string when it does.
using ValueCheck = std::function<std::string(const std::string &)>;

std::string wholeNumber(const std::string &text, long long lo, long long hi)
{
    const auto n = parseInt(text);
    if (n && *n >= lo && *n <= hi)
        return {};
    return "'" + text + "' must be a whole number from " + std::to_string(lo) + " to " + std::to_string(hi);
}

std::string percent(const std::string &text)
{
    const auto v = parseDouble(text);
    return v && *v >= 0 && *v <= 100 ? std::string() : "'" + text + "' must be a percentage from 0 to 100";
}

std::string notEmpty(const std::string &text)
{
    return trim(text).empty() ? std::string("must not be empty") : std::string();
}

const std::map<std::string, ValueCheck> &optionChecks()
{
    static const std::map<std::string, ValueCheck> checks = {
        {"servers", [](const std::string &v) { return wholeNumber(v, 1, 1'000'000); }},
        {"gpus", [](const std::string &v) { return wholeNumber(v, 1, 100'000'000); }},
        {"server", notEmpty},
        {"switch", notEmpty},
        {"hca", notEmpty},
        {"ethernet-switch", notEmpty},
        {"ethernet-hca", notEmpty},
        {"fabric",
         [](const std::string &v) {
             return v == "infiniband" || v == "ethernet" ? std::string() : "'" + v + "' is not infiniband or ethernet";
         }},
        {"load-balancing",
         [](const std::string &v) {
             return loadBalancingFromString(v) ? std::string()
                                               : "unknown policy '" + v + "' (" + loadBalancingNames() + ")";
         }},
        {"tiers",
         [](const std::string &v) {
             return v == "auto" || v == "1" || v == "2" || v == "3" ? std::string() : "'" + v + "' must be auto, 1, 2 or 3";
         }},
        {"blocking",
         [](const std::string &v) {
             auto r = parseBlockingRatio(v);
             return r ? std::string() : r.error().message;
         }},
        {"rails", [](const std::string &v) { return v == "auto" ? std::string() : wholeNumber(v, 1, kMaxHcasPerServer); }},
        {"su-size", [](const std::string &v) { return wholeNumber(v, 1, 100'000); }},
        {"planes", [](const std::string &v) { return wholeNumber(v, 1, kMaxPlanes); }},
        {"mgmt-nodes", [](const std::string &v) { return wholeNumber(v, 0, 1000); }},
        {"servers-per-rack", [](const std::string &v) { return wholeNumber(v, 1, 64); }},
        {"spares", percent},
        {"discount", percent},
        {"pattern",
         [](const std::string &v) {
             auto w = parseWorkload(v);
             return w ? std::string() : w.error().message;
         }},
        {"bytes",
         [](const std::string &v) {
             const auto b = parseByteSize(v);
             return b && *b > 0 && *b <= 1e15 ? std::string() : "'" + v + "' is not a size (e.g. 1MiB, 64MiB, 1GB)";
         }},
        {"policy",
         [](const std::string &v) {
             return policyFromString(v) ? std::string() : "'" + v + "' is not a scheduling policy (" + [] {
                 std::string names;
                 for (const std::string &n : policyNames())
                     names += (names.empty() ? "" : ", ") + n;
                 return names;
             }() + ")";
         }},
        {"engine",
         [](const std::string &v) {
             return routingEngineFromString(v) ? std::string() : "'" + v + "' is not a routing engine (ftree, updown, minhop)";
         }},
    };
    return checks;
}

std::string canonicalOption(std::string name)
{
    std::replace(name.begin(), name.end(), '_', '-');
    return name;
}

std::string resolvePath(const std::string &sweepFile, const std::string &path)
{
    namespace fs = std::filesystem;
    if (path.empty() || fs::path(path).is_absolute())
        return path;
    return (fs::path(sweepFile).parent_path() / path).lexically_normal().string();
}

// Reads the sections of a sweep document into a spec; the first problem stops it.
class SweepReader
{
public:
    SweepReader(const std::string &file, SweepSpec &spec) : m_file(file), m_spec(spec) {}

    std::optional<Error> error;

    void read(const YamlNode &root);

private:
    void fail(const YamlNode &at, const std::string &message)
    {
        if (!error)
            error = Error{m_file, at.line, at.column, message};
    }
    bool scalar(const YamlNode &node, const std::string &what)
    {
        if (node.isScalar())
            return true;
        fail(node, what + " must be a single value, not a list or map");
        return false;
    }
    void option(const YamlEntry &entry, bool axis);
    void options(const YamlNode &map, bool axis, const char *section);
    void workload(const YamlNode &map);
    void schedule(const YamlNode &map);
    void training(const YamlNode &map);
    void objectives(const YamlNode &list);
    void constraints(const YamlNode &map);
    std::optional<double> number(const YamlNode &node, const std::string &what);
    bool known(const std::string &name) const;
    void addFixed(const YamlEntry &entry, const std::string &name);
    void checkCombination(const YamlNode &root);

    const std::string &m_file;
    SweepSpec &m_spec;
    std::vector<const YamlNode *> m_objectiveNodes;
};

bool SweepReader::known(const std::string &name) const
{
    auto same = [&](const SweepOption &o) { return o.name == name; };
    return std::any_of(m_spec.fixed.begin(), m_spec.fixed.end(), same) || std::any_of(m_spec.axes.begin(), m_spec.axes.end(), same);
}

void SweepReader::option(const YamlEntry &entry, bool axis)
{
    const std::string name = canonicalOption(entry.key.scalar);
    const auto check = optionChecks().find(name);
    if (check == optionChecks().end()) {
        std::string names;
        for (const std::string &n : sweepOptionNames())
            names += (names.empty() ? "" : ", ") + n;
        return fail(entry.key, "unknown option '" + entry.key.scalar + "' (options: " + names + ")");
    }
    if (known(name))
        return fail(entry.key, "'" + name + "' is given twice (fixed options and axes each name an option once)");
    SweepOption o{name, {}, entry.key.line, entry.key.column};
    std::vector<const YamlNode *> values;
    if (axis) {
        if (!entry.value.isSequence())
            return fail(entry.value, "axis '" + name + "' must be a list of values, e.g. [a, b]");
        if (entry.value.items.empty())
            return fail(entry.value, "axis '" + name + "' has no values");
        for (const YamlNode &item : entry.value.items)
            values.push_back(&item);
    } else {
        values.push_back(&entry.value);
    }
    for (const YamlNode *v : values) {
        if (!scalar(*v, "a value of '" + name + "'"))
            return;
        if (const std::string problem = check->second(v->scalar); !problem.empty())
            return fail(*v, name + ": " + problem);
        for (const SweepValue &seen : o.values)
            if (seen.text == v->scalar)
                return fail(*v, "axis '" + name + "' lists '" + v->scalar + "' twice");
        o.values.push_back(SweepValue{v->scalar, v->line, v->column});
    }
    (axis ? m_spec.axes : m_spec.fixed).push_back(std::move(o));
}

void SweepReader::options(const YamlNode &map, bool axis, const char *section)
{
    if (!map.isMap())
        return fail(map, std::string("'") + section + "' must be a mapping of option: " + (axis ? "[values]" : "value"));
    for (const YamlEntry &e : map.entries) {
        option(e, axis);
        if (error)
            return;
    }
}

// A section key that sets an option (workload: pattern, bytes; schedule: policy).
void SweepReader::addFixed(const YamlEntry &entry, const std::string &name)
{
    YamlEntry renamed = entry;
    renamed.key.scalar = name;
    option(renamed, false);
}

void SweepReader::workload(const YamlNode &map)
{
    if (!map.isMap())
        return fail(map, "'workload' must be a mapping, e.g. {pattern: alltoall, bytes: 1MiB}");
    m_spec.hasWorkload = true;
    for (const YamlEntry &e : map.entries) {
        if (e.key.scalar == "pattern" || e.key.scalar == "collective")
            addFixed(e, "pattern");
        else if (e.key.scalar == "bytes")
            addFixed(e, "bytes");
        else
            fail(e.key, "unknown key '" + e.key.scalar + "' in workload (pattern, collective, bytes)");
        if (error)
            return;
    }
    if (!known("pattern"))
        fail(map, "the workload names no pattern or collective");
}

std::optional<double> SweepReader::number(const YamlNode &node, const std::string &what)
{
    if (!scalar(node, what))
        return std::nullopt;
    const auto d = parseDouble(node.scalar);
    if (!d || !(*d >= 0) || *d > 1e18) {
        fail(node, what + " must be a number of at least 0, not '" + node.scalar + "'");
        return std::nullopt;
    }
    return d;
}

void SweepReader::schedule(const YamlNode &map)
{
    if (!map.isMap())
        return fail(map, "'schedule' must be a mapping, e.g. {jobs: 500, policy: fifo}");
    SweepSchedule s;
    for (const YamlEntry &e : map.entries) {
        const std::string &k = e.key.scalar;
        if (k == "policy") {
            addFixed(e, "policy");
        } else if (k == "jobs") {
            if (scalar(e.value, "'jobs'")) {
                if (const std::string p = wholeNumber(e.value.scalar, 1, 10'000'000); !p.empty())
                    fail(e.value, "jobs: " + p);
                else
                    s.syntheticJobs = std::size_t(*parseInt(e.value.scalar));
            }
        } else if (k == "trace") {
            if (scalar(e.value, "'trace'"))
                s.tracePath = resolvePath(m_file, e.value.scalar);
        } else if (k == "load") {
            if (auto d = number(e.value, "'load'"); d && (*d <= 0 || *d > 100))
                fail(e.value, "'load' must be above 0 and at most 100");
            else if (d)
                s.load = *d;
        } else if (k == "seed") {
            if (scalar(e.value, "'seed'")) {
                if (const std::string p = wholeNumber(e.value.scalar, 0, 1'000'000'000'000); !p.empty())
                    fail(e.value, "seed: " + p);
                else
                    s.seed = std::uint64_t(*parseInt(e.value.scalar));
            }
        } else if (k == "network") {
            if (scalar(e.value, "'network'")) {
                if (e.value.scalar != "true" && e.value.scalar != "false")
                    fail(e.value, "'network' must be true or false");
                s.network = e.value.scalar == "true";
            }
        } else {
            fail(e.key, "unknown key '" + k + "' in schedule (jobs, trace, load, seed, policy, network)");
        }
        if (error)
            return;
    }
    if ((s.syntheticJobs == 0) == s.tracePath.empty())
        return fail(map, "the schedule needs either jobs: N (synthetic) or trace: FILE");
    m_spec.schedule = s;
}

// training: {model: ID or FILE, tokens: 15T}; the model is read here, so that a typo fails at
// its line rather than at every point.
void SweepReader::training(const YamlNode &map)
{
    if (!map.isMap())
        return fail(map, "'training' must be a mapping, e.g. {model: llama3-70b, tokens: 15T}");
    SweepTraining t;
    for (const YamlEntry &e : map.entries) {
        const std::string &k = e.key.scalar;
        if (k == "model") {
            if (!scalar(e.value, "'model'"))
                return;
            const std::string &m = e.value.scalar;
            const bool file = m.find('/') != std::string::npos || m.ends_with(".yaml");
            t.model = file ? resolvePath(m_file, m) : m;
            if (auto model = training::findModel(t.model); !model)
                return fail(e.value, "model: " + model.error().message);
        } else if (k == "tokens") {
            if (!scalar(e.value, "'tokens'"))
                return;
            const auto tokens = training::parseTokenCount(e.value.scalar);
            if (!tokens)
                return fail(e.value, "tokens: '" + e.value.scalar + "' is not a token count (e.g. 15T, 300B, 2.5e12)");
            t.tokens = *tokens;
        } else {
            return fail(e.key, "unknown key '" + k + "' in training (model, tokens)");
        }
    }
    if (t.model.empty())
        return fail(map, "the training section needs a model: a built-in id (llama3-70b) or a model file");
    m_spec.training = t;
}

void SweepReader::objectives(const YamlNode &list)
{
    m_spec.objectivesLine = list.line;
    if (!list.isSequence() || list.items.empty())
        return fail(list, "'objectives' must be a list of figures, e.g. [capex, completion_s]");
    for (const YamlNode &item : list.items) {
        if (!scalar(item, "an objective"))
            return;
        const FigureInfo *f = findFigure(item.scalar);
        if (!f)
            return fail(item, "unknown objective '" + item.scalar + "' (figures: " + figureNameList() + ")");
        if (std::find(m_spec.objectives.begin(), m_spec.objectives.end(), item.scalar) != m_spec.objectives.end())
            return fail(item, "objective '" + item.scalar + "' is listed twice");
        m_spec.objectives.push_back(item.scalar);
        m_objectiveNodes.push_back(&item);
    }
}

void SweepReader::constraints(const YamlNode &map)
{
    if (!map.isMap())
        return fail(map, "'constraints' must be a mapping, e.g. {budget: 40e6, max_blocking: \"2:1\"}");
    SweepConstraints &c = m_spec.constraints;
    for (const YamlEntry &e : map.entries) {
        const std::string k = canonicalOption(e.key.scalar);
        if (k == "budget")
            c.budget = number(e.value, "'budget'");
        else if (k == "power-w" || k == "power")
            c.powerW = number(e.value, "'" + e.key.scalar + "'");
        else if (k == "racks")
            c.racks = number(e.value, "'racks'");
        else if (k == "max-blocking") {
            if (!scalar(e.value, "'max_blocking'"))
                return;
            if (auto r = parseBlockingRatio(e.value.scalar))
                c.maxBlocking = double(r->first) / r->second;
            else if (auto d = parseDouble(e.value.scalar); d && *d >= 1)
                c.maxBlocking = *d;
            else
                fail(e.value, "'max_blocking' must be a ratio D:U such as 2:1 (or a number of at least 1)");
        } else
            fail(e.key, "unknown constraint '" + e.key.scalar + "' (budget, power_w, racks, max_blocking)");
        if (error)
            return;
    }
}

// What the sections say together: the generator's required options, figures the sweep can
// compute, a bounded number of points.
void SweepReader::checkCombination(const YamlNode &root)
{
    if (!known("servers") && !known("gpus"))
        return fail(root, "the sweep names no size: give servers or gpus under fixed or axes");
    if (known("servers") && known("gpus"))
        return fail(root, "give servers or gpus, not both");
    for (const char *required : {"server", "switch"})
        if (!known(required))
            return fail(root, std::string("the sweep names no ") + required + " part: give '" + required + "' under fixed or axes");
    if (known("bytes") && !known("pattern") && !m_spec.hasWorkload) {
        bool used = false;
        for (const std::string &o : m_spec.objectives)
            used = used || o == "allreduce_s" || o == "alltoall_s";
        if (!used)
            return fail(root, "'bytes' is given but no workload or all-reduce/all-to-all objective uses it");
    }
    for (std::size_t i = 0; i < m_spec.objectives.size(); ++i) {
        const FigureInfo *f = findFigure(m_spec.objectives[i]);
        const std::string &name = m_spec.objectives[i];
        if ((name == "completion_s" || name == "busbw_gbps") && !known("pattern"))
            return fail(*m_objectiveNodes[i], "objective '" + name + "' needs a workload (workload: {pattern: ...} or a pattern axis)");
        if (f->cost == FigureCost::Schedule && !m_spec.schedule)
            return fail(*m_objectiveNodes[i], "objective '" + name + "' needs a schedule section (schedule: {jobs: N, policy: ...})");
        if (f->cost == FigureCost::Training && !m_spec.training)
            return fail(*m_objectiveNodes[i], "objective '" + name + "' needs a training section (training: {model: llama3-70b, tokens: 15T})");
    }
    if (known("policy") && !m_spec.schedule)
        return fail(root, "'policy' is given but there is no schedule section (schedule: {jobs: N} or {trace: FILE})");
    std::size_t points = 1;
    for (const SweepOption &a : m_spec.axes) {
        points *= a.values.size();
        if (points > kMaxSweepPoints)
            return fail(root, "the axes make more than " + std::to_string(kMaxSweepPoints) + " points");
    }
}

void SweepReader::read(const YamlNode &root)
{
    if (!root.isMap())
        return fail(root, "a sweep file must be a mapping starting with 'format: " + std::string(kSweepFormat) + "'");
    const YamlNode *format = root.find("format");
    if (!format || !format->isScalar())
        return fail(format ? *format : root, "the sweep file has no 'format: " + std::string(kSweepFormat) + "'");
    if (format->scalar != kSweepFormat)
        return fail(*format, "format '" + format->scalar + "' is not " + kSweepFormat +
                                 (format->scalar.rfind("cluster-planner-sweep/", 0) == 0 ? " (written by a newer version?)" : ""));
    const YamlNode *objectivesNode = nullptr;
    for (const YamlEntry &e : root.entries) {
        const std::string &k = e.key.scalar;
        for (const YamlEntry &other : root.entries)
            if (&other != &e && other.key.scalar == k && &other < &e)
                return fail(e.key, "'" + k + "' is given twice");
        if (k == "format")
            continue;
        if (k == "name") {
            if (scalar(e.value, "'name'"))
                m_spec.name = e.value.scalar;
        } else if (k == "fixed")
            options(e.value, false, "fixed");
        else if (k == "axes")
            options(e.value, true, "axes");
        else if (k == "workload")
            workload(e.value);
        else if (k == "schedule")
            schedule(e.value);
        else if (k == "training")
            training(e.value);
        else if (k == "objectives")
            objectivesNode = &e.value;
        else if (k == "constraints")
            constraints(e.value);
        else if (k == "prices") {
            if (scalar(e.value, "'prices'"))
                m_spec.pricesPath = resolvePath(m_file, e.value.scalar);
        } else
            fail(e.key, "unknown key '" + k + "' (format, name, fixed, axes, workload, schedule, training, objectives, constraints, prices)");
        if (error)
            return;
    }
    if (!objectivesNode)
        return fail(root, "the sweep file has no 'objectives' (e.g. objectives: [capex, completion_s])");
    objectives(*objectivesNode);
    if (!error)
        checkCombination(root);
}

} // namespace

const std::vector<std::string> &sweepOptionNames()
{
    static const std::vector<std::string> names = {"servers", "gpus", "server", "switch", "tiers", "blocking",
                                                   "rails", "su-size", "planes", "mgmt-nodes", "servers-per-rack", "hca",
                                                   "spares", "discount", "pattern", "bytes", "policy", "engine",
                                                   "fabric", "ethernet-switch", "ethernet-hca", "load-balancing"};
    return names;
}

Result<SweepSpec> parseSweep(std::string_view text, const std::string &file)
{
    auto root = parseYaml(text, file);
    if (!root)
        return root.error();
    SweepSpec spec;
    spec.file = file;
    SweepReader reader(file, spec);
    reader.read(*root);
    if (reader.error)
        return *reader.error;
    return spec;
}

Result<SweepSpec> loadSweep(const std::string &path)
{
    auto text = readFile(path, std::size_t(16) << 20);
    if (!text)
        return text.error();
    return parseSweep(*text, path);
}

} // namespace cplan

namespace cplan {

namespace {

// The part ids an option value names ("dgx-h100:64,hgx-h20:64" names two).
std::vector<std::string> namedParts(const std::string &text)
{
    std::vector<std::string> ids;
    for (const std::string &item : split(text, ','))
        ids.emplace_back(trim(item.substr(0, item.find(':'))));
    return ids;
}

} // namespace

Status checkSweep(const SweepSpec &spec, const Catalog &catalog)
{
    const std::map<std::string, PartKind> kinds = {{"server", PartKind::GpuServer}, {"switch", PartKind::Switch}, {"hca", PartKind::Hca},
                                                   {"ethernet-switch", PartKind::Switch}, {"ethernet-hca", PartKind::Hca}};
    auto check = [&](const SweepOption &o) -> Status {
        const auto kind = kinds.find(o.name);
        if (kind == kinds.end())
            return Ok{};
        for (const SweepValue &v : o.values)
            for (const std::string &id : namedParts(v.text)) {
                const Part *p = catalog.find(id);
                if (!p)
                    return Error{spec.file, v.line, v.column, o.name + ": unknown part '" + id + "'"};
                if (p->kind != kind->second)
                    return Error{spec.file, v.line, v.column, o.name + ": '" + id + "' is a " + toString(p->kind) + ", not a " + toString(kind->second)};
            }
        return Ok{};
    };
    for (const auto *list : {&spec.fixed, &spec.axes})
        for (const SweepOption &o : *list)
            if (auto s = check(o); !s)
                return s;
    return Ok{};
}

Result<SweepSpec> loadCheckedSweep(const std::string &path, const Catalog &catalog)
{
    auto spec = loadSweep(path);
    if (!spec)
        return spec.error();
    if (auto checked = checkSweep(*spec, catalog); !checked)
        return checked.error();
    return spec;
}

} // namespace cplan
