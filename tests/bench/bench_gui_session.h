#pragma once

#include "stallwatch.h"

namespace cplan {

class MainWindow;

// Runs the event loop for `ms` (timers, paints, the level of detail's slices).
void spin(int ms);

// What a user does with a big design once it is open, as the window gets it (events through
// the event loop, paints by the view): pan, zoom in and out, select, move and delete a node,
// undo, each with the metrics refreshed off the GUI thread. Prints one line per phase (its
// longest GUI-thread stall) and returns the longest of all.
double runSession(MainWindow &window, StallWatch &heartbeat);

} // namespace cplan
