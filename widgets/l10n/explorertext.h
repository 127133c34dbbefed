#pragma once

// The design sweep's figures (core/sweep/figures.h) in the interface language: the design
// explorer's axes and columns and the report's "Alternatives considered" page.

#include <QString>

#include <string>

namespace cplan {

// A figure's title: "CAPEX", "All-to-all time (s)"; an unknown name as it is.
QString figureTitle(const std::string &name);
// A figure's value in the locale: money with its symbol, counts with separators, times and
// ratios with four significant digits.
QString figureText(const std::string &name, double value);

} // namespace cplan
