#include "scheduletext.h"

#include "schedule/scheduler.h"

#include <QCoreApplication>

namespace cplan {

namespace {

QString text(const char *source)
{
    return QCoreApplication::translate("SchedulePolicies", source);
}

} // namespace

QString policyTitle(Policy policy)
{
    switch (policy) {
    case Policy::Fifo: return text(QT_TRANSLATE_NOOP("SchedulePolicies", "First come, first served"));
    case Policy::Backfill: return text(QT_TRANSLATE_NOOP("SchedulePolicies", "FIFO with EASY backfill"));
    case Policy::Sjf: return text(QT_TRANSLATE_NOOP("SchedulePolicies", "Shortest job first"));
    case Policy::SjfGreedy: return text(QT_TRANSLATE_NOOP("SchedulePolicies", "Shortest job first, no blocking"));
    case Policy::TopoPack: return text(QT_TRANSLATE_NOOP("SchedulePolicies", "Topology-aware packing"));
    case Policy::Random: return text(QT_TRANSLATE_NOOP("SchedulePolicies", "Random placement"));
    case Policy::BestFit: return text(QT_TRANSLATE_NOOP("SchedulePolicies", "Best fit"));
    case Policy::Fragmentation: return text(QT_TRANSLATE_NOOP("SchedulePolicies", "Fragmentation-aware"));
    case Policy::Priority: return text(QT_TRANSLATE_NOOP("SchedulePolicies", "Priority with preemption"));
    }
    return QString::fromLatin1(toString(policy));
}

QString policyDescription(Policy policy)
{
    switch (policy) {
    case Policy::Fifo:
        return text(QT_TRANSLATE_NOOP("SchedulePolicies", "Jobs start in the order they arrive; the first that does not fit holds the rest back."));
    case Policy::Backfill:
        return text(QT_TRANSLATE_NOOP("SchedulePolicies",
                                      "In arrival order; while the first job waits, later ones that fit start if they do not delay it."));
    case Policy::Sjf:
        return text(QT_TRANSLATE_NOOP("SchedulePolicies", "Shortest jobs first; the first that does not fit holds the rest back."));
    case Policy::SjfGreedy:
        return text(QT_TRANSLATE_NOOP("SchedulePolicies", "Shortest jobs first; every job that fits starts."));
    case Policy::TopoPack:
        return text(QT_TRANSLATE_NOOP("SchedulePolicies", "In arrival order, each job under the lowest switch that holds it (Slurm's tree)."));
    case Policy::Random:
        return text(QT_TRANSLATE_NOOP("SchedulePolicies", "In arrival order, every job that fits starts, on random servers."));
    case Policy::BestFit:
        return text(QT_TRANSLATE_NOOP("SchedulePolicies", "In arrival order, every job that fits starts, on the fullest servers it fits."));
    case Policy::Fragmentation:
        return text(QT_TRANSLATE_NOOP("SchedulePolicies", "In arrival order, every job that fits starts where it fragments the free GPUs least."));
    case Policy::Priority:
        return text(QT_TRANSLATE_NOOP("SchedulePolicies", "Highest priority first; a job may preempt lower-priority ones."));
    }
    return QString();
}

} // namespace cplan
