#include "cli/keyfiguresjson.h"

namespace cplan::cli {

namespace {

const char *unitName(Unit unit)
{
    switch (unit) {
    case Unit::Count: return "count";
    case Unit::Money: return "money";
    case Unit::Fraction: return "fraction";
    case Unit::Ratio: return "ratio";
    case Unit::Verdict: return "verdict";
    default: return unitSymbol(unit);
    }
}

const char *completenessName(Completeness c)
{
    switch (c) {
    case Completeness::Exact: return "exact";
    case Completeness::LowerBound: return "lower_bound";
    case Completeness::Unknown: break;
    }
    return "unknown";
}

} // namespace

nlohmann::ordered_json keyFiguresJson(const KeyFigures &figures)
{
    nlohmann::ordered_json out = nlohmann::ordered_json::object();
    for (const KeyFigure &f : figures.figures) {
        nlohmann::ordered_json j{{"value", f.value ? nlohmann::json(*f.value) : nlohmann::json(nullptr)},
                                 {"unit", unitName(f.unit())},
                                 {"completeness", completenessName(f.completeness)},
                                 {"better", f.better() == Sense::Minimize ? "lower" : "higher"}};
        if (f.priced) {   // a cost figure: its BOM lines priced (unknown below 90 %, cost/coverage.h)
            j["priced_lines"] = f.priced->priced;
            j["lines"] = f.priced->lines;
        }
        out[std::string(f.id())] = std::move(j);
    }
    return out;
}

} // namespace cplan::cli
