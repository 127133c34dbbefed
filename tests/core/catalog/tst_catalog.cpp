#include "catalog/catalog.h"
#include "catalog/userstore.h"
#include "util/atomicfile.h"
#include "util/strings.h"

#include "fixtures.h"
#include "testmain.h"

#include <QtTest>

#include <sqlite3.h>

#include <cmath>
#include <cstdlib>
#include <map>

using namespace cplan;

namespace {

using test::near;

const Catalog &builtin()
{
    return test::builtinCatalog();
}

std::string tempPath(const QTemporaryDir &dir, const char *name)
{
    return dir.filePath(QString::fromUtf8(name)).toStdString();
}

using test::readBytes;
using test::writeBytes;

// The files a damaged store was moved to (`store.sqlite.corrupt-...`, and its -wal / -shm).
QStringList setAsideFiles(const QTemporaryDir &dir)
{
    return QDir(dir.path()).entryList({QStringLiteral("*.corrupt-*")}, QDir::Files, QDir::Name);
}

// A store with `prices` price rows, closed cleanly (its log checkpointed into the file). The
// rows go in as one transaction: setPrice commits (and syncs) each, seconds for thousands.
void makeStore(const std::string &path, int prices)
{
    {
        auto store = UserStore::open(path);
        QVERIFY2(store.ok(), store.ok() ? "" : store.error().toString().c_str());
        QVERIFY(store->setPrice("part-0", 100, "USD", "quote 0").ok());
    }
    sqlite3 *db = nullptr;
    QCOMPARE(sqlite3_open(path.c_str(), &db), SQLITE_OK);
    const std::string sql = "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < "
                            + std::to_string(prices - 1)
                            + ") INSERT INTO price_book(part_id, unit_price, currency, source, price_date, entered_at)"
                              " SELECT 'part-' || i, 100 + i, 'USD', 'quote ' || i, '2024-08-01', '2024-08-01T00:00:00Z' FROM n";
    QCOMPARE(sqlite3_exec(db, sql.c_str(), nullptr, nullptr, nullptr), SQLITE_OK);
    sqlite3_close(db);
}

// The page size of an SQLite file: big-endian at byte 16, 1 meaning 65536.
int pageSize(const QByteArray &db)
{
    const int v = (static_cast<unsigned char>(db[16]) << 8) | static_cast<unsigned char>(db[17]);
    return v == 1 ? 65536 : v;
}

} // namespace

class TestCatalog : public QObject
{
    Q_OBJECT

private slots:
    void requiredIds_data();
    void requiredIds();
    void qm9700Ports();
    void everyPartHasASource();
    void unknownFiguresStayUnknown();
    void pricesAreMarkedAsEstimates();
    void serversNameRealParts();
    void yamlRoundTrip();
    void malformed_data();
    void malformed();
    void malformedLeavesCatalogUnchanged();
    void everyMalformedSampleIsTested();
    void figureBounds_data();
    void figureBounds();
    void aliasesCannotMultiplyText();
    void userStorePriceSurvivesReopen();
    void userStoreImport();
    void userStoreImportRejectsBadReference();
    void userStoreRefusesNewerSchema();
    void userStoreRefusesForeignFile();
    void userStoreDamagedIsSetAside();
    void userStoreTruncated_data();
    void userStoreTruncated();
    void userStoreHealthyOpensWithoutWarning();
    void userStoreDamagedForeignFileIsLeftAlone();
    void loadCatalogReportsSetAsideStore();
    void defaultStorePath();
    void chooseCable();
    void chooseCableWithCages();
    void noSplitterBetweenSwitches();
    void chooseTransceiver();
    void managementRole();
    void defaultRack();
    void defaultRackErrors_data();
    void defaultRackErrors();
    void userStoreImportRefusesSettings();
};

void TestCatalog::requiredIds_data()
{
    QTest::addColumn<QString>("id");
    QTest::addColumn<QString>("kind");
    const char *rows[][2] = {
        {"sb7800", "switch"},          {"qm8700", "switch"},          {"qm9700", "switch"},
        {"q3400", "switch"},           {"connectx-6", "hca"},         {"connectx-7", "hca"},
        {"connectx-7-qsfp112", "hca"}, {"connectx-8", "hca"},         {"bluefield-3", "hca"},
        {"a100", "gpu"},               {"h100", "gpu"},               {"h200", "gpu"},
        {"h20", "gpu"},                {"b200", "gpu"},               {"b300", "gpu"},
        {"gb200", "gpu"},              {"dgx-h100", "gpu_server"},    {"dgx-h200", "gpu_server"},
        {"dgx-b200", "gpu_server"},    {"dgx-b300", "gpu_server"},    {"dgx-gb200-nvl72", "gpu_server"},
        {"hgx-h20", "gpu_server"},     {"pcie-4gpu", "gpu_server"},   {"host-1hca", "gpu_server"},
        {"ufm-appliance", "gpu_server"}, {"rack-42u", "rack"},        {"mms4x00-ns", "transceiver"},
        {"mma4z00-ns", "transceiver"}, {"mms4x00-ns400", "transceiver"}, {"mma4z00-ns400", "transceiver"},
    };
    for (const auto &r : rows)
        QTest::newRow(r[0]) << QString::fromUtf8(r[0]) << QString::fromUtf8(r[1]);
}

void TestCatalog::requiredIds()
{
    QFETCH(QString, id);
    QFETCH(QString, kind);
    const Part *p = builtin().find(id.toStdString());
    QVERIFY2(p, qPrintable(id));
    QCOMPARE(QString::fromUtf8(toString(p->kind)), kind);
}

void TestCatalog::qm9700Ports()
{
    const Part *p = builtin().find("qm9700");
    QVERIFY(p);
    QCOMPARE(p->ports, 64);
    QVERIFY(p->portSpeedGbps && near(*p->portSpeedGbps, 400));
    QCOMPARE(p->portsPerCage, 2);
    QVERIFY(p->splitSpeedGbps && near(*p->splitSpeedGbps, 200));
    QVERIFY(p->rackUnits && near(*p->rackUnits, 1));
    QCOMPARE(p->speedName, std::string("NDR"));

    const Part *dgx = builtin().find("dgx-h100");
    QVERIFY(dgx);
    QCOMPARE(dgx->gpuCount, 8);
    QCOMPARE(dgx->hcaCount, 8);
    QCOMPARE(dgx->hca, std::string("connectx-7"));
    QCOMPARE(dgx->nvlinkDomain.value_or(0), 8);
    const Part *nvl = builtin().find("dgx-gb200-nvl72");
    QVERIFY(nvl);
    QCOMPARE(nvl->nvlinkDomain.value_or(0), 72);
    QCOMPARE(nvl->hcaCount, 72);
}

void TestCatalog::everyPartHasASource()
{
    QVERIFY(builtin().parts().size() > 50);
    for (const Part &p : builtin().parts()) {
        QVERIFY2(!p.sources.empty(), p.id.c_str());
        for (const auto &s : p.sources)
            QVERIFY2(!s.empty(), p.id.c_str());
    }
}

void TestCatalog::unknownFiguresStayUnknown()
{
    const Catalog &c = builtin();
    QVERIFY(!c.find("qm9700")->powerW);
    QVERIFY(!c.find("qm9700")->portLatencyNs);
    QVERIFY(!c.find("qm8700")->powerW);
    QVERIFY(!c.find("sb7800")->powerW);
    QVERIFY(!c.find("sb7800")->rackUnits);
    QVERIFY(!c.find("q3400")->rackUnits);
    QVERIFY(!c.find("b300")->memoryGB);
    QVERIFY(!c.find("b300")->bf16Tflops);
    QVERIFY(!c.find("dgx-h200")->powerW);
    QVERIFY(!c.find("connectx-7")->unitPrice);
    QVERIFY(!c.find("rack-42u")->powerBudgetW);
}

void TestCatalog::pricesAreMarkedAsEstimates()
{
    int priced = 0;
    for (const Part &p : builtin().parts()) {
        if (!p.unitPrice)
            continue;
        ++priced;
        QVERIFY2(p.priceEstimate, p.id.c_str());
        QVERIFY2(!p.priceSource.empty(), p.id.c_str());
    }
    QCOMPARE(priced, 3);   // qm9700, h100, dgx-h100: the only prices hardware.md §6 gives
    QVERIFY(near(*builtin().find("dgx-h100")->unitPrice, 199000));
}

void TestCatalog::serversNameRealParts()
{
    for (const Part *s : builtin().partsOfKind(PartKind::GpuServer)) {
        QVERIFY2(s->hcaCount > 0, s->id.c_str());
        const Part *hca = builtin().find(s->hca);
        QVERIFY2(hca && hca->kind == PartKind::Hca, s->id.c_str());
        if (s->gpuCount > 0) {
            const Part *gpu = builtin().find(s->gpu);
            QVERIFY2(gpu && gpu->kind == PartKind::Gpu, s->id.c_str());
        }
    }
}

void TestCatalog::yamlRoundTrip()
{
    const std::string text = catalogToYaml(builtin().parts());
    Catalog again;
    auto st = again.loadYaml(text, "roundtrip.yaml");
    QVERIFY2(st.ok(), st.ok() ? "" : st.error().toString().c_str());
    QCOMPARE(again.parts().size(), builtin().parts().size());
    for (const Part &p : builtin().parts()) {
        const Part *q = again.find(p.id);
        QVERIFY(q);
        QCOMPARE(partToYaml(*q), partToYaml(p));
    }
    QCOMPARE(catalogToYaml(again.parts()), text);
}

namespace {

struct MalformedCase
{
    const char *name, *file;
    int line;
    const char *message;
};

// One row per file in tests/data/catalog-malformed (everyMalformedSampleIsTested checks that).
const MalformedCase kMalformed[] = {
    {"unknown key", "unknown-key.yaml", 7, "unknown key 'port_sped_gbps' in part 'my-switch'"},
    {"bad type", "bad-type.yaml", 5,
     "'ports' must be a whole number from 1 to 254 in part 'my-switch', got 'sixty-four'"},
    {"duplicate id", "duplicate-id.yaml", 7, "duplicate part id 'my-gpu' (first defined at"},
    {"unknown kind", "unknown-kind.yaml", 4, "unknown kind 'router'"},
    {"server with unknown hca", "server-unknown-hca.yaml", 11,
     "server 'my-server' names hca 'connectx-99', which is not in the catalog"},
    {"negative number", "negative-number.yaml", 5, "'power_w' must not be negative (-700)"},
    {"missing id", "missing-id.yaml", 3, "part has no 'id'"},
    {"newer format", "newer-format.yaml", 1, "written by a newer Cluster Planner"},
    {"syntax error", "syntax-error.yaml", 5, "YAML syntax error"},
    {"cable without length", "cable-without-length.yaml", 3, "cable 'my-cable' needs 'length_m'"},
    // Absurd figures: refused where they stand, naming the field and the bound.
    {"huge port count", "huge-ports.yaml", 5, "'ports' must be from 1 to 254 in part 'big-switch', got 1000000000"},
    {"gpu count as a float", "huge-gpu-count.yaml", 6,
     "'gpu_count' must be a whole number from 0 to 1024 in part 'big-node', got '1e9'"},
    {"count beyond 64 bits", "overflowing-count.yaml", 6,
     "'gpu_count' must be from 0 to 1024 in part 'my-node', got 99999999999999999999999"},
    {"hca with too many ports", "hca-too-many-ports.yaml", 5,
     "'ports' must be from 1 to 16 in part 'many-port-hca', got 100"},
    {"fractional count", "fractional-count.yaml", 7,
     "'ports_per_cage' must be a whole number from 1 to 8 in part 'my-switch', got '1.5'"},
    {"negative count", "negative-count.yaml", 6, "'hca_count' must be from 0 to 1024 in part 'my-node', got -8"},
    {"nan price", "nan-price.yaml", 5, "'unit_price' must be a finite number in part 'my-gpu', got '.nan'"},
    {"infinite length", "infinite-length.yaml", 7,
     "'length_m' must be a finite number in part 'endless-cable', got '.inf'"},
    {"huge power", "huge-power.yaml", 5, "'power_w' must be at most 1,000,000 in part 'my-gpu', got 1e9"},
};

} // namespace

void TestCatalog::malformed_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("line");
    QTest::addColumn<QString>("message");
    for (const auto &c : kMalformed)
        QTest::newRow(c.name) << QString::fromUtf8(c.file) << c.line << QString::fromUtf8(c.message);
}

void TestCatalog::malformed()
{
    QFETCH(QString, file);
    QFETCH(int, line);
    QFETCH(QString, message);
    const std::string path = std::string(CPLAN_TEST_DATA) + "/catalog-malformed/" + file.toStdString();
    auto text = readFile(path);
    QVERIFY(text.ok());
    Catalog c;
    auto st = c.loadYaml(*text, path);
    QVERIFY(!st.ok());
    const Error &e = st.error();
    QCOMPARE(e.file, path);
    QCOMPARE(e.line, line);
    QVERIFY2(e.column > 0, e.toString().c_str());
    QVERIFY2(e.message.find(message.toStdString()) != std::string::npos, e.toString().c_str());
    // The message the CLI prints names the file and the line.
    QVERIFY(e.toString().rfind(path + ":" + std::to_string(line) + ":", 0) == 0);
}

void TestCatalog::malformedLeavesCatalogUnchanged()
{
    Catalog c = builtin();
    const auto before = c.parts().size();
    auto text = readFile(std::string(CPLAN_TEST_DATA) + "/catalog-malformed/server-unknown-hca.yaml");
    QVERIFY(text.ok());
    QVERIFY(!c.loadYaml(*text, "x.yaml").ok());
    QCOMPARE(c.parts().size(), before);
    QVERIFY(!c.find("my-gpu"));

    // A part that duplicates a built-in id is an error in the built-in sense (loadYaml)...
    const std::string dup = "format: cluster-planner-catalog/1\nparts:\n  - id: h100\n    kind: gpu\n";
    auto st = c.loadYaml(dup, "dup.yaml");
    QVERIFY(!st.ok());
    QVERIFY(st.error().message.find("gpus.yaml") != std::string::npos);
    // ...and an override when it comes from the user.
    QVERIFY(c.overlayYaml(dup, "user.yaml").ok());
    QVERIFY(!c.find("h100")->memoryGB);
}

void TestCatalog::everyMalformedSampleIsTested()
{
    // A sample dropped into the folder without a row above would test nothing.
    QStringList tested;
    for (const auto &c : kMalformed)
        tested << QString::fromUtf8(c.file);
    tested.sort();
    const QDir folder(QStringLiteral(CPLAN_TEST_DATA "/catalog-malformed"));
    const QStringList files = folder.entryList({QStringLiteral("*.yaml")}, QDir::Files, QDir::Name);
    QCOMPARE(files, tested);
}

void TestCatalog::figureBounds_data()
{
    QTest::addColumn<QString>("key");
    QTest::addColumn<QString>("kind");
    QTest::addColumn<bool>("whole");   // a count
    QTest::addColumn<double>("minimum");
    QTest::addColumn<double>("maximum");
    const struct
    {
        const char *key, *kind;
        bool whole;
        double minimum, maximum;
    } rows[] = {
        {"ports", "switch", true, 1, 254},
        {"ports", "hca", true, 1, 16},
        {"ports_per_cage", "switch", true, 1, 8},
        {"links_per_end", "cable", true, 1, 8},
        {"gpu_count", "gpu_server", true, 0, 1024},
        {"hca_count", "gpu_server", true, 0, 1024},
        {"nvlink_domain", "gpu_server", true, 1, 1024},
        {"hca_slots", "gpu_server", true, 0, 64},
        {"max_mtu", "switch", true, 68, 65535},
        {"max_mtu", "hca", true, 68, 65535},
        {"unit_price", "gpu", false, 0, 1e12},
        {"power_w", "gpu", false, 0, 1e6},
        {"power_budget_w", "rack", false, 0, 1e6},
        {"rack_units", "switch", false, 0, 100},
        {"capacity_u", "rack", false, 0, 100},
        {"port_speed_gbps", "switch", false, 0, 10000},
        {"split_speed_gbps", "switch", false, 0, 10000},
        {"speed_gbps", "cable", false, 0, 10000},
        {"port_latency_ns", "switch", false, 0, 1e6},
        {"memory_gb", "gpu", false, 0, 100000},
        {"nvlink_gbps", "gpu", false, 0, 100000},
        {"bf16_tflops", "gpu", false, 0, 1e6},
        {"length_m", "cable", false, 0, 100000},
        {"reach_m", "transceiver", false, 0, 100000},
    };
    for (const auto &r : rows)
        QTest::addRow("%s (%s)", r.key, r.kind) << QString::fromUtf8(r.key) << QString::fromUtf8(r.kind) << r.whole
                                                << r.minimum << r.maximum;
}

void TestCatalog::figureBounds()
{
    QFETCH(QString, key);
    QFETCH(QString, kind);
    QFETCH(bool, whole);
    QFETCH(double, minimum);
    QFETCH(double, maximum);

    // A usable part of the kind, with `key: value` as its last line (line 5 + the base lines).
    const std::map<std::string, std::vector<std::pair<std::string, std::string>>> bases = {
        {"switch", {{"ports", "64"}, {"port_speed_gbps", "400"}}},
        {"hca", {{"ports", "1"}, {"port_speed_gbps", "400"}}},
        {"cable", {{"media", "dac"}, {"length_m", "1"}, {"speed_gbps", "400"}}},
        {"transceiver", {{"speed_gbps", "400"}}},
        {"gpu_server", {{"gpu", "h100"}, {"gpu_count", "8"}, {"hca", "connectx-7"}, {"hca_count", "8"}}},
        {"gpu", {}},
        {"rack", {}},
    };
    auto document = [&](const std::string &value, int *line) {
        std::string text = "format: cluster-planner-catalog/1\nparts:\n  - id: p\n    kind: " + kind.toStdString();
        text += "\n";
        int n = 4;
        for (const auto &[k, v] : bases.at(kind.toStdString()))
            if (k != key.toStdString()) {
                text += "    " + k + ": " + v + "\n";
                ++n;
            }
        text += "    " + key.toStdString() + ": " + value + "\n";
        *line = n + 1;
        return text;
    };
    auto accepted = [&](const std::string &value) {
        int line = 0;
        Catalog c;
        auto st = c.overlayYaml(document(value, &line), "bounds.yaml");
        if (!st.ok())
            qWarning("%s", st.error().toString().c_str());
        return st.ok();
    };
    auto refused = [&](const std::string &value, const std::string &expected) {
        int line = 0;
        Catalog c;
        auto st = c.overlayYaml(document(value, &line), "bounds.yaml");
        if (st.ok()) {
            qWarning("%s: %s accepted", qPrintable(key), value.c_str());
            return false;
        }
        const Error &e = st.error();
        const bool ok = e.file == "bounds.yaml" && e.line == line && e.column == int(key.size()) + 7
                        && e.message.find("'" + key.toStdString() + "'") != std::string::npos
                        && e.message.find(expected) != std::string::npos && c.parts().empty();
        if (!ok)
            qWarning("%s: expected line %d, column %d, '%s'; got %s", qPrintable(key), line, int(key.size()) + 7,
                     expected.c_str(), e.toString().c_str());
        return ok;
    };

    const std::string max = whole ? std::to_string(qint64(maximum)) : formatThousands(maximum);
    QVERIFY(accepted(whole ? max : formatNumber(maximum)));
    if (whole) {
        const std::string range = "from " + std::to_string(qint64(minimum)) + " to " + max;
        QVERIFY(refused(std::to_string(qint64(maximum) + 1), "must be " + range));
        QVERIFY(refused("1000000000", "must be " + range));
        QVERIFY(refused("99999999999999999999", "must be " + range));
        QVERIFY(refused(std::to_string(qint64(minimum) - 1), "must be " + range));
        QVERIFY(refused("1e9", "must be a whole number " + range));
        QVERIFY(refused("2.5", "must be a whole number " + range));
        QVERIFY(refused(".nan", "must be a whole number " + range));
    } else {
        QVERIFY(refused(formatNumber(maximum * 1.5), "must be at most " + max));
        QVERIFY(refused("1e300", "must be at most " + max));
        QVERIFY(refused("-1", "must not be negative"));
        QVERIFY(refused("-1e-9", "must not be negative"));
        for (const char *bad : {".nan", ".NaN", "nan", ".inf", "+.inf", "-.Inf", "inf", "infinity", "1e400", "-1e400"})
            QVERIFY(refused(bad, "must be a finite number"));
        QVERIFY(accepted("-0"));
    }
}

void TestCatalog::aliasesCannotMultiplyText()
{
    // One long description anchored once and aliased by many parts would be copied into every
    // part (here 2,000 x 256 KiB = 512 MiB) from a file of a few hundred KiB.
    std::string text = "format: cluster-planner-catalog/1\nparts:\n  - id: g0\n    kind: gpu\n    description: &d "
                       + std::string(256 * 1024, 'x') + "\n";
    for (int i = 1; i < 2000; ++i)
        text += "  - {id: g" + std::to_string(i) + ", kind: gpu, description: *d}\n";
    Catalog c;
    auto st = c.overlayYaml(text, "aliases.yaml");
    QVERIFY(!st.ok());
    QVERIFY2(st.error().message.find("more text than the file") != std::string::npos, st.error().toString().c_str());
    QVERIFY(st.error().line > 4);
    QVERIFY(c.parts().empty());

    // A few aliases within the file's own size are fine.
    const std::string small = "format: cluster-planner-catalog/1\nparts:\n"
                              "  - {id: a, kind: gpu, sources: &s [datasheet, lab]}\n"
                              "  - {id: b, kind: gpu, sources: *s}\n";
    QVERIFY(c.overlayYaml(small, "small.yaml").ok());
    QCOMPARE(c.find("b")->sources.size(), std::size_t(2));
}

void TestCatalog::userStorePriceSurvivesReopen()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const std::string path = tempPath(dir, "sub/dir/store.sqlite");   // folders are created
    {
        auto store = UserStore::open(path);
        QVERIFY2(store.ok(), store.ok() ? "" : store.error().toString().c_str());
        QCOMPARE(store->schemaVersion(), UserStore::kSchemaVersion);
        QVERIFY(store->setPrice("qm9700", 41000, "USD", "quote ACME-123").ok());
        QVERIFY(store->setPrice("qm9700", 42000, "USD", "quote ACME-124").ok());   // replaces
        QVERIFY(store->setPrice("connectx-7", 1500, "EUR", "").ok());
        QVERIFY(!store->setPrice("connectx-7", -1, "USD", "").ok());
        QVERIFY(!store->setPrice("connectx-7", NAN, "USD", "").ok());
    }
    auto store = UserStore::open(path);
    QVERIFY(store.ok());
    const auto prices = store->prices();
    QCOMPARE(prices.size(), std::size_t(2));
    QCOMPARE(prices[1].partId, std::string("qm9700"));
    QVERIFY(near(prices[1].unitPrice, 42000));
    QCOMPARE(prices[1].source, std::string("quote ACME-124"));
    QVERIFY(!prices[1].date.empty());

    auto catalog = loadCatalog(path);
    QVERIFY2(catalog.ok(), catalog.ok() ? "" : catalog.error().toString().c_str());
    const Part *qm = catalog->find("qm9700");
    QVERIFY(near(*qm->unitPrice, 42000));   // overrides the built-in ~50k
    QVERIFY(!qm->priceEstimate);
    QVERIFY(qm->priceSource.find("quote ACME-124") != std::string::npos);
    QCOMPARE(catalog->find("connectx-7")->currency, std::string("EUR"));

    // The migrations table records the schema steps.
    sqlite3 *db = nullptr;
    QCOMPARE(sqlite3_open(path.c_str(), &db), SQLITE_OK);
    sqlite3_stmt *st = nullptr;
    QCOMPARE(sqlite3_prepare_v2(db, "SELECT count(*) FROM migrations", -1, &st, nullptr), SQLITE_OK);
    QCOMPARE(sqlite3_step(st), SQLITE_ROW);
    QCOMPARE(sqlite3_column_int(st, 0), UserStore::kSchemaVersion);
    sqlite3_finalize(st);
    QCOMPARE(sqlite3_prepare_v2(db, "PRAGMA journal_mode", -1, &st, nullptr), SQLITE_OK);
    QCOMPARE(sqlite3_step(st), SQLITE_ROW);
    QCOMPARE(QByteArray(reinterpret_cast<const char *>(sqlite3_column_text(st, 0))), QByteArray("wal"));
    sqlite3_finalize(st);
    sqlite3_close(db);
}

void TestCatalog::userStoreImport()
{
    QTemporaryDir dir;
    const std::string path = tempPath(dir, "store.sqlite");
    const std::string file = tempPath(dir, "mine.yaml");
    QVERIFY(writeFileAtomically(file, R"(format: cluster-planner-catalog/1
parts:
  - id: my-node
    kind: gpu_server
    vendor: ACME
    model: Node 8
    unit_price: 250000
    price_estimate: false
    price_source: ACME quote 2024-08
    sources: [ACME datasheet]
    gpu: h100
    gpu_count: 8
    hca: connectx-7
    hca_count: 4
    rack_units: 6
  - id: h20
    kind: gpu
    vendor: NVIDIA
    model: H20 (my figures)
    memory_gb: 96
    power_w: 350
    sources: [my lab]
)").ok());
    {
        auto store = UserStore::open(path);
        QVERIFY(store.ok());
        auto n = store->importYaml(file, &builtin());
        QVERIFY2(n.ok(), n.ok() ? "" : n.error().toString().c_str());
        QCOMPARE(*n, 2);
        QCOMPARE(store->partIds(), (std::vector<std::string>{"h20", "my-node"}));
    }
    auto catalog = loadCatalog(path);
    QVERIFY2(catalog.ok(), catalog.ok() ? "" : catalog.error().toString().c_str());
    const Part *node = catalog->find("my-node");
    QVERIFY(node);
    QCOMPARE(node->kind, PartKind::GpuServer);
    QCOMPARE(node->hcaCount, 4);
    QVERIFY(near(*node->unitPrice, 250000));
    QVERIFY(!node->priceEstimate);
    QVERIFY(near(*catalog->find("h20")->powerW, 350));   // the user's part overrides the built-in
    QCOMPARE(catalog->parts().size(), builtin().parts().size() + 1);
}

void TestCatalog::userStoreImportRejectsBadReference()
{
    QTemporaryDir dir;
    const std::string path = tempPath(dir, "store.sqlite");
    auto store = UserStore::open(path);
    QVERIFY(store.ok());
    const std::string bad = std::string(CPLAN_TEST_DATA) + "/catalog-malformed/server-unknown-hca.yaml";
    auto n = store->importYaml(bad, &builtin());
    QVERIFY(!n.ok());
    QCOMPARE(n.error().line, 11);
    QVERIFY(store->partIds().empty());   // nothing stored
    auto typo = store->importYaml(std::string(CPLAN_TEST_DATA) + "/catalog-malformed/unknown-key.yaml");
    QVERIFY(!typo.ok());
    QVERIFY(typo.error().message.find("port_sped_gbps") != std::string::npos);
}

void TestCatalog::userStoreRefusesNewerSchema()
{
    QTemporaryDir dir;
    const std::string path = tempPath(dir, "store.sqlite");
    QVERIFY(UserStore::open(path).ok());
    sqlite3 *db = nullptr;
    QCOMPARE(sqlite3_open(path.c_str(), &db), SQLITE_OK);
    QCOMPARE(sqlite3_exec(db, "PRAGMA user_version=99", nullptr, nullptr, nullptr), SQLITE_OK);
    sqlite3_close(db);
    auto store = UserStore::open(path);
    QVERIFY(!store.ok());
    QVERIFY2(store.error().message.find("newer") != std::string::npos, store.error().toString().c_str());
    QVERIFY(!loadCatalog(path).ok());
}

void TestCatalog::userStoreRefusesForeignFile()
{
    QTemporaryDir dir;
    const std::string text = tempPath(dir, "notes.txt");
    QVERIFY(writeFileAtomically(text, std::string(200, 'x')).ok());
    QVERIFY(!UserStore::open(text).ok());

    const std::string other = tempPath(dir, "other.sqlite");
    sqlite3 *db = nullptr;
    QCOMPARE(sqlite3_open(other.c_str(), &db), SQLITE_OK);
    QCOMPARE(sqlite3_exec(db, "CREATE TABLE t(x)", nullptr, nullptr, nullptr), SQLITE_OK);
    sqlite3_close(db);
    auto store = UserStore::open(other);
    QVERIFY(!store.ok());
    QVERIFY(store.error().message.find("not a Cluster Planner store") != std::string::npos);
}

void TestCatalog::userStoreDamagedIsSetAside()
{
    QTemporaryDir dir;
    const std::string path = tempPath(dir, "store.sqlite");
    makeStore(path, 3000);
    const QByteArray healthy = readBytes(path);
    const int page = pageSize(healthy);
    QVERIFY2(healthy.size() > 10 * page, "the store should span many pages");
    QVERIFY(!QFile::exists(QString::fromStdString(path + "-wal")));   // checkpointed on close

    // Garbage from page 2 on: the header (page 1) still says it is our store.
    QByteArray damaged = healthy;
    for (qsizetype i = page; i < damaged.size(); ++i)
        damaged[i] = char((i * 131 + 7) & 0xff);
    QVERIFY(writeBytes(path, damaged));
    // A log beside it, as a crash leaves one: it belongs to the damaged file and must go with it.
    const QByteArray log("not a real SQLite log, but the user's bytes all the same");
    QVERIFY(writeBytes(path + "-wal", log));

    auto store = UserStore::open(path);
    QVERIFY2(store.ok(), store.ok() ? "" : store.error().toString().c_str());
    QVERIFY(store->recoveredWarning());
    const std::string &warning = *store->recoveredWarning();

    const QStringList aside = setAsideFiles(dir);
    // The database, its log and (made by SQLite when it read the log) the log's index.
    QCOMPARE(aside.size(), 3);
    const std::string moved = tempPath(dir, aside[0].toUtf8().constData());
    QVERIFY2(QRegularExpression(QStringLiteral("^store\\.sqlite\\.corrupt-\\d{8}-\\d{6}$")).match(aside[0]).hasMatch(),
             qPrintable(aside[0]));
    QCOMPARE(aside[1], aside[0] + QStringLiteral("-shm"));
    QCOMPARE(aside[2], aside[0] + QStringLiteral("-wal"));
    QCOMPARE(readBytes(moved), damaged);          // exactly as found: nothing written into it
    QCOMPARE(readBytes(moved + "-wal"), log);

    // The warning names the store, where it went and what was wrong.
    QVERIFY2(warning.find("the user store " + path + " was damaged") != std::string::npos, warning.c_str());
    QVERIFY2(warning.find("moved to " + moved) != std::string::npos, warning.c_str());
    QVERIFY2(warning.find("integrity check") != std::string::npos || warning.find("malformed") != std::string::npos,
             warning.c_str());

    // The new store works, and is a store of ours.
    QCOMPARE(store->schemaVersion(), UserStore::kSchemaVersion);
    QVERIFY(store->prices().empty());
    QVERIFY(store->setPrice("qm9700", 41000, "USD", "quote").ok());
    QCOMPARE(store->prices().size(), std::size_t(1));
    QVERIFY(near(store->prices()[0].unitPrice, 41000));
    store = UserStore::open(tempPath(dir, "other.sqlite"));   // closes the new store
    auto again = UserStore::open(path);
    QVERIFY(again.ok());
    QVERIFY(!again->recoveredWarning());
    QCOMPARE(again->prices().size(), std::size_t(1));
    QCOMPARE(setAsideFiles(dir).size(), 3);
}

void TestCatalog::userStoreTruncated_data()
{
    QTest::addColumn<int>("keepPages");   // whole pages kept; 0 = only the 100-byte header
    QTest::newRow("half") << -2;
    QTest::newRow("first page") << 1;
    QTest::newRow("header only") << 0;
}

void TestCatalog::userStoreTruncated()
{
    QFETCH(int, keepPages);
    QTemporaryDir dir;
    const std::string path = tempPath(dir, "store.sqlite");
    makeStore(path, 2000);
    const QByteArray healthy = readBytes(path);
    const int page = pageSize(healthy);
    const qsizetype keep = keepPages < 0    ? healthy.size() / -keepPages
                           : keepPages == 0 ? 100
                                            : qsizetype(keepPages) * page;
    const QByteArray truncated = healthy.left(keep);
    QVERIFY(writeBytes(path, truncated));

    auto store = UserStore::open(path);
    QVERIFY2(store.ok(), store.ok() ? "" : store.error().toString().c_str());
    QVERIFY(store->recoveredWarning());
    const QStringList aside = setAsideFiles(dir);
    QVERIFY(!aside.isEmpty());
    QCOMPARE(readBytes(tempPath(dir, aside[0].toUtf8().constData())), truncated);
    QVERIFY(store->setPrice("qm9700", 1, "USD").ok());
    QCOMPARE(store->prices().size(), std::size_t(1));
}

void TestCatalog::userStoreHealthyOpensWithoutWarning()
{
    QTemporaryDir dir;
    const std::string path = tempPath(dir, "store.sqlite");
    makeStore(path, 3000);
    for (int round = 0; round < 2; ++round) {
        auto store = UserStore::open(path);
        QVERIFY2(store.ok(), store.ok() ? "" : store.error().toString().c_str());
        QVERIFY(!store->recoveredWarning());
        const auto prices = store->prices();
        QCOMPARE(prices.size(), std::size_t(3000));
        QCOMPARE(prices[0].partId, std::string("part-0"));
        QVERIFY(near(prices[0].unitPrice, 100));
    }
    QVERIFY(setAsideFiles(dir).isEmpty());
    auto catalog = loadCatalog(path);
    QVERIFY(catalog.ok());
    QVERIFY(catalog->loadWarnings().empty());
}

void TestCatalog::userStoreDamagedForeignFileIsLeftAlone()
{
    // Somebody else's database, damaged: not ours to move. Refused, and left where it is.
    QTemporaryDir dir;
    const std::string other = tempPath(dir, "other.sqlite");
    sqlite3 *db = nullptr;
    QCOMPARE(sqlite3_open(other.c_str(), &db), SQLITE_OK);
    const char *fill = "CREATE TABLE t(x);"
                       " WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3000)"
                       " INSERT INTO t SELECT printf('row %d', i) FROM n";
    QCOMPARE(sqlite3_exec(db, fill, nullptr, nullptr, nullptr), SQLITE_OK);
    sqlite3_close(db);
    QByteArray bytes = readBytes(other);
    for (qsizetype i = pageSize(bytes); i < bytes.size(); ++i)
        bytes[i] = char(0x5a);
    QVERIFY(writeBytes(other, bytes));
    auto store = UserStore::open(other);
    QVERIFY(!store.ok());
    QVERIFY2(store.error().message.find("not a Cluster Planner store") != std::string::npos,
             store.error().toString().c_str());
    QCOMPARE(readBytes(other), bytes);
    QVERIFY(setAsideFiles(dir).isEmpty());

    // A newer store of ours is refused as before, even when damaged.
    const std::string newer = tempPath(dir, "newer.sqlite");
    makeStore(newer, 500);
    QCOMPARE(sqlite3_open(newer.c_str(), &db), SQLITE_OK);
    QCOMPARE(sqlite3_exec(db, "PRAGMA user_version=99", nullptr, nullptr, nullptr), SQLITE_OK);
    sqlite3_close(db);
    bytes = readBytes(newer);
    bytes.truncate(bytes.size() / 2);
    QVERIFY(writeBytes(newer, bytes));
    auto newerStore = UserStore::open(newer);
    QVERIFY(!newerStore.ok());
    QVERIFY(newerStore.error().message.find("newer") != std::string::npos);
    QCOMPARE(readBytes(newer), bytes);
    QVERIFY(setAsideFiles(dir).isEmpty());
}

void TestCatalog::loadCatalogReportsSetAsideStore()
{
    QTemporaryDir dir;
    const std::string path = tempPath(dir, "store.sqlite");
    makeStore(path, 1000);
    QByteArray bytes = readBytes(path);
    bytes.truncate(bytes.size() / 3);
    QVERIFY(writeBytes(path, bytes));
    auto catalog = loadCatalog(path);
    QVERIFY2(catalog.ok(), catalog.ok() ? "" : catalog.error().toString().c_str());
    QCOMPARE(catalog->loadWarnings().size(), std::size_t(1));
    QVERIFY(catalog->loadWarnings()[0].find(path + ".corrupt-") != std::string::npos);
    QCOMPARE(catalog->parts().size(), builtin().parts().size());
    QCOMPARE(Catalog(*catalog).loadWarnings().size(), std::size_t(1));   // travels with copies
    QVERIFY(builtin().loadWarnings().empty());
}

void TestCatalog::defaultStorePath()
{
    const QByteArray oldStore = qgetenv("CPLAN_STORE");
    const QByteArray oldXdg = qgetenv("XDG_DATA_HOME");
    qputenv("CPLAN_STORE", "/tmp/x/store.sqlite");
    QCOMPARE(UserStore::defaultPath(), std::string("/tmp/x/store.sqlite"));
    qunsetenv("CPLAN_STORE");
    qputenv("XDG_DATA_HOME", "/tmp/xdg");
    QCOMPARE(UserStore::defaultPath(), std::string("/tmp/xdg/cluster-planner/store.sqlite"));
    qunsetenv("XDG_DATA_HOME");
    QVERIFY(UserStore::defaultPath().find("/.local/share/cluster-planner/store.sqlite") != std::string::npos);
    if (!oldStore.isNull())
        qputenv("CPLAN_STORE", oldStore);
    if (!oldXdg.isNull())
        qputenv("XDG_DATA_HOME", oldXdg);
}

void TestCatalog::chooseCable()
{
    const Catalog &c = builtin();
    const Part *dac = c.chooseCable(400, 2);
    QVERIFY(dac);
    QCOMPARE(*dac->media, CableMedia::Dac);
    QVERIFY(*dac->lengthM >= 2);
    QCOMPARE(dac->id, std::string("ndr-dac-osfp-2m"));   // the shortest that reaches, first in file

    const Part *shortDac = c.chooseCable(400, 0.7);
    QVERIFY(shortDac && near(*shortDac->lengthM, 1));

    const Part *acc = c.chooseCable(400, 4);
    QVERIFY(acc);
    QVERIFY(*acc->media == CableMedia::Dac || *acc->media == CableMedia::Acc);
    QVERIFY(*acc->lengthM >= 4);

    const Part *fibre = c.chooseCable(400, 30);
    QVERIFY(fibre);
    QCOMPARE(*fibre->media, CableMedia::Fiber);
    QVERIFY(fibre->needsTransceivers);
    QVERIFY(near(*fibre->lengthM, 30));

    const Part *sm = c.chooseCable(400, 80);
    QVERIFY(sm && sm->fiberMode == "sm");

    QCOMPARE(c.chooseCable(400, 1000), nullptr);   // nothing reaches
    QCOMPARE(c.chooseCable(123, 1), nullptr);      // no such speed

    const Part *hdr = c.chooseCable(200, 10);
    QVERIFY(hdr);
    QCOMPARE(*hdr->media, CableMedia::Aoc);

    const Part *xdr = c.chooseCable(800, 2);   // XDR has no DAC or AOC: fibre
    QVERIFY(xdr);
    QCOMPARE(*xdr->media, CableMedia::Fiber);
}

void TestCatalog::noSplitterBetweenSwitches()
{
    const Catalog c = builtin();
    CableQuery q;
    q.speedGbps = 400;
    q.lengthM = 3;
    const Part *any = c.chooseCable(q);
    QVERIFY(any);
    QCOMPARE(any->id, std::string("ndr-dac-split-osfp-3m")); // switch to adapter: the splitter is cheapest copper
    q.splitterAllowed = false;
    const Part *between = c.chooseCable(q);
    QVERIFY(between);
    QVERIFY(!between->splitter);
    QCOMPARE(between->id, std::string("ndr-acc-osfp-3m"));
}

void TestCatalog::chooseCableWithCages()
{
    const Catalog &c = builtin();
    const Part *toQsfp = c.chooseCable(CableQuery{400, 2, "OSFP", "QSFP112"});
    QVERIFY(toQsfp);
    QCOMPARE(toQsfp->id, std::string("ndr-dac-split-qsfp112-2m"));
    const Part *reversed = c.chooseCable(CableQuery{400, 2, "QSFP112", "OSFP"});
    QCOMPARE(reversed, toQsfp);
    const Part *hdrFromNdr = c.chooseCable(CableQuery{200, 1.5, "OSFP", "QSFP56"});
    QVERIFY(hdrFromNdr && hdrFromNdr->id == "hdr-dac-split-osfp-1p5m");
    const Part *hdr = c.chooseCable(200, 1.5);
    QVERIFY(hdr && hdr->id == "hdr-dac-qsfp56-1p5m");
}

void TestCatalog::chooseTransceiver()
{
    const Catalog &c = builtin();
    const Part *twin = c.chooseTransceiver(400, 2);
    QVERIFY(twin);
    QCOMPARE(twin->linksPerEnd, 2);
    QCOMPARE(twin->kind, PartKind::Transceiver);
    const Part *single = c.chooseTransceiver(400, 1);
    QVERIFY(single);
    QCOMPARE(single->linksPerEnd, 1);
    QVERIFY(single != twin);

    const Part *mmFibre = c.chooseCable(400, 30);
    QVERIFY(mmFibre && mmFibre->fiberMode == "mm");
    QCOMPARE(c.chooseTransceiver(400, 2, *mmFibre)->id, std::string("mma4z00-ns"));
    QCOMPARE(c.chooseTransceiver(400, 1, *mmFibre)->id, std::string("mma4z00-ns400"));
    const Part *smFibre = c.chooseCable(400, 100);
    QVERIFY(smFibre && smFibre->fiberMode == "sm");
    QCOMPARE(c.chooseTransceiver(400, 2, *smFibre)->id, std::string("mms4x00-ns"));
    QCOMPARE(c.chooseTransceiver(400, 1, *smFibre)->id, std::string("mms4x00-ns400"));

    QCOMPARE(c.chooseTransceiver(800, 1), nullptr);   // no XDR optics in our sources
}

// What a part is comes from the catalog: the UFM appliance says role: management, nothing else
// does, and the role survives writing and reading the part.
void TestCatalog::managementRole()
{
    std::vector<std::string> management;
    for (const Part &p : builtin().parts())
        if (p.management)
            management.push_back(p.id);
    QCOMPARE(management, std::vector<std::string>{"ufm-appliance"});
    QCOMPARE(builtin().defaultManagementPart()->id, std::string("ufm-appliance"));
    QVERIFY(partToYaml(*builtin().find("ufm-appliance")).find("role: management") != std::string::npos);
    QVERIFY(partToYaml(*builtin().find("dgx-h100")).find("role:") == std::string::npos);

    const std::string head = "format: cluster-planner-catalog/1\nparts:\n";
    Catalog c;
    QVERIFY(c.loadYaml(head + "  - {id: mgmt, kind: gpu_server, role: management}\n  - {id: host, kind: gpu_server, role: server}\n", "roles.yaml").ok());
    QVERIFY(c.find("mgmt")->management);
    QVERIFY(!c.find("host")->management);
    auto bad = Catalog().loadYaml(head + "  - {id: x, kind: gpu_server, role: manager}\n", "bad.yaml");
    QVERIFY(!bad.ok());
    QVERIFY2(bad.error().message.find("unknown role 'manager' in part 'x'") != std::string::npos, bad.error().toString().c_str());
    auto notServer = Catalog().loadYaml(head + "  - {id: sw, kind: switch, ports: 8, port_speed_gbps: 400, role: management}\n", "sw.yaml");
    QVERIFY(!notServer.ok());
    QCOMPARE(notServer.error().line, 3);
    QVERIFY2(notServer.error().message.find("cannot have role 'management'") != std::string::npos, notServer.error().toString().c_str());
}

// The rack a design's racks are is a catalog setting.
void TestCatalog::defaultRack()
{
    QVERIFY(builtin().defaultRack());
    QCOMPARE(builtin().defaultRack()->id, std::string("rack-42u"));
    QVERIFY(builtin().settings().defaultRackOrigin.line > 0);
    Catalog c = builtin();
    QVERIFY(c.overlayYaml("format: cluster-planner-catalog/1\nsettings:\n  default_rack: my-rack\nparts:\n"
                          "  - {id: my-rack, kind: rack, capacity_u: 48, power_budget_w: 20000}\n",
                          "user.yaml")
                .ok());
    QVERIFY(c.checkReferences().ok());
    QCOMPARE(c.defaultRack()->id, std::string("my-rack"));
    QVERIFY(!Catalog().defaultRack());   // no setting, no rack
}

void TestCatalog::defaultRackErrors_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("line");
    QTest::addColumn<QString>("message");
    const QString head = QStringLiteral("format: cluster-planner-catalog/1\nsettings:\n");
    QTest::newRow("unknown part") << head + QStringLiteral("  default_rack: rack-99u\nparts: []\n") << 3
                                  << QStringLiteral("the default rack 'rack-99u' is not in the catalog");
    QTest::newRow("not a rack") << head + QStringLiteral("  default_rack: g\nparts:\n  - {id: g, kind: gpu}\n") << 3
                                << QStringLiteral("the default rack 'g' is a gpu, not a rack");
    QTest::newRow("unknown setting") << head + QStringLiteral("  default_rak: r\nparts: []\n") << 3
                                     << QStringLiteral("unknown key 'default_rak' in the catalog's settings");
    QTest::newRow("not text") << head + QStringLiteral("  default_rack: [a, b]\nparts: []\n") << 3
                              << QStringLiteral("'default_rack' must be text");
}

void TestCatalog::defaultRackErrors()
{
    QFETCH(QString, text);
    QFETCH(int, line);
    QFETCH(QString, message);
    Catalog c;
    auto st = c.loadYaml(text.toStdString(), "settings.yaml");
    QVERIFY(!st.ok());
    QCOMPARE(st.error().line, line);
    QVERIFY2(st.error().message.find(message.toStdString()) != std::string::npos, st.error().toString().c_str());
    // Set twice in the built-in sense (two files): refused, naming where it was set first.
    Catalog twice = builtin();
    auto again = twice.loadYaml("format: cluster-planner-catalog/1\nsettings:\n  default_rack: rack-42u\nparts: []\n", "again.yaml");
    QVERIFY(!again.ok());
    QVERIFY2(again.error().message.find("the default rack is set twice (first at ") != std::string::npos, again.error().toString().c_str());
}

// The user store keeps parts and prices; a file with settings is refused, not half imported.
void TestCatalog::userStoreImportRefusesSettings()
{
    QTemporaryDir dir;
    auto store = UserStore::open(tempPath(dir, "store.sqlite"));
    QVERIFY(store.ok());
    auto n = store->importYamlText("format: cluster-planner-catalog/1\nsettings:\n  default_rack: my-rack\nparts:\n"
                                   "  - {id: my-rack, kind: rack, capacity_u: 48}\n",
                                   "mine.yaml", &builtin());
    QVERIFY(!n.ok());
    QCOMPARE(n.error().line, 3);
    QVERIFY(store->partIds().empty());
}

CPLAN_TEST_APPLESS_MAIN(TestCatalog)
#include "tst_catalog.moc"
