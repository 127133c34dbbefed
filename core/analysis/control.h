#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <string>

namespace cplan {

// How a front end steers a long engine run: a cancel token it may set from another thread, and a
// progress callback the run calls between its stages. Plain C++: the window wraps them in its
// worker thread, `cplan` in a progress bar, tests in nothing at all.

// A cancel flag shared between the caller and the run. Copies share the flag; cancel() is
// thread-safe. A default token is never cancelled unless someone calls cancel() on it or a copy.
class CancelToken
{
public:
    CancelToken() : m_flag(std::make_shared<std::atomic<bool>>(false)) {}
    void cancel() const { m_flag->store(true, std::memory_order_relaxed); }
    bool cancelled() const { return m_flag->load(std::memory_order_relaxed); }

private:
    std::shared_ptr<std::atomic<bool>> m_flag;
};

// The stages a run reports, so that each front end words them in its own language.
enum class AnalysisStage {
    Validating,        // design rules
    Pricing,           // bill of materials and cost
    ApplyingFailures,  // taking failed links, switches and servers out
    Routing,           // forwarding tables, reachability, credit loops
    Metrics,           // bisection, oversubscription, diameter
    Latency,           // latency distribution
    Traffic,           // flow simulation of a workload (detail: the workload's name)
    Scheduling,        // the scheduling simulation
    Done,
};

struct Progress
{
    int percent = 0;          // 0..100 over the whole run
    AnalysisStage stage = AnalysisStage::Validating;
    std::string detail;       // e.g. the traffic pattern being simulated
};

struct RunControl
{
    CancelToken cancel;
    std::function<void(const Progress &)> progress;   // may be empty

    bool cancelled() const { return cancel.cancelled(); }
    void report(int percent, AnalysisStage stage, std::string detail = {}) const
    {
        if (progress)
            progress(Progress{percent, stage, std::move(detail)});
    }
};

} // namespace cplan
