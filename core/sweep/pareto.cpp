#include "sweep/pareto.h"

#include "sweep/figures.h"
#include "util/strings.h"

#include <algorithm>
#include <optional>

namespace cplan {

namespace {

// The objectives' values, each turned so that smaller is better; empty when one is missing.
std::optional<std::vector<double>> costs(const PointResult &r, const std::vector<std::string> &objectives)
{
    std::vector<double> out;
    for (const std::string &name : objectives) {
        const auto v = r.figure(name);
        const FigureInfo *info = findFigure(name);
        if (!v || !info)
            return std::nullopt;
        out.push_back(info->sense == Sense::Maximize ? -*v : *v);
    }
    return out;
}

bool dominates(const std::vector<double> &a, const std::vector<double> &b)
{
    bool better = false;
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (a[i] > b[i])
            return false;
        better = better || a[i] < b[i];
    }
    return better;
}

} // namespace

bool incompleteIn(const PointResult &r, const std::vector<std::string> &figures)
{
    return std::any_of(figures.begin(), figures.end(), [&](const std::string &f) {
        return std::find(r.incomplete.begin(), r.incomplete.end(), f) != r.incomplete.end();
    });
}

std::vector<std::string> rankedFigures(const SweepSpec &spec)
{
    std::vector<std::string> out = spec.objectives;
    const SweepConstraints &c = spec.constraints;
    for (const auto &[limit, figure] : {std::pair{c.budget, "capex"}, std::pair{c.powerW, "power_w"}, std::pair{c.racks, "racks"},
                                        std::pair{c.maxBlocking, "blocking"}})
        if (limit && std::find(out.begin(), out.end(), figure) == out.end())
            out.emplace_back(figure);
    return out;
}

std::vector<std::size_t> paretoFront(const std::vector<PointResult> &results, const std::vector<std::string> &objectives,
                                     const RankOptions &options)
{
    return paretoFront(results, objectives, options, objectives);
}

std::vector<std::size_t> paretoFront(const std::vector<PointResult> &results, const std::vector<std::string> &objectives,
                                     const RankOptions &options, const std::vector<std::string> &exact)
{
    std::vector<std::pair<std::size_t, std::vector<double>>> candidates;
    for (std::size_t i = 0; i < results.size(); ++i)
        if (results[i].feasible() && (options.includeIncomplete || !incompleteIn(results[i], exact)))
            if (auto c = costs(results[i], objectives))
                candidates.emplace_back(i, std::move(*c));
    std::vector<std::size_t> front;
    for (const auto &[i, c] : candidates) {
        bool dominated = false;
        for (const auto &[j, other] : candidates)
            if (j != i && dominates(other, c)) {
                dominated = true;
                break;
            }
        if (!dominated)
            front.push_back(i);
    }
    return front;
}

std::vector<std::string> constraintViolations(const SweepSpec &spec, const PointResult &result)
{
    std::vector<std::string> out;
    auto check = [&](const std::optional<double> &limit, const char *figure, const char *what) {
        const auto v = result.figure(figure);
        if (limit && v && *v > *limit * (1 + 1e-12))
            out.push_back(std::string(figure) + " " + formatThousands(*v, *v < 100 ? 2 : 0) + " over the " + what + " " +
                          formatThousands(*limit, *limit < 100 ? 2 : 0));
    };
    const SweepConstraints &c = spec.constraints;
    check(c.budget, "capex", "budget");
    check(c.powerW, "power_w", "power limit");
    check(c.racks, "racks", "rack limit");
    check(c.maxBlocking, "blocking", "maximum blocking");
    return out;
}

void rankSweep(const SweepSpec &spec, std::vector<PointResult> &results, const RankOptions &options)
{
    const std::vector<std::string> exact = rankedFigures(spec);
    for (PointResult &r : results) {
        r.violations = r.skipped.empty() ? constraintViolations(spec, r) : std::vector<std::string>{};
        r.pareto = false;
        r.leftOff = !options.includeIncomplete && r.feasible() && incompleteIn(r, exact);
    }
    for (std::size_t i : paretoFront(results, spec.objectives, options, exact))
        results[i].pareto = true;
}

} // namespace cplan
