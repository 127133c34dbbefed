// Issue 28's benchmark: `cplan train` with auto parallelism on 1,024 and 16,384 GPUs (DGX H100
// fat trees on QM9700): the whole analysis (network flow runs + search) and the search alone,
// with the plans priced and the peak memory. Target: the search well under a second at 1,024.
// Usage: build/tests/bench/bench_train [MODEL...]   (default llama3-70b llama3.1-405b)
#include "analysis/training.h"
#include "catalog/catalog.h"
#include "generate/fattree.h"

#include <sys/resource.h>

#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

using namespace cplan;
using namespace cplan::training;
using Clock = std::chrono::steady_clock;

namespace {

double since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

long peakRssMb()
{
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return u.ru_maxrss / 1024;
}

} // namespace

int main(int argc, char **argv)
{
    std::vector<std::string> models;
    for (int i = 1; i < argc; ++i)
        models.emplace_back(argv[i]);
    if (models.empty())
        models = {"llama3-70b", "llama3.1-405b"};
    auto catalog = loadCatalog("/nonexistent/store.sqlite");
    if (!catalog) {
        std::fprintf(stderr, "%s\n", catalog.error().toString().c_str());
        return 1;
    }
    for (int servers : {128, 2048}) {
        FatTreeSpec spec;
        spec.name = "bench";
        spec.servers = {{"dgx-h100", servers}};
        spec.switchPart = "qm9700";
        auto t0 = Clock::now();
        auto gen = generateFatTree(spec, *catalog);
        if (!gen) {
            std::fprintf(stderr, "%s\n", gen.error().toString().c_str());
            return 1;
        }
        std::printf("%d GPUs (%d DGX H100): generated in %.2f s\n", servers * 8, servers, since(t0));
        for (const std::string &id : models) {
            TrainingRequest r;
            r.model = *findModel(id);
            r.tokens = 15e12;
            t0 = Clock::now();
            auto a = analyzeTraining(*gen, *catalog, r);
            const double whole = since(t0);
            if (!a) {
                std::fprintf(stderr, "%s\n", a.error().toString().c_str());
                return 1;
            }
            // The search alone, with a cold collective cache.
            const Comm comm(a->system);
            SearchSpace space;
            space.globalBatch = a->search.best.plan.globalBatch;
            space.seq = a->search.best.plan.seq;
            const Part *gpu = catalog->find(a->gpuPart);
            const GpuFigures figures{gpu->id, gpu->bf16Tflops, gpu->fp8Tflops, gpu->memoryGB, gpu->hbmTBps, gpu->architecture};
            t0 = Clock::now();
            const SearchResult s = searchParallelism(r.model, figures, comm, a->gpus, space);
            const double search = since(t0);
            const StepEstimate &e = s.best;
            std::printf("  %-14s analysis %.2f s, search %.3f s (%llu plans, %llu fit), peak RSS %ld MB\n", id.c_str(), whole, search,
                        static_cast<unsigned long long>(s.evaluated), static_cast<unsigned long long>(s.fitting), peakRssMb());
            std::printf("    %s: step %.2f s, %.0f tok/s/GPU, MFU %.1f %%, %.1f GB, %.1f days for 15T tokens\n", e.plan.text().c_str(), e.stepS,
                        e.tokensPerSPerGpu, 100 * e.mfu, e.memory.total(), a->days.value_or(0));
        }
    }
    return 0;
}
