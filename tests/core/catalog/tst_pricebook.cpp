// The price book: reading a distributor's quote (CSV), the store's price history and exchange
// rates, and the BOM priced in the design's currency through them. Prices here are test data.
// moc (Qt 6.4) cannot parse <concepts>, which the design model pulls in; it needs none of these.
#ifndef Q_MOC_RUN
#include "analysis/cost.h"
#include "catalog/catalog.h"
#include "catalog/pricequote.h"
#include "catalog/userstore.h"
#include "export/csv.h"
#include "model/design.h"
#endif

#include "fixtures.h"
#include "testmain.h"

#include <QtTest>

#include <sqlite3.h>

namespace {

using namespace cplan;

const Catalog &builtin()
{
    return test::builtinCatalog();
}

std::string tempPath(const QTemporaryDir &dir, const char *name)
{
    return QDir(dir.path()).filePath(QLatin1String(name)).toStdString();
}

} // namespace

class TestPriceBook : public QObject
{
    Q_OBJECT

private slots:
    void csvRecords()
    {
        // BOM, CRLF, quoted commas, doubled quotes and a line break inside quotes.
        const std::string text = "\xEF\xBB\xBF" "a,b\r\n\"x, y\",\"say \"\"hi\"\"\"\r\n\"two\nlines\",z\r\nlast,1";
        int open = -1;
        const auto records = readCsvRecords(text, &open);
        QCOMPARE(open, 0);
        QCOMPARE(records.size(), std::size_t(4));
        QCOMPARE(records[0].fields, (std::vector<std::string>{"a", "b"}));
        QCOMPARE(records[1].fields, (std::vector<std::string>{"x, y", "say \"hi\""}));
        QCOMPARE(records[2].line, 3);
        QCOMPARE(records[2].fields[0], std::string("two\nlines"));
        QCOMPARE(records[3].line, 5);
        readCsvRecords("a,b\n\"never closed,1\n2\n", &open);
        QCOMPARE(open, 2);
    }

    void quoteHeaderSynonyms()
    {
        const std::string text = "Qty,SKU,Description,Unit Cost,CCY,Quote Ref,Price Date,Expiry Date,Min Qty\n"
                                 "4,MMA4Z00-NS,optic,\"1,250.00\",eur,TEST Q-1,2026-10-01,2026-12-31,100\n"
                                 "1,qm9700,switch,\xE2\x82\xAC 30000,,TEST Q-1,2026-10-01,,\n";
        auto q = readPriceQuote(text, "q.csv", builtin());
        QVERIFY2(q.ok(), q.ok() ? "" : q.error().toString().c_str());
        QCOMPARE(q->size(), std::size_t(2));
        const PriceOverride &a = (*q)[0];
        QCOMPARE(a.partId, std::string("mma4z00-ns"));   // by vendor part number
        QCOMPARE(a.unitPrice, 1250.0);
        QCOMPARE(a.currency, std::string("EUR"));
        QCOMPARE(a.source, std::string("TEST Q-1"));
        QCOMPARE(a.date, std::string("2026-10-01"));
        QCOMPARE(a.validUntil, std::string("2026-12-31"));
        QCOMPARE(a.quantityBreak.value_or(0), 100LL);
        QCOMPARE(a.sourceLine, 2);
        QCOMPARE((*q)[1].currency, std::string("EUR"));   // from the symbol
        QVERIFY(!(*q)[1].quantityBreak);
    }

    void quoteErrors_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("line");
        QTest::addColumn<int>("column");
        QTest::addColumn<QString>("message");
        const QString head = QStringLiteral("part,price,currency,date,valid_until,quantity_break\n");
        QTest::newRow("no part column") << QStringLiteral("name,price\nx,1\n") << 1 << 0 << QStringLiteral("no part column");
        QTest::newRow("two part columns") << QStringLiteral("SKU,OPN,price\n") << 1 << 2 << QStringLiteral("both give the part");
        QTest::newRow("unknown part") << head + QStringLiteral("qm9700,1\nnope-9,2\n") << 3 << 1 << QStringLiteral("unknown part 'nope-9'");
        QTest::newRow("bad number") << head + QStringLiteral("qm9700,12a\n") << 2 << 2 << QStringLiteral("'12a' is not a price");
        QTest::newRow("negative") << head + QStringLiteral("qm9700,-5\n") << 2 << 2 << QStringLiteral("not a price");
        QTest::newRow("bad separator") << head + QStringLiteral("qm9700,\"1,00\"\n") << 2 << 2 << QStringLiteral("not a price");
        QTest::newRow("empty price") << head + QStringLiteral("qm9700,\n") << 2 << 2 << QStringLiteral("no price given");
        QTest::newRow("bad currency") << head + QStringLiteral("qm9700,1,EURO\n") << 2 << 3 << QStringLiteral("not a currency code");
        QTest::newRow("symbol vs column") << head + QStringLiteral("qm9700,$1,EUR\n") << 2 << 2 << QStringLiteral("is in USD");
        QTest::newRow("bad date") << head + QStringLiteral("qm9700,1,USD,01/02/2026\n") << 2 << 4 << QStringLiteral("not a date");
        QTest::newRow("ends before") << head + QStringLiteral("qm9700,1,USD,2026-05-01,2026-04-01\n") << 2 << 5 << QStringLiteral("before its date");
        QTest::newRow("bad break") << head + QStringLiteral("qm9700,1,USD,,,0\n") << 2 << 6 << QStringLiteral("not a quantity");
        QTest::newRow("twice") << head + QStringLiteral("qm9700,1\nQM9700,2\n") << 3 << 1 << QStringLiteral("priced twice");
        QTest::newRow("unclosed quote") << head + QStringLiteral("qm9700,\"1\n") << 2 << 0 << QStringLiteral("never closed");
        QTest::newRow("header only") << head << 1 << 0 << QStringLiteral("no price lines");
        QTest::newRow("empty") << QStringLiteral("\n\n") << 0 << 0 << QStringLiteral("no header line");
    }

    void quoteErrors()
    {
        QFETCH(QString, text);
        QFETCH(int, line);
        QFETCH(int, column);
        QFETCH(QString, message);
        auto q = readPriceQuote(text.toStdString(), "q.csv", builtin());
        QVERIFY(!q.ok());
        QCOMPARE(q.error().file, std::string("q.csv"));
        QCOMPARE(q.error().line, line);
        QCOMPARE(q.error().column, column);
        QVERIFY2(q.error().message.find(message.toStdString()) != std::string::npos, q.error().message.c_str());
    }

    // All or nothing in the store: one bad entry rolls the whole batch back.
    void addPricesIsOneTransaction()
    {
        QTemporaryDir dir;
        auto store = UserStore::open(tempPath(dir, "store.sqlite"));
        QVERIFY(store.ok());
        PriceOverride good{"qm9700", 40000, "USD", "TEST", "2026-11-01", {}, {}, {}, 0, {}};
        PriceOverride bad = good;
        bad.partId = "connectx-7";
        bad.date = "not a date";
        QVERIFY(!store->addPrices({good, bad}).ok());
        QVERIFY(store->prices().empty());
        QVERIFY(store->addPrices({good}).ok());
        QCOMPARE(store->prices().size(), std::size_t(1));
    }

    // Latest price date wins, then the last entered; quantity breaks are kept but the base
    // price applies; the history keeps everything, the applying price first.
    void historyLatestWins()
    {
        QTemporaryDir dir;
        auto store = UserStore::open(tempPath(dir, "store.sqlite"));
        QVERIFY(store.ok());
        PriceOverride p{"qm9700", 40000, "USD", "TEST old", "2026-01-01", {}, {}, {}, 0, {}};
        PriceOverride newer = p;
        newer.unitPrice = 38000;
        newer.source = "TEST new";
        newer.date = "2026-06-01";
        PriceOverride older = p;   // entered last, but dated earlier
        older.unitPrice = 45000;
        older.date = "2025-06-01";
        PriceOverride bulk = newer;
        bulk.unitPrice = 30000;
        bulk.quantityBreak = 50;
        bulk.date = "2026-07-01";
        QVERIFY(store->addPrices({p, newer}).ok());
        QVERIFY(store->addPrices({older, bulk}).ok());
        const auto prices = store->prices();
        QCOMPARE(prices.size(), std::size_t(1));
        QCOMPARE(prices[0].unitPrice, 38000.0);
        const auto history = store->priceHistory("qm9700");
        QCOMPARE(history.size(), std::size_t(4));
        QCOMPARE(history[0].unitPrice, 38000.0);
        QCOMPARE(history[1].unitPrice, 30000.0);
        QCOMPARE(history[3].unitPrice, 45000.0);

        Catalog c = builtin();
        QVERIFY(store->applyTo(c).ok());
        QCOMPARE(*c.find("qm9700")->unitPrice, 38000.0);
        QVERIFY(c.find("qm9700")->priceSource.find("TEST new (2026-06-01)") != std::string::npos);
    }

    // A schema-1 store (one price per part) keeps its prices when opened by this version.
    void migratesSchema1Prices()
    {
        QTemporaryDir dir;
        const std::string path = tempPath(dir, "old.sqlite");
        sqlite3 *db = nullptr;
        QCOMPARE(sqlite3_open(path.c_str(), &db), SQLITE_OK);
        const char *v1 = "CREATE TABLE migrations(version INTEGER PRIMARY KEY, description TEXT NOT NULL, applied_at TEXT NOT NULL);"
                         "INSERT INTO migrations VALUES(1, 'user parts and price overrides', '2025-01-01T00:00:00Z');"
                         "CREATE TABLE user_parts(id TEXT PRIMARY KEY, kind TEXT NOT NULL, yaml TEXT NOT NULL,"
                         " source_file TEXT NOT NULL DEFAULT '', imported_at TEXT NOT NULL);"
                         "CREATE TABLE price_overrides(part_id TEXT PRIMARY KEY, unit_price REAL NOT NULL, currency TEXT NOT NULL,"
                         " source TEXT NOT NULL DEFAULT '', set_at TEXT NOT NULL);"
                         "INSERT INTO price_overrides VALUES('qm9700', 41000, 'USD', 'TEST quote', '2025-03-04T05:06:07Z');"
                         "PRAGMA application_id=1129335886; PRAGMA user_version=1;";
        QCOMPARE(sqlite3_exec(db, v1, nullptr, nullptr, nullptr), SQLITE_OK);
        sqlite3_close(db);
        auto store = UserStore::open(path);
        QVERIFY2(store.ok(), store.ok() ? "" : store.error().toString().c_str());
        QCOMPARE(store->schemaVersion(), UserStore::kSchemaVersion);
        const auto prices = store->prices();
        QCOMPARE(prices.size(), std::size_t(1));
        QCOMPARE(prices[0].unitPrice, 41000.0);
        QCOMPARE(prices[0].source, std::string("TEST quote"));
        QCOMPARE(prices[0].date, std::string("2025-03-04"));
    }

    // The BOM in the design's currency: converted with the latest rate, the conversion said;
    // without a rate the price is unknown, never summed as if it were the same currency.
    void bomConvertsCurrency()
    {
        QTemporaryDir dir;
        auto store = UserStore::open(tempPath(dir, "store.sqlite"));
        QVERIFY(store.ok());
        QVERIFY(store->setPrice("qm9700", 20000, "EUR", "TEST").ok());
        Design design = test::loadSample("dgx-h100-superpod-1su.cluster.yaml");
        design.settings.currency = "USD";
        Catalog c = builtin();
        QVERIFY(store->applyTo(c).ok());
        CostAnalysis cost = analyzeCost(design, c);
        QVERIFY(!cost.bom.totals.capexComplete);
        QCOMPARE(cost.bom.missingRates, std::vector<std::string>{"EUR"});

        QVERIFY(store->setRate({"EUR", 1.10, "2026-01-01", "TEST old"}).ok());
        QVERIFY(store->setRate({"EUR", 1.08, "2026-11-30", "TEST"}).ok());
        QVERIFY(store->setRate({"GBP", 1.25, "2026-11-30", "TEST"}).ok());
        QVERIFY(!store->setRate({"USD", 1.0, "2026-11-30", ""}).ok());
        c = builtin();
        QVERIFY(store->applyTo(c).ok());
        cost = analyzeCost(design, c);
        QVERIFY(cost.bom.missingRates.empty());
        QCOMPARE(cost.bom.conversions.size(), std::size_t(1));
        QCOMPARE(cost.bom.conversions[0].rates, std::string("1 EUR = 1.08 USD (2026-11-30, TEST)"));
        for (const BomLine &l : cost.bom.lines)
            if (l.part == "qm9700") {
                QCOMPARE(l.currency, std::string("USD"));
                QVERIFY(qAbs(*l.unitPrice - 21600.0) < 1e-6);
                QCOMPARE(*l.quotedUnitPrice, 20000.0);
            }

        // In GBP: EUR -> GBP through USD, both rates named; the USD prices are converted too.
        design.settings.currency = "GBP";
        cost = analyzeCost(design, c);
        QCOMPARE(cost.bom.conversions.size(), std::size_t(2));
        for (const CurrencyConversion &conv : cost.bom.conversions)
            QCOMPARE(conv.rates, std::string(conv.from == "EUR" ? "1 EUR = 1.08 USD (2026-11-30, TEST); 1 GBP = 1.25 USD (2026-11-30, TEST)"
                                                                : "1 GBP = 1.25 USD (2026-11-30, TEST)"));
        for (const BomLine &l : cost.bom.lines)
            if (l.part == "qm9700")
                QVERIFY(qAbs(*l.unitPrice - 20000.0 * 1.08 / 1.25) < 1e-6);
    }
};

CPLAN_TEST_APPLESS_MAIN(TestPriceBook)
#include "tst_pricebook.moc"
