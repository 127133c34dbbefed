#include "sweep/sweeppoints.h"

#include "util/strings.h"

#include <algorithm>
#include <cstdio>

namespace cplan {

std::string SweepPoint::setting(std::string_view name, std::string fallback) const
{
    for (const SweepSetting &s : settings)
        if (s.name == name)
            return s.value;
    return fallback;
}

bool isDesignOption(std::string_view name)
{
    return name != "pattern" && name != "bytes" && name != "policy";
}

std::string hashText(std::string_view text)
{
    std::uint64_t h = 14695981039346656037ull;
    for (unsigned char c : text) {
        h ^= c;
        h *= 1099511628211ull;
    }
    char buf[17];
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
    return buf;
}

namespace {

// name=value pairs joined by ';' (a value's own ';' and '\' escaped), so that the text reads back
// unambiguously.
void appendSetting(std::string &out, const std::string &name, const std::string &value)
{
    if (!out.empty())
        out += ';';
    out += name;
    out += '=';
    for (char c : value) {
        if (c == ';' || c == '\\')
            out += '\\';
        out += c;
    }
}

std::string scheduleKey(const SweepSpec &spec)
{
    if (!spec.schedule)
        return {};
    const SweepSchedule &s = *spec.schedule;
    std::string out;
    if (s.syntheticJobs > 0) {
        appendSetting(out, "schedule.jobs", std::to_string(s.syntheticJobs));
        appendSetting(out, "schedule.load", formatDouble(s.load));
    } else {
        appendSetting(out, "schedule.trace", s.tracePath);
    }
    appendSetting(out, "schedule.seed", std::to_string(s.seed));
    appendSetting(out, "schedule.network", s.network ? "true" : "false");
    return out;
}

// The training objectives' model and tokens: another model is another result.
void appendTraining(const SweepSpec &spec, std::string &out)
{
    if (!spec.training)
        return;
    appendSetting(out, "training.model", spec.training->model);
    appendSetting(out, "training.tokens", formatDouble(spec.training->tokens));
}

void finishPoint(const SweepSpec &spec, const std::string &extra, SweepPoint &p)
{
    std::sort(p.settings.begin(), p.settings.end(), [](const SweepSetting &a, const SweepSetting &b) { return a.name < b.name; });
    std::string designKey;
    for (const SweepSetting &s : p.settings) {
        appendSetting(p.key, s.name, s.value);
        if (isDesignOption(s.name))
            appendSetting(designKey, s.name, s.value);
    }
    if (!spec.pricesPath.empty()) {
        appendSetting(designKey, "prices", spec.pricesPath);
        appendSetting(p.key, "prices", spec.pricesPath);
    }
    if (!extra.empty())
        p.key += ';' + extra;
    p.designKey = designKey;
    p.id = hashText(p.key);
}

} // namespace

std::vector<SweepPoint> expandSweep(const SweepSpec &spec)
{
    std::size_t count = 1;
    for (const SweepOption &a : spec.axes)
        count *= a.values.size();
    std::string extra = scheduleKey(spec);
    appendTraining(spec, extra);
    std::vector<SweepPoint> points(count);
    for (std::size_t i = 0; i < count; ++i) {
        SweepPoint &p = points[i];
        p.index = i;
        for (const SweepOption &f : spec.fixed)
            p.settings.push_back({f.name, f.values.front().text});
        std::size_t rest = i, stride = count;
        for (const SweepOption &a : spec.axes) {
            stride /= a.values.size();
            const std::string &value = a.values[rest / stride].text;
            rest %= stride;
            p.axes.push_back({a.name, value});
            p.settings.push_back({a.name, value});
        }
        finishPoint(spec, extra, p);
    }
    return points;
}

} // namespace cplan
