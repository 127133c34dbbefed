#pragma once

#include <optional>
#include <string>
#include <vector>

namespace cplan {

// An exchange rate the user entered: one unit of `currency` is worth `perUsd` US dollars on
// `date` (ISO 8601 day). USD is the base; its rate is 1 and is never stored.
struct ExchangeRate
{
    std::string currency;   // ISO 4217 code, upper case ("EUR")
    double perUsd = 0;
    std::string date;       // the day the rate is for
    std::string source;     // where the rate comes from (a bank, the quote)
};

// The rates the BOM converts prices with (one per currency: the latest the store holds).
// A price in a currency without a rate is not converted: it stays unknown in a total in
// another currency, never guessed.
class ExchangeRates
{
public:
    static constexpr const char *kBase = "USD";

    // Keeps `rate` if it is the first for its currency or not older than the one kept.
    void set(ExchangeRate rate);
    // nullptr for USD (the base) and for a currency without a rate.
    const ExchangeRate *find(const std::string &currency) const;
    bool known(const std::string &currency) const { return currency == kBase || find(currency); }
    // The factor that turns an amount in `from` into `to`; nothing when a rate is missing.
    std::optional<double> factor(const std::string &from, const std::string &to) const;
    const std::vector<ExchangeRate> &all() const { return m_rates; }

private:
    std::vector<ExchangeRate> m_rates;
};

// True for an ISO 4217-shaped code: three letters A-Z.
bool isCurrencyCode(const std::string &code);

} // namespace cplan
