#include "stallwatch.h"

#include <QCoreApplication>

#include <algorithm>
#include <cstdio>

namespace cplan {

StallWatch::StallWatch()
{
    m_timer.setInterval(2);
    m_timer.setTimerType(Qt::PreciseTimer);
    connect(&m_timer, &QTimer::timeout, this, &StallWatch::tick);
}

void StallWatch::tick()
{
    const qint64 now = m_clock.nsecsElapsed();
    if (m_last >= 0) {
        const qint64 gap = now - m_last;
        m_maxGapNs = std::max(m_maxGapNs, gap);
        if (m_reportAboveNs > 0 && gap > m_reportAboveNs) {
            std::fprintf(stderr, "GUI thread stall: %.1f ms, ended %.3f s after start\n", gap / 1e6, now / 1e9);
            std::fflush(stderr);
        }
    }
    m_last = now;
}

void StallWatch::start()
{
    m_maxGapNs = 0;
    m_clock.start();
    m_last = 0; // a stall right after start counts too
    m_timer.start();
}

double StallWatch::stopMs()
{
    m_timer.stop();
    // The time since the last tick counts too (a stall that the stop interrupted).
    if (m_last >= 0)
        m_maxGapNs = std::max(m_maxGapNs, m_clock.nsecsElapsed() - m_last);
    return m_maxGapNs / 1e6;
}

void StallWatch::installFromEnvironment(QObject *parent)
{
    const QByteArray value = qgetenv("CLUSTER_PLANNER_STALLS");
    if (value.isEmpty())
        return;
    const double ms = value.toDouble() > 1 ? value.toDouble() : 100;
    auto *watch = new StallWatch;
    watch->setParent(parent);
    watch->setReportAbove(ms);
    watch->start();
    QObject::connect(QCoreApplication::instance(), &QCoreApplication::aboutToQuit, watch, [watch] {
        std::fprintf(stderr, "GUI thread: longest stall %.1f ms (reported above %.0f ms)\n", watch->stopMs(),
                     watch->m_reportAboveNs / 1e6);
    });
}

} // namespace cplan
