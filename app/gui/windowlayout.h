#pragma once

#include <QByteArray>

class QMainWindow;

namespace cplan {

// The window's layout between sessions: its size and place, and where its docks and toolbar are,
// how big and which tab of a group is in front (QMainWindow::saveState), in QSettings under
// "window/". The window saves it when it closes; the application restores it before showing
// the window (a window of the explorer, and the tests' windows, keep the default layout).

// `state`: the window's saveState(kWindowLayoutVersion) — in presentation mode, the one from before.
void saveWindowLayout(const QMainWindow &window, const QByteArray &state);
// False (the default layout stays) when nothing was saved, or by another version of the docks.
bool restoreWindowLayout(QMainWindow &window);

// Raised when the docks change so that an old layout no longer fits them.
inline constexpr int kWindowLayoutVersion = 1;

} // namespace cplan
