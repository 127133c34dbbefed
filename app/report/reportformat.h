#pragma once

#include <QString>

#include <string>

namespace cplan {

// How the report writes numbers, money, ratios and durations: in the report's language
// (QLocale's default, set by `cplan report --lang` or the window's language).
QString qs(const std::string &s);
QString number(double v, int decimals = 0);
QString money(double v, const std::string &currency);
// A blocking or oversubscription ratio as the key figures word it (blockingWording):
// "non-blocking (1:1)", "2:1", "1.33:1".
QString ratioText(double x);
QString capitalized(QString s);
// "850.0 µs", "12.3 ms", "4.5 s", "2.0 min", "3.1 h".
QString durationText(double s);
// A percentage of a share (0.375 -> "37.5%").
QString percentText(double share, int decimals = 1);
// A message size: "1 MiB", "64 KiB", "1 GiB" for whole multiples, else "1,500 B".
QString byteSizeText(double bytes);

} // namespace cplan
