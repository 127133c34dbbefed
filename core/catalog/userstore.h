#pragma once

#include "catalog/exchangerates.h"
#include "catalog/part.h"
#include "catalog/pricequote.h"
#include "util/error.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

struct sqlite3;

namespace cplan {

class Catalog;

// The embedded default store: a SQLite file with the user's own parts and price book. Its
// schema is versioned (PRAGMA user_version plus a `migrations` table), and opening an older
// store migrates it step by step, so the user's edits survive upgrades. A store written by a
// newer version is refused, never altered.
//
// A damaged store of ours (it fails SQLite's integrity check, or SQLite finds it corrupt while
// reading it) is not refused: open() moves it aside, untouched, creates a new empty store in
// its place and says so in recoveredWarning(). A file that is not ours (another program's
// database, not a database at all) is refused and left where it is.
class UserStore
{
public:
    static constexpr int kSchemaVersion = 2;

    // $CPLAN_STORE, else $XDG_DATA_HOME/cluster-planner/store.sqlite, else
    // ~/.local/share/cluster-planner/store.sqlite.
    static std::string defaultPath();

    // Opens (and creates, with its folders, if needed) the store at `path` (empty = default).
    // When the file was damaged and set aside, the returned store is the new empty one and
    // recoveredWarning() says so; the callers show that to the user and carry on.
    static Result<UserStore> open(const std::string &path = {});

    UserStore(UserStore &&) noexcept;
    UserStore &operator=(UserStore &&) noexcept;
    ~UserStore();

    const std::string &path() const { return m_path; }
    int schemaVersion() const;

    // Set when open() found the store damaged: names the store, where the damaged file went
    // (`<path>.corrupt-<YYYYMMDD-HHMMSS>`, with its -wal and -shm files beside it) and what was
    // wrong. Empty for a healthy store.
    const std::optional<std::string> &recoveredWarning() const { return m_recoveredWarning; }

    // Price book (catalog/pricebook.cpp). Every price is kept (the history); for each part the
    // latest applies: the newest price date, then the last entered. Quantity-break prices
    // (from a given quantity on) are kept and shown; the base price (no break, or a break of 1)
    // applies when there is one. `price` must be a finite number >= 0.
    // setPrice: a price for today, from `source`.
    Status setPrice(const std::string &partId, double price, const std::string &currency = "USD",
                    const std::string &source = {});
    // Stores every entry in one transaction: all or nothing. Returns the entries' row ids (for
    // removePrices: the window's undo).
    Result<std::vector<long long>> addPrices(const std::vector<PriceOverride> &entries);
    // Forgets the entries with these row ids (one transaction): the price history is as it was
    // before addPrices stored them.
    Status removePrices(const std::vector<long long> &ids);
    // Sets the part's price in `catalog` to the one of the price book that applies; false
    // (the catalog untouched) when the book has no price for the part or the catalog no part.
    bool applyPriceTo(Catalog &catalog, const std::string &partId) const;
    // Forgets every price of the part.
    Status clearPrice(const std::string &partId);
    // The price that applies to each part, by part id.
    std::vector<PriceOverride> prices() const;
    // Every price of a part, the one that applies first, then newest to oldest.
    std::vector<PriceOverride> priceHistory(const std::string &partId) const;

    // Exchange rates: one unit of `rate.currency` is worth `rate.perUsd` US dollars on
    // `rate.date`. Every rate is kept; the latest date (then the last entered) applies.
    Status setRate(const ExchangeRate &rate);
    // The same, returning the rate's row id, and forgetting it again (the window's undo).
    Result<long long> addRate(const ExchangeRate &rate);
    Status removeRate(long long id);
    std::vector<ExchangeRate> rateHistory() const;   // newest first
    ExchangeRates rates() const;                     // the ones that apply

    // User parts. importYaml reads a catalog YAML file (format: cluster-planner-catalog/1) and
    // stores every part in it, replacing stored parts with the same id. When `against` is
    // given, servers must name gpu / hca parts that exist there or in the file itself.
    // Returns the number of parts imported. Nothing is stored if the file has an error.
    Result<int> importYaml(const std::string &file, const Catalog *against = nullptr);
    Result<int> importYamlText(const std::string &text, const std::string &fileName,
                               const Catalog *against = nullptr);
    Status removePart(const std::string &partId);
    std::vector<std::string> partIds() const;

    // Adds the stored parts to `catalog` (overriding built-ins with the same id), then applies
    // the price overrides of parts that exist. Overrides of unknown parts are kept and skipped.
    Status applyTo(Catalog &catalog) const;

private:
    UserStore(std::string path, sqlite3 *db);
    // open() without the recovery: `damage` is set (and an error returned) when the file is
    // ours but damaged.
    static Result<UserStore> openChecked(const std::string &path, std::optional<std::string> &damage);
    Status migrate();
    Status insertPrice(const PriceOverride &entry);
    Status exec(const std::string &sql);
    Error dbError(const std::string &what) const;

    struct Closer
    {
        void operator()(sqlite3 *db) const;
    };
    std::string m_path;
    std::unique_ptr<sqlite3, Closer> m_db;
    std::optional<std::string> m_recoveredWarning;
};

} // namespace cplan
