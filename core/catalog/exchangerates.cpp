#include "catalog/exchangerates.h"

#include <algorithm>

namespace cplan {

void ExchangeRates::set(ExchangeRate rate)
{
    auto it = std::find_if(m_rates.begin(), m_rates.end(), [&](const ExchangeRate &r) { return r.currency == rate.currency; });
    if (it == m_rates.end())
        m_rates.push_back(std::move(rate));
    else if (rate.date >= it->date)
        *it = std::move(rate);
}

const ExchangeRate *ExchangeRates::find(const std::string &currency) const
{
    auto it = std::find_if(m_rates.begin(), m_rates.end(), [&](const ExchangeRate &r) { return r.currency == currency; });
    return it == m_rates.end() ? nullptr : &*it;
}

std::optional<double> ExchangeRates::factor(const std::string &from, const std::string &to) const
{
    if (from == to)
        return 1.0;
    auto perUsd = [&](const std::string &c) -> std::optional<double> {
        if (c == kBase)
            return 1.0;
        if (const ExchangeRate *r = find(c); r && r->perUsd > 0)
            return r->perUsd;
        return std::nullopt;
    };
    const auto a = perUsd(from), b = perUsd(to);
    if (!a || !b)
        return std::nullopt;
    return *a / *b;
}

bool isCurrencyCode(const std::string &code)
{
    return code.size() == 3 && std::all_of(code.begin(), code.end(), [](char c) { return c >= 'A' && c <= 'Z'; });
}

} // namespace cplan
