#pragma once

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

namespace cplan {

// Measures how long the GUI thread was busy: the longest gap between ticks of a 2 ms timer.
// bench_gui measures its phases with it; in the window, CLUSTER_PLANNER_STALLS=MS (or =1 for
// 100 ms) prints every gap longer than MS to stderr as it happens and the longest one at exit:
// what a session driven by hand or by xdotool under Xvfb checks the 100 ms budget with.
class StallWatch : public QObject
{
public:
    StallWatch();
    void start();
    double stopMs();
    double peekMs() const { return m_maxGapNs / 1e6; }
    // Prints gaps longer than `ms` (0 = print none) as they end.
    void setReportAbove(double ms) { m_reportAboveNs = qint64(ms * 1e6); }

    // The window's watch, if the environment asks for one (owned by `parent`).
    static void installFromEnvironment(QObject *parent);

private:
    void tick();

    QTimer m_timer;
    QElapsedTimer m_clock;
    qint64 m_last = -1, m_maxGapNs = 0, m_reportAboveNs = 0;
};

} // namespace cplan
