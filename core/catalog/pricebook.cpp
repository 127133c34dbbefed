// The user store's price book and exchange rates (UserStore members; the store itself, its
// schema and its recovery are in userstore.cpp).
#include "catalog/userstore.h"

#include "catalog/catalog.h"
#include "util/sqlite.h"
#include "util/utctime.h"

#include <sqlite3.h>

#include <algorithm>
#include <cmath>
#include <map>

namespace cplan {

namespace {

const char *const kPriceColumns =
    "part_id, unit_price, currency, source, price_date, valid_until, quantity_break, source_file, source_line, entered_at";

PriceOverride readPrice(const SqlStatement &st)
{
    PriceOverride p;
    p.partId = st.text(0);
    p.unitPrice = st.real(1);
    p.currency = st.text(2);
    p.source = st.text(3);
    p.date = st.text(4);
    p.validUntil = st.text(5);
    if (!st.text(6).empty())
        p.quantityBreak = st.int64(6);
    p.sourceFile = st.text(7);
    p.sourceLine = st.integer(8);
    p.enteredAt = st.text(9);
    return p;
}

bool basePrice(const PriceOverride &p)
{
    return p.quantityBreak.value_or(1) <= 1;
}

// The entries of one part, newest first (price date, then entry order), reordered so that the
// one that applies comes first: the newest base price, else the newest of all.
void applyingFirst(std::vector<PriceOverride> &history)
{
    auto base = std::find_if(history.begin(), history.end(), basePrice);
    if (base != history.end())
        std::rotate(history.begin(), base, base + 1);
}

// How a catalog part names its price from the book: "user price book: QUOTE (2026-11-20, valid until ...)".
std::string priceBookSource(const PriceOverride &p)
{
    std::string source = "user price book";
    if (!p.source.empty())
        source += ": " + p.source;
    source += " (" + p.date + (p.validUntil.empty() ? "" : ", valid until " + p.validUntil)
              + (p.quantityBreak && *p.quantityBreak > 1 ? ", from " + std::to_string(*p.quantityBreak) + " units" : "") + ")";
    return source;
}

} // namespace

Status UserStore::insertPrice(const PriceOverride &e)
{
    if (e.partId.empty())
        return makeError(m_path, 0, 0, "price book: empty part id");
    if (!std::isfinite(e.unitPrice) || e.unitPrice < 0)
        return makeError(m_path, 0, 0, "price book: the price of '" + e.partId + "' must be a number >= 0");
    if (!isCurrencyCode(e.currency))
        return makeError(m_path, 0, 0, "price book: '" + e.currency + "' is not a currency code (three letters, such as USD)");
    if (!isIsoDate(e.date))
        return makeError(m_path, 0, 0, "price book: '" + e.date + "' is not a date (YYYY-MM-DD)");
    const std::string sql = std::string("INSERT INTO price_book(") + kPriceColumns + ") VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";
    SqlStatement st(m_db.get(), sql.c_str());
    st.bind(1, e.partId).bind(2, e.unitPrice).bind(3, e.currency).bind(4, e.source).bind(5, e.date).bind(6, e.validUntil);
    if (e.quantityBreak)
        st.bind64(7, *e.quantityBreak);
    else
        st.null(7);
    st.bind(8, e.sourceFile).bindInt(9, e.sourceLine).bind(10, e.enteredAt.empty() ? nowUtc() : e.enteredAt);
    if (!st.ok() || st.step() != SQLITE_DONE)
        return dbError("cannot store the price of '" + e.partId + "'");
    return Ok{};
}

Status UserStore::setPrice(const std::string &partId, double price, const std::string &currency, const std::string &source)
{
    PriceOverride e;
    e.partId = partId;
    e.unitPrice = price;
    e.currency = currency;
    e.source = source;
    e.date = todayUtc();
    return insertPrice(e);
}

Result<std::vector<long long>> UserStore::addPrices(const std::vector<PriceOverride> &entries)
{
    if (auto st = exec("BEGIN IMMEDIATE"); !st)
        return st.error();
    const std::string when = nowUtc();
    std::vector<long long> ids;
    for (PriceOverride e : entries) {
        e.enteredAt = when;
        if (auto st = insertPrice(e); !st) {
            exec("ROLLBACK");
            return st.error();
        }
        ids.push_back(sqlite3_last_insert_rowid(m_db.get()));
    }
    if (auto st = exec("COMMIT"); !st) {
        exec("ROLLBACK");
        return st.error();
    }
    return ids;
}

Status UserStore::removePrices(const std::vector<long long> &ids)
{
    if (auto st = exec("BEGIN IMMEDIATE"); !st)
        return st;
    for (long long id : ids) {
        SqlStatement st(m_db.get(), "DELETE FROM price_book WHERE id = ?");
        st.bind64(1, id);
        if (!st.ok() || st.step() != SQLITE_DONE) {
            exec("ROLLBACK");
            return dbError("cannot remove a price");
        }
    }
    if (auto st = exec("COMMIT"); !st) {
        exec("ROLLBACK");
        return st;
    }
    return Ok{};
}

bool UserStore::applyPriceTo(Catalog &catalog, const std::string &partId) const
{
    const std::vector<PriceOverride> history = priceHistory(partId);
    if (history.empty())
        return false;
    const PriceOverride &p = history.front();
    // A price the user entered is theirs (a quote, a list), not our estimate.
    return catalog.overridePrice(p.partId, p.unitPrice, p.currency, priceBookSource(p), false);
}

Status UserStore::clearPrice(const std::string &partId)
{
    SqlStatement st(m_db.get(), "DELETE FROM price_book WHERE part_id = ?");
    st.bind(1, partId);
    if (!st.ok() || st.step() != SQLITE_DONE)
        return dbError("cannot clear the price of '" + partId + "'");
    return Ok{};
}

std::vector<PriceOverride> UserStore::prices() const
{
    std::map<std::string, std::vector<PriceOverride>> byPart;
    const std::string sql = std::string("SELECT ") + kPriceColumns + " FROM price_book ORDER BY part_id, price_date DESC, id DESC";
    SqlStatement st(m_db.get(), sql.c_str());
    while (st.ok() && st.step() == SQLITE_ROW) {
        PriceOverride p = readPrice(st);
        byPart[p.partId].push_back(std::move(p));
    }
    std::vector<PriceOverride> out;
    for (auto &[part, history] : byPart) {
        applyingFirst(history);
        out.push_back(std::move(history.front()));
    }
    return out;
}

std::vector<PriceOverride> UserStore::priceHistory(const std::string &partId) const
{
    std::vector<PriceOverride> out;
    const std::string sql = std::string("SELECT ") + kPriceColumns + " FROM price_book WHERE part_id = ? ORDER BY price_date DESC, id DESC";
    SqlStatement st(m_db.get(), sql.c_str());
    st.bind(1, partId);
    while (st.ok() && st.step() == SQLITE_ROW)
        out.push_back(readPrice(st));
    applyingFirst(out);
    return out;
}

Status UserStore::setRate(const ExchangeRate &rate)
{
    auto id = addRate(rate);
    if (!id)
        return id.error();
    return Ok{};
}

Result<long long> UserStore::addRate(const ExchangeRate &rate)
{
    if (!isCurrencyCode(rate.currency) || rate.currency == ExchangeRates::kBase)
        return makeError(m_path, 0, 0, "set-rate: '" + rate.currency + "' is not a currency code other than USD (three letters, such as EUR)");
    if (!std::isfinite(rate.perUsd) || rate.perUsd <= 0)
        return makeError(m_path, 0, 0, "set-rate: the rate must be a number > 0");
    if (!isIsoDate(rate.date))
        return makeError(m_path, 0, 0, "set-rate: '" + rate.date + "' is not a date (YYYY-MM-DD)");
    SqlStatement st(m_db.get(), "INSERT INTO exchange_rates(currency, per_usd, rate_date, source, entered_at) VALUES(?, ?, ?, ?, ?)");
    st.bind(1, rate.currency).bind(2, rate.perUsd).bind(3, rate.date).bind(4, rate.source).bind(5, nowUtc());
    if (!st.ok() || st.step() != SQLITE_DONE)
        return dbError("cannot store the rate of " + rate.currency);
    return sqlite3_last_insert_rowid(m_db.get());
}

Status UserStore::removeRate(long long id)
{
    SqlStatement st(m_db.get(), "DELETE FROM exchange_rates WHERE id = ?");
    st.bind64(1, id);
    if (!st.ok() || st.step() != SQLITE_DONE)
        return dbError("cannot remove a rate");
    return Ok{};
}

std::vector<ExchangeRate> UserStore::rateHistory() const
{
    std::vector<ExchangeRate> out;
    SqlStatement st(m_db.get(), "SELECT currency, per_usd, rate_date, source FROM exchange_rates ORDER BY rate_date DESC, id DESC");
    while (st.ok() && st.step() == SQLITE_ROW)
        out.push_back(ExchangeRate{st.text(0), st.real(1), st.text(2), st.text(3)});
    return out;
}

ExchangeRates UserStore::rates() const
{
    ExchangeRates rates;
    const auto history = rateHistory();
    for (auto it = history.rbegin(); it != history.rend(); ++it)   // oldest first: the latest is kept
        rates.set(*it);
    return rates;
}

Status UserStore::applyTo(Catalog &catalog) const
{
    Catalog merged = catalog;   // all or nothing
    {
        SqlStatement st(m_db.get(), "SELECT id, yaml FROM user_parts ORDER BY id");
        if (!st.ok())
            return dbError("cannot read user parts");
        while (st.step() == SQLITE_ROW) {
            const std::string where = m_path + " (user part '" + st.text(0) + "')";
            if (auto r = merged.overlayYaml(st.text(1), where); !r)
                return r;
        }
    }
    for (const auto &p : prices())
        merged.overridePrice(p.partId, p.unitPrice, p.currency, priceBookSource(p), false);   // the user's, not an estimate
    merged.setRates(rates());
    catalog = std::move(merged);
    return Ok{};
}

} // namespace cplan
