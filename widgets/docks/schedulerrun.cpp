#include "schedulerrun.h"

#include "scheduletext.h"

#include "analysis/scenario.h"

#include <QCoreApplication>
#include <QLocale>

namespace cplan {

namespace {

// "synthetic:200 | backfill | network coupling": what was run, with the engine's ids (the
// report's record, as `cplan report` writes it).
QString scenarioText(const ScheduleScenario &scenario, const ScheduleScenarioResult &result)
{
    return QStringLiteral("%1 | %2 | ").arg(QString::fromStdString(result.input.traceName), QString::fromLatin1(toString(scenario.options.policy))) +
           (scenario.options.network ? QCoreApplication::translate("cplan::SchedulerView", "network coupling")
                                     : QCoreApplication::translate("cplan::SchedulerView", "no network")) +
           (scenario.options.sharedPool ? QStringLiteral(" | ") + QCoreApplication::translate("cplan::SchedulerView", "shared pool") : QString());
}

QString summaryText(const ScheduleScenario &scenario, const ScheduleScenarioResult &result)
{
    const ScheduleResult &r = result.result;
    QLocale l;
    QString summary = QCoreApplication::translate("cplan::SchedulerView", "%1 jobs on %2 GPUs (%3): makespan %4 h, GPU utilization %5 %, "
                                           "wait p50 %6 min / p95 %7 min, JCT p50 %8 min")
                          .arg(l.toString(qlonglong(result.input.jobs.size())), l.toString(r.capacityGpus), policyTitle(scenario.options.policy))
                          .arg(l.toString(r.makespanS / 3600, 'f', 1), l.toString(r.gpuUtilization * 100, 'f', 1),
                               l.toString(r.wait.p50 / 60, 'f', 1), l.toString(r.wait.p95 / 60, 'f', 1), l.toString(r.jct.p50 / 60, 'f', 1));
    // Jobs the pool can never run (bigger than it, or than their tenant's partition).
    return summary + QStringLiteral("; ") + QCoreApplication::translate("cplan::SchedulerView", "%n job(s) rejected", "", int(r.rejected));
}

} // namespace

QString schedulerVariantText(const ScheduleScenario &scenario)
{
    return QCoreApplication::translate("cplan::SchedulerView", "%1, %2")
        .arg(policyTitle(scenario.options.policy),
             scenario.options.sharedPool ? QCoreApplication::translate("cplan::SchedulerView", "one shared pool")
                                         : QCoreApplication::translate("cplan::SchedulerView", "split by tenant"));
}

std::shared_ptr<SchedulerView::Run> runSchedulerScenario(const ScheduleScenario &scenario, const RunControl &control)
{
    auto run = std::make_shared<SchedulerView::Run>();
    run->variant = schedulerVariantText(scenario);
    auto result = runScheduleScenario(scenario, control);
    if (!result) {
        run->error = QString::fromStdString(result.error().toString());
        return run;
    }
    const ScheduleResult &r = result->result;
    run->ok = true;
    run->result = std::make_shared<ScheduleResult>(r);
    run->scenario = scenarioText(scenario, *result);
    run->capacityGpus = r.capacityGpus;
    run->makespanS = r.makespanS;
    run->t0 = r.series.empty() ? 0 : r.series.front().timeS;
    for (const SeriesPoint &p : r.series)
        run->series.push_back({p.timeS, p.allocatedGpus, p.effectiveGpus, double(p.queued)});
    for (const PoolServer &server : result->input.pool.servers)
        run->serverIds.push_back(server.id);
    for (const PlacementSpan &span : result->placements)
        run->segments.push_back({span.startS, span.endS, span.server, span.gpus});
    run->summary = summaryText(scenario, *result);
    return run;
}

SchedulerComparison runSchedulerComparison(const ScheduleScenario &a, const ScheduleScenario &b, const RunControl &control)
{
    auto half = [&control](int offset) {
        RunControl c;
        c.cancel = control.cancel;
        if (control.progress)
            c.progress = [&control, offset](const Progress &p) { control.progress(Progress{offset + p.percent / 2, p.stage, p.detail}); };
        return c;
    };
    SchedulerComparison out;
    out.a = runSchedulerScenario(a, half(0));
    if (!control.cancelled())
        out.b = runSchedulerScenario(b, half(50));
    return out;
}

} // namespace cplan
