#include "windowlayout.h"

#include <QMainWindow>
#include <QSettings>

namespace cplan {

namespace {

const QString geometryKey = QStringLiteral("window/geometry");
const QString stateKey = QStringLiteral("window/state");

} // namespace

void saveWindowLayout(const QMainWindow &window, const QByteArray &state)
{
    QSettings settings;
    settings.setValue(geometryKey, window.saveGeometry());
    settings.setValue(stateKey, state);
}

bool restoreWindowLayout(QMainWindow &window)
{
    const QSettings settings;
    const QByteArray geometry = settings.value(geometryKey).toByteArray(), state = settings.value(stateKey).toByteArray();
    if (geometry.isEmpty() || state.isEmpty())
        return false;
    // restoreGeometry keeps the window on a screen that exists now (a laptop without its monitor).
    window.restoreGeometry(geometry);
    return window.restoreState(state, kWindowLayoutVersion);
}

} // namespace cplan
