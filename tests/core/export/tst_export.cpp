// Customer deliverables: cable plan, OpenSM partitions.conf, BOM workbook (the scheduler
// topologies are in tst_schedtopology, GraphML/DOT in tst_graphexport). The files are read back
// the way the tools that consume them read them: LibreOffice opens the XLSX, OpenSM (over ibsim)
// loads the partitions.

#include "catalog/catalog.h"
#include "cost/bom.h"
#include "cost/coverage.h"
#include "export/bomcsv.h"
#include "export/bomworkbook.h"
#include "export/cableplan.h"
#include "export/csv.h"
#include "export/deliverables.h"
#include "export/partitions.h"
#include "physical/racks.h"
#include "io/designyaml.h"
#include "io/ibnetdiscover.h"
#include "routing/fabric.h"
#include "util/atomicfile.h"
#include "util/strings.h"

#include "fixtures.h"
#include "ibfabric.h"
#include "skip.h"
#include "testmain.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonArray>
#include <QFileInfo>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <map>
#include <set>
#include <unistd.h>

using namespace cplan;

namespace {

std::string toStd(const QString &s)
{
    return s.toStdString();
}

bool writeText(const QString &path, const std::string &text)
{
    return bool(writeFileAtomically(toStd(path), text));
}

bool numbersEqual(const std::string &a, const std::string &b)
{
    const auto x = parseDouble(a), y = parseDouble(b);
    return x && y && test::near(*x, *y, 1e-9, 1e-9);
}

} // namespace

class TestExport : public QObject
{
    Q_OBJECT

private:
    Catalog m_catalog;
    QTemporaryDir m_dir;

    Design load(const char *name) { return test::loadSample(name, m_catalog); }

private slots:
    void initTestCase()
    {
        m_catalog = test::builtinCatalog();
        QVERIFY(m_dir.isValid());
    }

    void samples_data()
    {
        QTest::addColumn<QString>("name");
        for (const char *s : {"dgx-h100-superpod-1su", "dgx-h100-superpod-4su", "edr-32gpu", "h100-pool-128gpu",
                              "hdr-2to1-520gpu", "hetero-h100-h20", "torus-4x4"})
            QTest::newRow(s) << QString::fromLatin1(s);
    }

    // One row per physical cable, every link in exactly one, every connected port exactly once,
    // labels unique; the CSV reads back.
    void cablePlanCoversEveryPortOnce_data() { samples_data(); }
    void cablePlanCoversEveryPortOnce()
    {
        QFETCH(QString, name);
        const Design d = load(name.toLatin1().constData());
        const auto rows = cablePlan(d, m_catalog);
        std::size_t links = 0;
        for (const CablePlanRow &r : rows) {
            QVERIFY(r.links.size() == 1 || r.links.size() == 2);
            QCOMPARE(r.from.ports.size(), r.links.size());
            QCOMPARE(r.to.ports.size(), r.links.size());
            links += r.links.size();
        }
        QCOMPARE(links, d.links.size());

        std::set<std::pair<std::string, int>> designPorts, planPorts;
        for (const Link &l : d.links) {
            designPorts.insert({d.node(l.a.node).id, l.a.port});
            designPorts.insert({d.node(l.b.node).id, l.b.port});
        }
        std::set<std::string> labels, ids;
        for (const CablePlanRow &r : rows) {
            for (const CableEnd *end : {&r.from, &r.to})
                for (const CablePort &p : end->ports)
                    QVERIFY2(planPorts.insert({p.nodeId, p.port}).second, (p.nodeId + " port used twice").c_str());
            QVERIFY2(labels.insert(r.label).second, ("duplicate label " + r.label).c_str());
            QVERIFY(ids.insert(r.cableId).second);
            QVERIFY(!r.from.portLabel.empty() && !r.to.portLabel.empty());
            // Fibre needs optics at both ends; copper and AOC have them built in.
            if (r.cableType == "fiber")
                QVERIFY(!r.from.transceiver.empty() && !r.to.transceiver.empty());
            else
                QVERIFY(r.from.transceiver.empty() && r.to.transceiver.empty());
        }
        QVERIFY(planPorts == designPorts);

        const auto csv = parseCsv(cablePlanCsv(rows));
        QCOMPARE(csv.size(), rows.size() + 1);
        for (const auto &line : csv)
            QCOMPARE(line.size(), cablePlanHeader().size());
        QCOMPARE(csv[1][1], rows[0].label);
    }

    void cablePlanPortLabels()
    {
        const Design d = load("dgx-h100-superpod-4su");
        const auto rows = cablePlan(d, m_catalog);
        // QM9700: twin-port OSFP cages, port 33 is cage 17 port 1; a DGX H100 port is HCA i port 1.
        const auto it = std::find_if(rows.begin(), rows.end(), [](const CablePlanRow &r) {
            return r.to.nodeId == "spine01" && r.to.ports.front().port == 1;
        });
        QVERIFY(it != rows.end());
        QCOMPARE(it->to.ports.front().portLabel, std::string("1/1"));
        QCOMPARE(it->tier, std::string("leaf-spine"));
        QCOMPARE(it->from.nodeId.substr(5), std::string("leaf1"));
        QCOMPARE(rows.front().from.ports.front().portLabel, std::string("HCA-1/1"));
        // Multimode fibre takes multimode optics.
        QVERIFY(it->from.transceiver.rfind("mma", 0) == 0);
    }


    // Every tenant's partition holds exactly the port GUIDs the ibnetdiscover export gives its
    // servers' HCAs; no port is in two tenants; management appliances are full default members.
    void partitionsMatchExportGuids_data()
    {
        QTest::addColumn<QString>("name");
        QTest::newRow("h100-pool-128gpu") << QStringLiteral("h100-pool-128gpu");
        QTest::newRow("hetero-h100-h20") << QStringLiteral("hetero-h100-h20");
        QTest::newRow("superpod-4su (no tenants, UFM)") << QStringLiteral("dgx-h100-superpod-4su");
    }
    void partitionsMatchExportGuids()
    {
        QFETCH(QString, name);
        const Design d = load(name.toLatin1().constData());
        const Fabric fabric = Fabric::build(d, m_catalog);
        const QString topo = QString::fromStdString(exportIbnetdiscover(d, fabric));
        auto conf = partitionsFile(d, m_catalog);
        QVERIFY(conf.ok());
        const QString text = QString::fromStdString(*conf);

        // Export: CA records name the server in the description ("gpu001 HCA-3"), ports carry GUIDs.
        std::map<QString, std::set<quint64>> exportGuids;   // server name -> port GUIDs
        QString server;
        static const QRegularExpression ca(QStringLiteral("^Ca\\s+\\d+\\s+\"[^\"]+\"\\s*#\\s*\"(.*) HCA-\\d+\""));
        static const QRegularExpression port(QStringLiteral("^\\[\\d+\\]\\((?:0x)?([0-9a-fA-F]+)\\)"));
        for (const QString &l : topo.split(QLatin1Char('\n'))) {
            if (l.startsWith(QLatin1String("Switch"))) {
                server.clear();
                continue;
            }
            if (auto m = ca.match(l); m.hasMatch()) {
                server = m.captured(1);
                continue;
            }
            if (auto m = port.match(l); m.hasMatch() && !server.isEmpty())
                exportGuids[server].insert(m.captured(1).toULongLong(nullptr, 16));
        }
        QVERIFY(!exportGuids.empty());

        // partitions.conf: "Name=0xPKEY, flags : members ;" spread over lines; comments start with '#'.
        QString body;
        for (const QString &l : text.split(QLatin1Char('\n')))
            body += l.section(QLatin1Char('#'), 0, 0) + QLatin1Char(' ');
        std::map<QString, std::set<quint64>> members;
        std::map<QString, QString> pkeys;
        for (const QString &stmt : body.split(QLatin1Char(';'), Qt::SkipEmptyParts)) {
            if (stmt.trimmed().isEmpty())
                continue;
            const QString def = stmt.section(QLatin1Char(':'), 0, 0).trimmed();
            const QString list = stmt.section(QLatin1Char(':'), 1).trimmed();
            const QString pname = def.section(QLatin1Char('='), 0, 0).trimmed();
            const QString pkey = def.section(QLatin1Char('='), 1).section(QLatin1Char(','), 0, 0).trimmed();
            QVERIFY2(!pkeys.count(pname), qPrintable(pname));
            for (const auto &[other, key] : pkeys)
                QVERIFY2(key != pkey, qPrintable(QStringLiteral("P_Key used twice: ") + pkey));
            pkeys[pname] = pkey;
            for (const QString &m : list.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
                const QString guid = m.section(QLatin1Char('='), 0, 0).trimmed();
                const QString member = m.section(QLatin1Char('='), 1).trimmed();
                if (!guid.startsWith(QLatin1String("0x")))
                    continue;   // ALL, SELF, ALL_SWITCHES
                QCOMPARE(member, QStringLiteral("full"));
                members[pname].insert(guid.toULongLong(nullptr, 16));
            }
        }
        QCOMPARE(pkeys[QStringLiteral("Default")], QStringLiteral("0x7fff"));

        std::set<quint64> tenantPorts;
        for (const Tenant &t : d.tenants) {
            const PartitionPlan plan = planPartitions(d, fabric);
            const auto spec = std::find_if(plan.partitions.begin(), plan.partitions.end(),
                                           [&](const PartitionSpec &p) { return p.tenantId == t.id; });
            QVERIFY(spec != plan.partitions.end());
            std::set<quint64> expected;
            for (const std::string &s : t.servers) {
                const Node &n = d.node(*d.findNode(s));
                const auto &g = exportGuids[QString::fromStdString(n.name.empty() ? n.id : n.name)];
                QVERIFY2(!g.empty(), s.c_str());
                expected.insert(g.begin(), g.end());
            }
            const auto &got = members[QString::fromStdString(spec->name)];
            QCOMPARE(got, expected);
            for (quint64 g : got)
                QVERIFY2(tenantPorts.insert(g).second, "a port in two tenants");
        }
        // Management appliances: full members of the default partition, with their export GUIDs.
        std::set<quint64> mgmt;
        for (const Node &n : d.nodes)
            if (n.role == NodeRole::Management) {
                const auto &g = exportGuids[QString::fromStdString(n.name.empty() ? n.id : n.name)];
                mgmt.insert(g.begin(), g.end());
            }
        if (d.tenants.empty())
            QVERIFY(text.contains(QStringLiteral("Default=0x7fff, ipoib : ALL=full")));
        else
            QCOMPARE(members[QStringLiteral("Default")], mgmt);
    }

    // OpenSM (over ibsim, through the harness in tests/integration) loads the partitions without
    // a partition error, and does report one for a broken file (so the check can fail).
    void partitionsAcceptedByOpenSm()
    {
        CPLAN_REQUIRE(test::ibFabricMissing());

        const Design d = load("h100-pool-128gpu");
        const Fabric fabric = Fabric::build(d, m_catalog);
        const QString topo = m_dir.filePath(QStringLiteral("pool.topo"));
        const QString good = m_dir.filePath(QStringLiteral("pool.partitions"));
        const QString bad = m_dir.filePath(QStringLiteral("bad.partitions"));
        QVERIFY(writeText(topo, exportIbnetdiscover(d, fabric)));
        QVERIFY(writeText(good, *partitionsFile(d, m_catalog)));
        QVERIFY(writeText(bad, "Default=0x7fff : ALL=full ;\nbroken=0x0001 : 0xnothex=full ;\n"));

        auto check = [&](const QString &partitions) {
            test::IbFabricOptions options;
            options.partitions = partitions;
            return test::runIbFabric(topo, options);
        };
        const test::IbFabricReport ok = check(good);
        QVERIFY2(ok.subnetUp, QJsonDocument(ok.toJson()).toJson().constData());
        QVERIFY2(ok.partitionErrors.isEmpty(), QJsonDocument(ok.toJson()).toJson().constData());
        QCOMPARE(ok.casFound, int(fabric.cas().size()));
        const test::IbFabricReport ko = check(bad);
        QVERIFY2(!ko.partitionErrors.isEmpty(), QJsonDocument(ko.toJson()).toJson().constData());
    }

    // The XLSX opens in LibreOffice and its BOM sheet equals the CSV export; its cable plan
    // sheet equals the cable plan CSV.
    void workbookOpensInLibreOffice_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<bool>("translated");
        QTest::newRow("dgx-h100-superpod-4su") << QStringLiteral("dgx-h100-superpod-4su") << false;
        QTest::newRow("hetero-h100-h20") << QStringLiteral("hetero-h100-h20") << false;
        // Every text through a "translation" (as the GUI does): sheet names, headers and
        // categories change, and the formulas must follow them.
        QTest::newRow("hetero-h100-h20 translated") << QStringLiteral("hetero-h100-h20") << true;
        // No line has a price: every money figure is an empty cell, never 0.
        QTest::newRow("hdr-2to1-520gpu") << QStringLiteral("hdr-2to1-520gpu") << false;
    }
    void workbookOpensInLibreOffice()
    {
        QFETCH(QString, name);
        QFETCH(bool, translated);
        const std::string mark = translated ? "译" : "";
        auto tr = [&](const std::string &s) { return mark + s; };
        const Design d = load(name.toLatin1().constData());
        const Bom bom = computeBom(d, m_catalog);
        const QString xlsx = m_dir.filePath(name + (translated ? QStringLiteral("-zh") : QString()) + QStringLiteral(".xlsx"));
        WorkbookText text;
        if (translated)
            text = [&](const Message &m) { return tr(m.english()); };
        auto written = writeBomWorkbook(toStd(xlsx), d, m_catalog, bom, BomTerms{2, 10}, text);
        QVERIFY2(written.ok(), written.ok() ? "" : written.error().toString().c_str());

        CPLAN_REQUIRE_TOOLS("soffice");
        const QString soffice = test::findTool(QStringLiteral("soffice"));
        const QString out = m_dir.filePath(name + QStringLiteral("-csv"));
        const QString profile = m_dir.filePath(QStringLiteral("lo-profile"));
        // Filter options: comma, quote, UTF-8, ..., raw values (not as shown), every sheet (-1).
        QProcess p;
        p.start(soffice, {QStringLiteral("-env:UserInstallation=file://") + profile, QStringLiteral("--headless"),
                          QStringLiteral("--convert-to"),
                          QStringLiteral("csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,false,false,false,-1"),
                          QStringLiteral("--outdir"), out, xlsx});
        QVERIFY(p.waitForFinished(180000));
        QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData());

        auto readSheet = [&](const QString &sheet) {
            QFile f(out + QLatin1Char('/') + QFileInfo(xlsx).completeBaseName() + QLatin1Char('-') + QString::fromStdString(tr(sheet.toStdString())) +
                    QStringLiteral(".csv"));
            if (!f.open(QIODevice::ReadOnly))
                return std::vector<std::vector<std::string>>();
            return parseCsv(f.readAll().toStdString());
        };
        auto compare = [&](const std::vector<std::vector<std::string>> &got, const std::vector<std::vector<std::string>> &want,
                           const char *what) {
            QVERIFY2(!got.empty(), what);
            QCOMPARE(got.size(), want.size());
            for (std::size_t r = 0; r < want.size(); ++r) {
                QCOMPARE(got[r].size(), want[r].size());
                for (std::size_t c = 0; c < want[r].size(); ++c) {
                    if (got[r][c] == want[r][c] || numbersEqual(got[r][c], want[r][c]))
                        continue;
                    QFAIL(qPrintable(QStringLiteral("%1 row %2 column %3: xlsx '%4', csv '%5'")
                                         .arg(QLatin1String(what)).arg(r).arg(c)
                                         .arg(QString::fromStdString(got[r][c]), QString::fromStdString(want[r][c]))));
                }
            }
        };
        // The CSVs as the translated workbook shows them: headers, categories, yes/no translated.
        auto bomWant = parseCsv(bomCsv(bom));
        auto cablesWant = parseCsv(cablePlanCsv(cablePlan(d, m_catalog)));
        for (auto &cell : bomWant[0])
            cell = tr(cell);
        for (std::size_t r = 1; r < bomWant.size(); ++r) {
            bomWant[r][0] = tr(bomWant[r][0]);
            bomWant[r][8] = tr(bomWant[r][8]);
        }
        for (auto &cell : cablesWant[0])
            cell = tr(cell);
        compare(readSheet(QStringLiteral("BOM")), bomWant, "BOM");
        if (QTest::currentTestFailed())
            return;
        compare(readSheet(QStringLiteral("Cable plan")), cablesWant, "Cable plan");
        if (QTest::currentTestFailed())
            return;

        // Summary: the formulas evaluate (in LibreOffice) to the totals computed here.
        const BomPricing pricing = priceBom(bom, BomTerms{2, 10});
        std::map<std::string, std::string> summary, notes;
        for (const auto &row : readSheet(QStringLiteral("Summary")))
            if (row.size() >= 3) {
                summary[row[0]] = row[1];
                notes[row[0]] = row[2];
            }
        // Subtotals are SUMIFs over the BOM sheet by (translated) category; a category without
        // any price is an empty cell saying so, never 0.
        std::map<std::string, int> priced;
        for (const BomLine &l : bom.lines)
            priced[l.category] += l.total ? 1 : 0;
        const bool anyPrice = priceCoverage(bom).pricedLines > 0;
        for (const auto &[category, value] : pricing.subtotals) {
            if (priced[category])
                QVERIFY2(numbersEqual(summary[tr(category)], formatDouble(value)), (category + ": " + summary[tr(category)]).c_str());
            else
                QVERIFY2(summary[tr(category)].empty() && !notes[tr(category)].empty(), (category + ": " + summary[tr(category)]).c_str());
        }
        const std::string total = tr("Total (" + bom.currency + ")");
        if (anyPrice) {
            QVERIFY(numbersEqual(summary[tr("Hardware (list prices)")], formatDouble(pricing.hardware)));
            QVERIFY(numbersEqual(summary[tr("Spares")], formatDouble(pricing.spares)));
            QVERIFY(numbersEqual(summary[total], formatDouble(pricing.total)));
        } else {
            QVERIFY(summary[tr("Hardware (list prices)")].empty() && summary[total].empty());
            QVERIFY(summary[tr("Cost per GPU (" + bom.currency + ")")].empty());
        }
        // Totals that miss prices say so; the coverage line counts the priced lines.
        QCOMPARE(notes[total].empty(), bom.totals.capexComplete);
        const PriceCoverage coverage = priceCoverage(bom);
        QVERIFY2(notes[tr("Price coverage")].find(std::to_string(coverage.pricedLines) + " of " + std::to_string(coverage.lines)) != std::string::npos,
                 notes[tr("Price coverage")].c_str());
        QVERIFY(numbersEqual(summary[tr("GPUs")], std::to_string(bom.totals.gpus)));
        QVERIFY(readSheet(QStringLiteral("Sources")).size() > 1);
        QVERIFY(readSheet(QStringLiteral("Assumptions")).size() > 5);
        // Racks: one row per rack of the design, its budgets as LibreOffice reads them.
        const auto racks = readSheet(QStringLiteral("Racks"));
        const auto budgets = rackBudgets(d, m_catalog);
        QCOMPARE(racks.size(), budgets.size() + 1);
        for (std::size_t i = 0; i < budgets.size(); ++i) {
            QCOMPARE(racks[i + 1][0], budgets[i].rack);
            if (budgets[i].unknownNameplate.empty())
                QVERIFY(numbersEqual(racks[i + 1][6], formatDouble(budgets[i].nameplateW)));
        }
    }

    void pricing()
    {
        Bom bom;
        bom.totals.gpus = 8;
        auto line = [&](const char *cat, double total) {
            BomLine l;
            l.category = cat;
            l.total = total;
            bom.lines.push_back(l);
        };
        line("server", 1000);
        line("cable", 100);
        line("cable", 100);
        line("transceiver", 200);
        line("rack", 50);
        BomLine unknown;
        unknown.category = "rack";
        bom.lines.push_back(unknown);
        const BomPricing p = priceBom(bom, BomTerms{5, 10});
        QCOMPARE(p.subtotals.size(), std::size_t(4));
        QCOMPARE(p.hardware, 1450.0);
        QCOMPARE(p.spares, 20.0);                    // 5 % of 400
        QCOMPARE(p.discount, 147.0);                 // 10 % of 1470
        QCOMPARE(p.total, 1323.0);
        QCOMPARE(*p.totalPerGpu, 1323.0 / 8);
    }

    void csvRoundTrip()
    {
        const std::vector<std::string> fields = {"a", "b,c", "say \"hi\"", "", "line\nbreak"};
        const auto rows = parseCsv(csvLine(fields) + csvLine({"x"}));
        QCOMPARE(rows.size(), std::size_t(2));
        QCOMPARE(rows[0], fields);
    }

    void exportErrors()
    {
        Design empty;
        empty.name = "empty";
        QVERIFY(!partitionsFile(empty, m_catalog).ok());
        QVERIFY(!slurmTopologyFile(empty, m_catalog).ok());
        QVERIFY(cablePlanFile(empty, m_catalog).ok());
        auto r = writeBomWorkbook("/nonexistent-dir/x.xlsx", empty, m_catalog, computeBom(empty, m_catalog));
        QVERIFY(!r.ok());
    }
};

CPLAN_TEST_APPLESS_MAIN(TestExport)
#include "tst_export.moc"
