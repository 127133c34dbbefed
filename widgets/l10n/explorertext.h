#pragma once

// The key figures (core/analysis/keyfigures.h) in the interface language: their titles and
// values for the Metrics dock, presentation mode, the PDF report, the design explorer's axes
// and columns and the report's "Alternatives considered" page. One table, looked up by id.

#include <QString>

#include <string>
#include <string_view>

namespace cplan {

struct KeyFigure;

// A key figure's title without its unit: "CAPEX", "Bisection"; an unknown id as it is.
QString keyFigureLabel(std::string_view id);
// A key figure as a person reads it, in its unit scaled for reading: "$12.35M", "1.2 kW",
// "25.6 Tb/s", "1,800 ns", "3.20 ms", "12.5 %", "1.76:1" or "non-blocking (1:1)" (blocking and
// oversubscription, blockingWording), "yes"; "≥ " before a lower bound;
// "unknown" when there is no value (or a lower bound of nothing). A cost figure short of a price
// says its coverage: "≥ $9.26M (56 of 57 lines priced)", "unknown (1 of 6 lines priced)". Money
// in full ("$9,261,000") for a table's total.
enum class MoneyForm { Short, Full };
QString keyFigureText(const KeyFigure &figure, const std::string &currency, MoneyForm money = MoneyForm::Short);

// A figure's title with the unit its raw value is in: "CAPEX", "Power (W)", "All-to-all time (s)".
QString figureTitle(const std::string &name);
// A figure's raw value in the locale: money with its symbol, counts with separators, times and
// ratios with four significant digits.
QString figureText(const std::string &name, double value);

} // namespace cplan
