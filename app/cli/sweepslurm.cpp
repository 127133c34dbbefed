// cplan sweep --slurm / --slice / collect (sweepslurm.h).
#include "cli/sweepslurm.h"

#include "catalog/catalog.h"
#include "cli/sweepcommand.h"
#include "sweep/pareto.h"
#include "sweep/sweepdb.h"
#include "sweep/sweeppoints.h"
#include "util/atomicfile.h"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <map>
#include <memory>
#include <set>
#include <unordered_map>

extern char **environ;

namespace cplan::cli {

namespace fs = std::filesystem;

namespace {

// What a command printed (stdout and stderr together) and how it ended.
struct Finished
{
    int exitCode = -1;   // -1: it did not start or did not exit normally
    std::string output;
};

// Runs a program found on PATH, without a shell (no quoting to get wrong).
Finished runProgram(const std::vector<std::string> &args)
{
    Finished f;
    int pipeFd[2];
    if (::pipe(pipeFd) != 0)
        return f;
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, pipeFd[1], STDOUT_FILENO);
    posix_spawn_file_actions_adddup2(&actions, pipeFd[1], STDERR_FILENO);
    posix_spawn_file_actions_addclose(&actions, pipeFd[0]);
    std::vector<char *> argv;
    for (const std::string &a : args)
        argv.push_back(const_cast<char *>(a.c_str()));
    argv.push_back(nullptr);
    pid_t pid = 0;
    const int spawned = posix_spawnp(&pid, argv[0], &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    ::close(pipeFd[1]);
    if (spawned != 0) {
        ::close(pipeFd[0]);
        f.output = args[0] + ": " + std::strerror(spawned);
        return f;
    }
    char buf[4096];
    for (ssize_t n; (n = ::read(pipeFd[0], buf, sizeof buf)) != 0;)
        if (n > 0)
            f.output.append(buf, std::size_t(n));
        else if (errno != EINTR)
            break;
    ::close(pipeFd[0]);
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    if (WIFEXITED(status))
        f.exitCode = WEXITSTATUS(status);
    return f;
}

// A word for sh: single-quoted, a quote inside as '\''.
std::string shellWord(const std::string &s)
{
    std::string out = "'";
    for (char c : s)
        out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

// The results store a Slurm sweep collects into when no --db is given: FILE without its
// .yaml/.yml and .sweep, plus .sqlite.
std::string defaultStore(const std::string &sweepFile)
{
    std::string base = sweepFile;
    for (const char *suffix : {".yaml", ".yml", ".sweep"})
        if (base.size() > std::strlen(suffix) && base.ends_with(suffix))
            base.resize(base.size() - std::strlen(suffix));
    return base + ".sqlite";
}

struct SlurmPaths
{
    fs::path file, store, parts;
};

SlurmPaths slurmPaths(const SweepArgs &a)
{
    SlurmPaths p;
    p.file = fs::absolute(a.file).lexically_normal();
    p.store = fs::absolute(a.db.empty() ? defaultStore(a.file) : a.db).lexically_normal();
    p.parts = a.slurm.dir.empty() ? fs::path(p.store.string() + ".parts") : fs::absolute(a.slurm.dir).lexically_normal();
    return p;
}

// The designs of a sweep in expansion order: each point's design ordinal.
std::unordered_map<std::string, std::size_t> designOrdinals(const std::vector<SweepPoint> &points, std::size_t *count)
{
    std::map<std::string, std::size_t> ordinalOfDesign;
    std::unordered_map<std::string, std::size_t> out;
    for (const SweepPoint &p : points) {
        const auto [it, added] = ordinalOfDesign.try_emplace(p.designKey, ordinalOfDesign.size());
        out[p.id] = it->second;
    }
    if (count)
        *count = ordinalOfDesign.size();
    return out;
}

std::string batchScript(const SweepArgs &a, Context &ctx, const SlurmPaths &p, unsigned tasks)
{
    const fs::path exe = fs::read_symlink("/proc/self/exe");
    std::string s = "#!/bin/sh\n"
                    "# Written by cplan sweep --slurm: task i of this array evaluates slice i/" +
                    std::to_string(tasks) + " of\n# " + p.file.string() + "\n# into part-i.sqlite here; `cplan sweep collect " +
                    p.file.string() + " --db " + p.store.string() + "` merges them.\n";
    s += "#SBATCH --job-name=cplan-sweep\n";
    s += "#SBATCH --array=0-" + std::to_string(tasks - 1) + "\n";
    s += "#SBATCH --output=" + (p.parts / "task-%a.out").string() + "\n";
    s += "#SBATCH --chdir=" + p.parts.string() + "\n";
    s += "#SBATCH --cpus-per-task=" + std::to_string(std::max(1u, a.jobs)) + "\n";
    if (!a.slurm.partition.empty())
        s += "#SBATCH --partition=" + a.slurm.partition + "\n";
    std::string cmd = "exec " + shellWord(exe.string());
    if (!ctx.storePath.empty())
        cmd += " --store " + shellWord(ctx.storePath);
    cmd += " sweep " + shellWord(p.file.string()) + " --slice \"$SLURM_ARRAY_TASK_ID/" + std::to_string(tasks) + "\"" +
           " --db " + shellWord(p.parts.string()) + "\"/part-$SLURM_ARRAY_TASK_ID.sqlite\"" + " --jobs " +
           std::to_string(std::max(1u, a.jobs)) + " --no-progress --csv";
    return s + cmd + "\n";
}

// The sweep's points that `store` holds, in expansion order, ranked as `rank` says; `expected`
// = the sweep's point count.
Result<std::vector<PointResult>> storedResults(const SweepSpec &spec, const SweepDb &store, std::size_t *expected,
                                               const RankOptions &rank)
{
    const std::vector<SweepPoint> points = expandSweep(spec);
    *expected = points.size();
    auto loaded = store.load();
    if (!loaded)
        return loaded.error();
    std::unordered_map<std::string, PointResult *> byId;
    for (PointResult &r : *loaded)
        byId[r.id] = &r;
    std::vector<PointResult> out;
    for (const SweepPoint &p : points)
        if (const auto it = byId.find(p.id); it != byId.end()) {
            out.push_back(std::move(*it->second));
            out.back().index = p.index;
        }
    rankSweep(spec, out, rank);
    return out;
}

int collect(const SweepArgs &a, Context &ctx)
{
    auto spec = loadSweep(a.file);
    if (!spec)
        return fail(spec.error());
    const SlurmPaths p = slurmPaths(a);
    auto store = SweepDb::open(p.store.string());
    if (!store)
        return fail(store.error());
    std::size_t added = 0, parts = 0;
    std::error_code ec;
    std::vector<fs::path> partFiles;
    for (const auto &entry : fs::directory_iterator(p.parts, ec))
        if (entry.path().filename().string().starts_with("part-") && entry.path().extension() == ".sqlite")
            partFiles.push_back(entry.path());
    std::sort(partFiles.begin(), partFiles.end());
    for (const fs::path &part : partFiles) {
        auto merged = store->merge(part.string());
        if (!merged) {   // a task that has only begun writing: the next collect takes it
            std::cerr << "cplan: warning: " << merged.error().toString() << " (skipped; collect again later)\n";
            continue;
        }
        added += *merged;
        ++parts;
    }
    std::size_t expected = 0;
    RankOptions rank;
    rank.includeIncomplete = a.includeIncomplete;
    auto results = storedResults(*spec, *store, &expected, rank);
    if (!results)
        return fail(results.error());
    if (a.csv)
        std::cout << sweepCsv(*spec, *results);
    else if (ctx.json)
        std::cout << sweepJson(*spec, *results, a.pareto) << '\n';
    else
        printSweepTable(std::cout, *spec, *results, a.pareto);
    std::cerr << "collect: " << added << " new point(s) from " << parts << " part(s) in " << p.parts.string() << "; "
              << p.store.string() << " holds " << results->size() << " of the sweep's " << expected << " point(s)";
    if (results->size() < expected)
        std::cerr << " (" << expected - results->size() << " still to come)";
    std::cerr << '\n';
    return ExitOk;
}

} // namespace

Result<std::function<bool(const SweepPoint &)>> sliceSelector(const SweepSpec &spec, const std::string &slice)
{
    if (slice.empty())
        return std::function<bool(const SweepPoint &)>{};
    const auto slash = slice.find('/');
    std::size_t index = 0, count = 0;
    try {
        std::size_t used = 0;
        index = std::stoul(slice.substr(0, slash), &used);
        const bool whole = used == slash;
        count = slash == std::string::npos ? 0 : std::stoul(slice.substr(slash + 1), &used);
        if (!whole || slash + 1 + used != slice.size())
            count = 0;
    } catch (const std::exception &) {
        count = 0;
    }
    if (count == 0 || index >= count)
        return makeError("", 0, 0, "--slice " + slice + ": expected I/N with 0 <= I < N (task I of N)");
    const auto ordinals = std::make_shared<const std::unordered_map<std::string, std::size_t>>(designOrdinals(expandSweep(spec), nullptr));
    return std::function<bool(const SweepPoint &)>([ordinals, index, count](const SweepPoint &p) {
        const auto it = ordinals->find(p.id);
        return it != ordinals->end() && it->second % count == index;
    });
}

int submitSweepToSlurm(const SweepArgs &a, Context &ctx)
{
    const Catalog *cat = catalog(ctx);
    if (!cat)
        return ExitBadInput;
    auto spec = loadCheckedSweep(a.file, *cat);
    if (!spec)
        return fail(spec.error());
    std::size_t designs = 0;
    const std::vector<SweepPoint> points = expandSweep(*spec);
    designOrdinals(points, &designs);
    const unsigned wanted = a.slurm.arraySize ? a.slurm.arraySize : kDefaultMaxTasks;
    const unsigned tasks = unsigned(std::max<std::size_t>(1, std::min<std::size_t>(wanted, designs)));
    if (a.slurm.arraySize > tasks)
        std::cerr << "cplan: " << designs << " design(s) to share out: " << tasks << " task(s), not " << a.slurm.arraySize << '\n';
    const SlurmPaths p = slurmPaths(a);
    std::error_code ec;
    fs::create_directories(p.parts, ec);
    if (ec)
        return fail(p.parts.string() + ": cannot create the folder for the tasks' results: " + ec.message());
    const fs::path script = p.parts / "sweep.sbatch";
    if (auto written = writeFileAtomically(script.string(), batchScript(a, ctx, p, tasks)); !written)
        return fail(written.error());
    std::vector<std::string> sbatch = {"sbatch", "--parsable"};
    if (a.slurm.wait)
        sbatch.emplace_back("--wait");
    sbatch.push_back(script.string());
    const Finished submitted = runProgram(sbatch);
    const std::string jobId = submitted.output.substr(0, submitted.output.find_first_of(";\n"));
    if (jobId.empty() || !std::all_of(jobId.begin(), jobId.end(), ::isdigit) || (!a.slurm.wait && submitted.exitCode != 0))
        return fail("sbatch " + script.string() + " failed (exit " + std::to_string(submitted.exitCode) + "): " + submitted.output);
    std::cerr << "sweep: job array " << jobId << " (" << tasks << " task(s), " << points.size() << " point(s) of " << designs
              << " design(s)) writes into " << p.parts.string() << "\n";
    if (!a.slurm.wait) {
        std::cout << jobId << '\n';
        std::cerr << "sweep: then: cplan sweep collect " << shellWord(a.file) << " --db " << shellWord(p.store.string()) << '\n';
        return ExitOk;
    }
    if (submitted.exitCode != 0)
        std::cerr << "cplan: warning: job array " << jobId << " ended with exit code " << submitted.exitCode << ":\n"
                  << submitted.output << "(see " << (p.parts / "task-*.out").string() << ")\n";
    const int collected = collect(a, ctx);
    return collected != ExitOk ? collected : submitted.exitCode == 0 ? ExitOk : ExitBadInput;
}

void addSweepSlurm(CLI::App &sweep, SweepArgs &args, Context &ctx)
{
    SweepSlurmArgs &s = args.slurm;
    sweep.add_flag("--slurm", s.submit, "Submit the sweep to Slurm as a job array (sbatch); collect the results with `sweep collect`");
    sweep.add_option("--array-size", s.arraySize, "Slurm: tasks in the array (default: one per design, at most 64)")
        ->check(CLI::Range(1, 100000));
    sweep.add_option("--partition", s.partition, "Slurm: the partition to submit to");
    sweep.add_option("--slurm-dir", s.dir, "Slurm: the folder for the script, the tasks' stores and logs (default: RESULTS.parts)");
    sweep.add_flag("--wait", s.wait, "Slurm: wait for the array to finish, then collect");
    sweep.add_option("--slice", s.slice, "Evaluate only slice I of N (what a Slurm task runs)")->group("");

    CLI::App *cmd = sweep.add_subcommand("collect", "Merge a Slurm sweep's task stores into its results store and print the results");
    auto c = std::make_shared<SweepArgs>();
    cmd->add_option("file", c->file, "The sweep file (*.sweep.yaml)")->required();
    cmd->add_option("--db", c->db, "The results store to merge into (default: the sweep file's name, .sqlite)");
    cmd->add_option("--slurm-dir", c->slurm.dir, "Where the tasks' stores are (default: RESULTS.parts)");
    cmd->add_flag("--pareto", c->pareto, "Only the non-dominated points (table or --json)");
    cmd->add_flag("--include-incomplete", c->includeIncomplete,
                  "Rank points whose objective is a lower bound; by default they are left off the front");
    cmd->add_flag("--csv", c->csv, "Every point as CSV");
    cmd->callback([c, &ctx] { ctx.action = [c, &ctx] { return collect(*c, ctx); }; });
}

} // namespace cplan::cli
