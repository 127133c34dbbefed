#pragma once

#include <QSize>
#include <QString>
#include <QStringList>

namespace cplan {

class MainWindow;

// `cluster-planner --screenshot OUT.png [DESIGN] ...`: renders the window offscreen, for docs
// and checks. Waits for the analysis (and a scheduling run) before grabbing.
struct ScreenshotOptions
{
    QString output;
    QString design;
    bool presentation = false;
    QString heatmap;          // traffic pattern, empty = none
    QString schedulePolicy;   // run the scheduler with this policy, empty = no run
    int scheduleJobs = 2000;
    double scheduleAt = 0.45; // replay position to show, share of the makespan
    bool collapse = false;    // collapse scalable units
    QStringList focusGroups;  // zoom onto these groups (SU ids); empty = fit everything
    bool wizard = false;      // show the new-fabric wizard instead of the window
    QString compare;          // compare with this as-built fabric (overlay and Differences dock)
    QString dock;             // bring this dock to the front (object name, e.g. RacksDock)
    QSize size{1600, 1000};
};

// Returns the process exit code (0 = written).
int takeScreenshot(MainWindow &window, const ScreenshotOptions &options);

} // namespace cplan
