#pragma once

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

namespace cplan {

class MainWindow;

// Measures the longest gap between ticks of a 2 ms timer: how long the GUI thread was busy.
class Heartbeat : public QObject
{
public:
    Heartbeat();
    void start();
    double stopMs();
    double peekMs() const { return m_maxGapNs / 1e6; }

private:
    QTimer m_timer;
    QElapsedTimer m_clock;
    qint64 m_last = -1, m_maxGapNs = 0;
};

// Runs the event loop for `ms` (timers, paints, the level of detail's slices).
void spin(int ms);

// What a user does with a big design once it is open, as the window gets it (events through
// the event loop, paints by the view): pan, zoom in and out, select, move and delete a node,
// undo, each with the metrics refreshed off the GUI thread. Prints one line per phase (its
// longest GUI-thread stall) and returns the longest of all.
double runSession(MainWindow &window, Heartbeat &heartbeat);

} // namespace cplan
