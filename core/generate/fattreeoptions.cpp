#include "generate/fattreeoptions.h"

#include "util/intpair.h"
#include "util/strings.h"

namespace cplan {

Result<std::pair<int, int>> parseBlockingRatio(std::string_view text)
{
    if (split(text, ':').size() != 2)
        return Error{"", 0, 0, "'" + std::string(text) + "' must be D:U, e.g. 1:1 or 2:1"};
    if (auto ratio = parseIntPair(text, ':', {1, 64}, {1, 64}))
        return *ratio;
    return Error{"", 0, 0, "'" + std::string(text) + "' must be D:U with whole numbers from 1 to 64"};
}

Result<std::vector<std::pair<std::string, int>>> parseServerMix(std::string_view text, int total)
{
    std::vector<std::pair<std::string, int>> mix;
    for (const std::string &item : split(text, ',')) {
        const auto colon = item.find(':');
        if (colon == std::string::npos) {
            mix.emplace_back(std::string(trim(item)), -1);
            continue;
        }
        const auto n = parseInt(item.substr(colon + 1));
        if (!n || *n < 0 || *n > 1'000'000)
            return Error{"", 0, 0, "'" + item + "' must be PART or PART:COUNT"};
        mix.emplace_back(std::string(trim(item.substr(0, colon))), int(*n));
    }
    int counted = 0, open = 0;
    for (auto &[part, n] : mix)
        n < 0 ? ++open : counted += n;
    if (open > 1)
        return Error{"", 0, 0, "give a count for each part of a mix (PART:COUNT,...)"};
    for (auto &[part, n] : mix)
        if (n < 0) {
            if (total <= counted)
                return Error{"", 0, 0, "the number of servers must be larger than the counts in the mix"};
            n = total - counted;
        }
    return mix;
}

Result<double> parsePortSpeed(std::string_view text)
{
    std::string number(trim(text));
    if (!number.empty() && (number.back() == 'G' || number.back() == 'g'))
        number.pop_back();
    const auto v = parseDouble(number);
    if (!v || !(*v > 0) || *v > 10'000)
        return Error{"", 0, 0, "'" + std::string(text) + "' must be a port speed in Gb/s, e.g. 200G or 400G"};
    return *v;
}

} // namespace cplan
