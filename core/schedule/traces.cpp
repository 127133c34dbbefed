#include "schedule/traces.h"

#include "schedule/tracecsv.h"

#include "model/design.h"
#include "training/model.h"
#include "util/atomicfile.h"
#include "util/strings.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <ctime>
#include <filesystem>
#include <map>
#include <set>

namespace cplan {

namespace {

using namespace tracecsv;

constexpr std::size_t kMaxJobs = 50'000'000;

#define TRY_ASSIGN(var, expr)          \
    auto var##_r = (expr);             \
    if (!var##_r)                      \
        return var##_r.error();        \
    auto var = *var##_r;

const std::set<std::string> kOurColumns = {"id", "submit_s", "gpus", "duration_s", "tenant", "priority", "kind",
                                           "gpu_type", "cpu_milli", "memory_mib", "comm_fraction", "bytes_per_iter",
                                           "iter_compute_s", "model", "one_server", "servers",
                                           "tp", "pp", "cp", "ep", "gbs"};

// gpus: whole GPUs, or a share of one GPU below 1.
Status readGpuDemand(const Row &row, Job &job)
{
    TRY_ASSIGN(gpus, row.number("gpus", 0, 100000, std::nullopt));
    if (gpus > 0 && gpus < 1) {
        job.gpus = 1;
        job.gpuMilli = int(std::lround(gpus * 1000));
        if (job.gpuMilli < 1)
            return row.error("gpus", "a GPU share must be at least 0.001");
    } else {
        if (gpus != std::floor(gpus))
            return row.error("gpus", "'gpus' must be a whole number of GPUs or a share below 1, got " + *row.get("gpus"));
        job.gpus = int(gpus);
    }
    return Ok{};
}

// A built-in model id or a model file; a file's relative path is taken from the trace's folder.
std::string resolveModelPath(const std::string &trace, const std::string &model)
{
    namespace fs = std::filesystem;
    const bool file = model.find('/') != std::string::npos || model.ends_with(".yaml");
    if (!file || fs::path(model).is_absolute())
        return model;
    return (fs::path(trace).parent_path() / model).lexically_normal().string();
}

const char *const kPlanColumns[] = {"tp", "pp", "cp", "ep", "gbs"};

// The `model` column: a model profile (resnet50, ...) or a step-time model (llama3-8b, a
// FILE.yaml), each model read once per trace (`known`: its resolved name, or the error).
Status readModel(const Row &row, Job &job, std::map<std::string, std::string> &known)
{
    const std::string *m = row.get("model");
    if (!m || m->empty())
        return Ok{};
    if (modelProfile(*m)) {
        job.model = *m;
        return Ok{};
    }
    auto it = known.find(*m);
    if (it == known.end()) {
        const std::string path = resolveModelPath(row.file, *m);
        auto model = training::findModel(path);
        std::string why = model ? "+" + path : "-" + model.error().message;
        if (!model && !model.error().file.empty())
            why = "-" + model.error().toString();
        it = known.emplace(*m, why).first;
    }
    if (it->second.front() == '-') {
        std::string names;
        for (const std::string &n : modelProfileNames())
            names += (names.empty() ? "" : ", ") + n;
        return row.error("model", it->second.substr(1) + "; model profiles: " + names);
    }
    job.trainingModel = it->second.substr(1);
    return Ok{};
}

// tp, pp, cp, ep, gbs: the fixed parts of a step-time model's plan (only with one).
Status readPlan(const Row &row, Job &job)
{
    int *const parts[] = {&job.plan.tp, &job.plan.pp, &job.plan.cp, &job.plan.ep, &job.plan.globalBatch};
    for (std::size_t i = 0; i < std::size(parts); ++i) {
        const std::string name = kPlanColumns[i];
        const std::string *f = row.get(name);
        if (!f || f->empty())
            continue;
        if (job.trainingModel.empty())
            return row.error(name, "'" + name + "' needs a step-time model in 'model' (e.g. llama3-8b)");
        TRY_ASSIGN(v, row.integer(name, 1, name == "gbs" ? 100'000'000 : 100'000, std::nullopt));
        *parts[i] = int(v);
    }
    if (!job.trainingModel.empty() && (job.gpus < 1 || job.fractional()))
        return row.error("gpus", "a job with a step-time model needs whole GPUs");
    return Ok{};
}

// One of comm_fraction, bytes_per_iter + iter_compute_s, or model.
Status readCommunication(const Row &row, Job &job, std::map<std::string, std::string> &models)
{
    TRY_ASSIGN(comm, row.number("comm_fraction", 0, 1, -1.0));
    TRY_ASSIGN(bytes, row.number("bytes_per_iter", 0, 1e15, 0.0));
    TRY_ASSIGN(iter, row.number("iter_compute_s", 0, 1e6, 0.0));
    job.bytesPerIteration = bytes;
    job.iterationComputeS = iter;
    if ((bytes > 0) != (iter > 0))
        return row.error(bytes > 0 ? "iter_compute_s" : "bytes_per_iter", "'bytes_per_iter' and 'iter_compute_s' go together");
    if (auto st = readModel(row, job, models); !st)
        return st;
    const bool model = !job.model.empty() || !job.trainingModel.empty();
    if (comm >= 0) {
        if (model || bytes > 0)
            return row.error("comm_fraction", "give either comm_fraction or bytes_per_iter/iter_compute_s or model, not several");
        job.commFraction = comm;
    } else if (model && bytes > 0) {
        return row.error("model", "give either a model or bytes_per_iter/iter_compute_s, not both");
    }
    return readPlan(row, job);
}

Result<Trace> parseOurs(std::string_view text, const std::string &file)
{
    Trace trace;
    trace.file = file;
    Header header;
    std::set<std::string> ids;
    std::map<std::string, std::string> models;
    auto table = readCsvTable(text, file, header, kOurColumns, {"submit_s", "gpus", "duration_s"}, "empty trace: no header line",
                              [&](Row &row) -> Status {
        if (trace.jobs.size() >= kMaxJobs)
            return makeError(file, row.line, 0, "more than " + std::to_string(kMaxJobs) + " jobs");
        Job job;
        job.sourceLine = row.line;
        const std::string *id = row.get("id");
        job.id = id && !id->empty() ? *id : "job-" + std::to_string(trace.jobs.size() + 1);
        if (!ids.insert(job.id).second)
            return row.error("id", "duplicate job id '" + job.id + "'");
        TRY_ASSIGN(submit, row.number("submit_s", 0, 1e12, std::nullopt));
        if (auto ok = readGpuDemand(row, job); !ok)
            return ok;
        TRY_ASSIGN(duration, row.number("duration_s", 0, 1e12, std::nullopt));
        job.submitS = submit;
        job.durationS = duration;
        if (const std::string *t = row.get("tenant"))
            job.tenant = *t;
        TRY_ASSIGN(prio, row.integer("priority", -1'000'000, 1'000'000, 0));
        job.priority = int(prio);
        if (const std::string *k = row.get("kind"); k && !k->empty()) {
            auto kind = jobKindFromString(*k);
            if (!kind)
                return row.error("kind", "'kind' must be training or inference, got '" + *k + "'");
            job.kind = *kind;
        } else {
            job.kind = job.fractional() ? JobKind::Inference : JobKind::Training;
        }
        if (const std::string *g = row.get("gpu_type"))
            job.gpuTypes = splitList(*g);
        TRY_ASSIGN(cpu, row.number("cpu_milli", 0, 1e9, 0.0));
        TRY_ASSIGN(mem, row.number("memory_mib", 0, 1e12, 0.0));
        job.cpuMilli = cpu;
        job.memoryMib = mem;
        if (auto ok = readCommunication(row, job, models); !ok)
            return ok;
        TRY_ASSIGN(one, row.integer("one_server", 0, 1, 0));
        job.oneServer = one != 0;
        if (const std::string *s = row.get("servers"))
            job.pinServers = splitList(*s);
        if (job.fractional() && !job.pinServers.empty() && job.pinServers.size() != 1)
            return row.error("servers", "a GPU share runs on one server");
        trace.jobs.push_back(std::move(job));
        return Ok{};
    });
    if (!table)
        return table.error();
    trace.modelColumn = header.index("model") + 1;
    return trace;
}

// "2017-10-03 14:22:10" (UTC) or seconds.
std::optional<double> parseTimestamp(const std::string &text)
{
    if (auto v = parseDouble(text); v && std::isfinite(*v))
        return *v;
    std::tm tm{};
    int y, mo, d, h = 0, mi = 0, s = 0;
    char sep = ' ';
    const int n = std::sscanf(text.c_str(), "%d-%d-%d%c%d:%d:%d", &y, &mo, &d, &sep, &h, &mi, &s);
    if (n != 3 && n != 7)
        return std::nullopt;
    if (mo < 1 || mo > 12 || d < 1 || d > 31 || h < 0 || h > 23 || mi < 0 || mi > 59 || s < 0 || s > 60)
        return std::nullopt;
    tm.tm_year = y - 1900;
    tm.tm_mon = mo - 1;
    tm.tm_mday = d;
    tm.tm_hour = h;
    tm.tm_min = mi;
    tm.tm_sec = s;
    return double(timegm(&tm));
}

Result<Trace> parsePhilly(std::string_view text, const std::string &file)
{
    Trace trace;
    trace.file = file;
    Header header;
    auto table = readCsvTable(text, file, header, {}, {"timestamp", "duration", "num_gpus"}, "empty trace: no header line",
                              [&](Row &row) -> Status {
        Job job;
        job.sourceLine = row.line;
        job.id = "philly-" + std::to_string(trace.jobs.size() + 1);
        auto ts = parseTimestamp(*row.get("timestamp"));
        if (!ts)
            return row.error("timestamp", "'timestamp' must be seconds or YYYY-MM-DD HH:MM:SS, got '" + *row.get("timestamp") + "'");
        job.submitS = *ts;
        TRY_ASSIGN(duration, row.number("duration", 0, 1e12, std::nullopt));
        TRY_ASSIGN(gpus, row.integer("num_gpus", 0, 100000, std::nullopt));
        job.durationS = duration;
        job.gpus = int(gpus);
        if (const std::string *c = row.get("cluster"))
            job.tenant = *c;
        trace.jobs.push_back(std::move(job));
        return Ok{};
    });
    if (!table)
        return table.error();
    // Times relative to the first submission; order kept as in the file (stable sort later).
    double first = 0;
    if (!trace.jobs.empty()) {
        first = trace.jobs.front().submitS;
        for (const Job &j : trace.jobs)
            first = std::min(first, j.submitS);
    }
    for (Job &j : trace.jobs)
        j.submitS -= first;
    return trace;
}

Result<Trace> parseAlibaba(std::string_view text, const std::string &file)
{
    Trace trace;
    trace.file = file;
    Header header;
    auto table = readCsvTable(text, file, header, {}, {"cpu_milli", "memory_mib", "num_gpu", "gpu_milli"},
                              "empty trace: no header line", [&](Row &row) -> Status {
        trace.hasTimes = header.has("creation_time") && header.has("deletion_time");
        Job job;
        job.sourceLine = row.line;
        const std::string *name = row.get("name");
        job.id = name && !name->empty() ? *name : "pod-" + std::to_string(trace.jobs.size() + 1);
        job.oneServer = true;
        TRY_ASSIGN(cpu, row.number("cpu_milli", 0, 1e9, std::nullopt));
        TRY_ASSIGN(mem, row.number("memory_mib", 0, 1e12, std::nullopt));
        TRY_ASSIGN(gpus, row.integer("num_gpu", 0, kMaxGpusPerServer, std::nullopt));
        TRY_ASSIGN(milli, row.integer("gpu_milli", 0, 1000, std::nullopt));
        job.cpuMilli = cpu;
        job.memoryMib = mem;
        job.gpus = int(gpus);
        if (gpus == 0) {
            job.gpuMilli = 1000;   // CPU-only task: no GPU demand
        } else {
            if (milli == 0)
                return row.error("gpu_milli", "'gpu_milli' is 0 for a task with " + std::to_string(gpus) + " GPU(s)");
            if (milli < 1000 && gpus > 1)
                return row.error("gpu_milli", "a GPU share (gpu_milli < 1000) needs num_gpu = 1");
            job.gpuMilli = int(milli);
        }
        job.kind = job.fractional() ? JobKind::Inference : JobKind::Training;
        if (const std::string *spec = row.get("gpu_spec"))
            job.gpuTypes = splitList(*spec);
        if (trace.hasTimes) {
            auto created = parseTimestamp(*row.get("creation_time"));
            auto deleted = parseTimestamp(*row.get("deletion_time"));
            if (!created)
                return row.error("creation_time", "'creation_time' must be a number");
            if (!deleted)
                return row.error("deletion_time", "'deletion_time' must be a number");
            double start = *created;
            if (const std::string *sch = row.get("scheduled_time"); sch && !sch->empty()) {
                auto s = parseTimestamp(*sch);
                if (!s)
                    return row.error("scheduled_time", "'scheduled_time' must be a number");
                start = std::max(start, *s);
            }
            if (*deleted < start)
                return row.error("deletion_time", "'deletion_time' is before the task started");
            job.submitS = *created;
            job.durationS = *deleted - start;
        }
        trace.jobs.push_back(std::move(job));
        return Ok{};
    });
    if (!table)
        return table.error();
    trace.hasTimes = header.has("creation_time") && header.has("deletion_time");
    return trace;
}

} // namespace

const char *toString(TraceFormat format)
{
    switch (format) {
    case TraceFormat::Ours: return "ours";
    case TraceFormat::Philly: return "philly";
    case TraceFormat::Alibaba: return "alibaba";
    }
    return "?";
}

std::optional<TraceFormat> traceFormatFromString(std::string_view text)
{
    const std::string t = lower(text);
    if (t == "ours" || t == "csv" || t == "cplan")
        return TraceFormat::Ours;
    if (t == "philly")
        return TraceFormat::Philly;
    if (t == "alibaba" || t == "openb")
        return TraceFormat::Alibaba;
    return std::nullopt;
}

TraceFormat detectTraceFormat(std::string_view text)
{
    LineReader reader{text};
    std::string_view line;
    while (reader.next(line)) {
        if (skippable(line))
            continue;
        const std::string h = lower(line);
        if (h.find("cpu_milli") != std::string::npos && h.find("num_gpu") != std::string::npos)
            return TraceFormat::Alibaba;
        if (h.rfind("timestamp", 0) == 0 && h.find("num_gpus") != std::string::npos)
            return TraceFormat::Philly;
        return TraceFormat::Ours;
    }
    return TraceFormat::Ours;
}

Result<Trace> parseTrace(std::string_view text, const std::string &fileName, TraceFormat format)
{
    switch (format) {
    case TraceFormat::Ours: return parseOurs(text, fileName);
    case TraceFormat::Philly: return parsePhilly(text, fileName);
    case TraceFormat::Alibaba: return parseAlibaba(text, fileName);
    }
    return makeError(fileName, 0, 0, "unknown trace format");
}

Result<Trace> loadTrace(const std::string &path, std::optional<TraceFormat> format)
{
    auto text = readFile(path);
    if (!text)
        return text.error();
    return parseTrace(*text, path, format ? *format : detectTraceFormat(*text));
}

std::string writeTrace(const std::vector<Job> &jobs)
{
    std::string out = "id,submit_s,gpus,duration_s,tenant,priority,kind,gpu_type,cpu_milli,memory_mib,comm_fraction,"
                      "bytes_per_iter,iter_compute_s,model,one_server,servers,tp,pp,cp,ep,gbs\n";
    auto join = [](const std::vector<std::string> &v) {
        std::string s;
        for (const std::string &x : v)
            s += (s.empty() ? "" : "|") + x;
        return s;
    };
    for (const Job &j : jobs) {
        out += j.id + ',' + formatDouble(j.submitS) + ',';
        out += j.fractional() ? formatDouble(j.gpuMilli / 1000.0) : std::to_string(j.gpus);
        out += ',' + formatDouble(j.durationS) + ',' + j.tenant + ',' + std::to_string(j.priority) + ',' + toString(j.kind) + ',';
        out += join(j.gpuTypes) + ',' + (j.cpuMilli > 0 ? formatDouble(j.cpuMilli) : "") + ',' +
               (j.memoryMib > 0 ? formatDouble(j.memoryMib) : "") + ',';
        const bool derived = !j.model.empty() || !j.trainingModel.empty() || j.bytesPerIteration > 0;
        out += (derived ? std::string() : formatDouble(j.commFraction)) + ',';
        out += (j.bytesPerIteration > 0 ? formatDouble(j.bytesPerIteration) : "") + ',';
        out += (j.bytesPerIteration > 0 ? formatDouble(j.iterationComputeS) : "") + ',';
        out += (j.trainingModel.empty() ? j.model : j.trainingModel) + ',' + (j.oneServer ? "1" : "0") + ',' + join(j.pinServers);
        for (int part : {j.plan.tp, j.plan.pp, j.plan.cp, j.plan.ep, j.plan.globalBatch})
            out += ',' + (part > 0 ? std::to_string(part) : std::string());
        out += '\n';
    }
    return out;
}

Result<Pool> parseNodeList(std::string_view text, const std::string &file)
{
    Pool pool;
    pool.name = file;
    Header header;
    std::set<std::string> ids;
    auto table = readCsvTable(text, file, header, {}, {"sn", "gpu"}, "empty node list: no header line", [&](Row &row) -> Status {
        PoolServer s;
        s.id = *row.get("sn");
        if (s.id.empty())
            return row.error("sn", "'sn' (node name) is empty");
        if (!ids.insert(s.id).second)
            return row.error("sn", "duplicate node '" + s.id + "'");
        TRY_ASSIGN(gpus, row.integer("gpu", 0, kMaxGpusPerServer, std::nullopt));
        TRY_ASSIGN(cpu, row.number("cpu_milli", 0, 1e9, 0.0));
        TRY_ASSIGN(mem, row.number("memory_mib", 0, 1e12, 0.0));
        s.gpus = int(gpus);
        s.cpuMilli = cpu;
        s.memoryMib = mem;
        if (const std::string *m = row.get("model"))
            s.gpuType = *m;
        if (s.gpus > 0 && s.gpuType.empty())
            return row.error("model", "a node with GPUs needs its GPU 'model'");
        pool.servers.push_back(std::move(s));
        return Ok{};
    });
    if (!table)
        return table.error();
    if (pool.totalGpus() == 0)
        return makeError(file, 0, 0, "the node list has no GPUs");
    return pool;
}

Result<Pool> loadNodeList(const std::string &path)
{
    auto text = readFile(path);
    if (!text)
        return text.error();
    return parseNodeList(*text, path);
}

} // namespace cplan
