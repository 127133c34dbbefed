#pragma once

// cplan draws PDFs and SVGs with Qt (the report, rack elevations, cable labels): it needs a
// QGuiApplication for fonts, on the offscreen platform unless the caller chose another.

#include <QGuiApplication>

#include <cstdlib>
#include <memory>

namespace cplan {

// A QGuiApplication when none runs yet (keep it alive while drawing); empty when one does.
inline std::unique_ptr<QGuiApplication> offscreenApplication()
{
    if (QGuiApplication::instance())
        return {};
    if (!std::getenv("QT_QPA_PLATFORM"))
        ::setenv("QT_QPA_PLATFORM", "offscreen", 1);
    static int argc = 1;
    static char name[] = "cplan";
    static char *argv[] = {name, nullptr};
    return std::make_unique<QGuiApplication>(argc, argv);
}

} // namespace cplan
