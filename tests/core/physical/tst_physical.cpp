// The physical plan: racks and U, rack budgets, the floor, cables as physical objects and the
// design rules on them (on real parts in tests/data/physical-rules; one golden case per rule
// code with test parts in tests/data/validate), and the generator's racks
// and cables on every sample and on generated GB200 and B300 designs.

#include "catalog/catalog.h"
#include "cost/bom.h"
#include "export/cableplan.h"
#include "generate/fattree.h"
#include "io/designyaml.h"
#include "physical/cables.h"
#include "physical/floor.h"
#include "physical/layout.h"
#include "physical/racks.h"
#include "validate/validate.h"

#include <QFile>
#include "fixtures.h"
#include "testmain.h"

#include <QtTest>

#include <cmath>
#include <map>
#include <set>

using namespace cplan;

namespace {

const char *kPhysicalCodes[] = {"u-overlap", "rack-over-height", "rack-space", "rack-power", "rack-cooling", "rack-weight",
                                "rack-undeclared", "cable-distance", "cable-route", "impossible-cable"};

QString dataFile(const QString &name) { return QString::fromStdString(test::testDataPath("physical-rules/" + name.toStdString())); }

} // namespace

class TestPhysical : public QObject
{
    Q_OBJECT

private:
    const Catalog &m_catalog = test::builtinCatalog();

    Design load(const QString &path)
    {
        auto d = loadDesign(path.toStdString(), &m_catalog);
        if (!d)
            qFatal("%s", d.error().toString().c_str());
        return std::move(*d);
    }

    Design generate(const FatTreeSpec &spec) { return test::generateOrStop(spec, m_catalog); }

    // GB200 NVL72 racks on QM9700: 72 ports each on 18 rails, 4 per rail, 8 racks per SU (one
    // leaf per rail takes 8 x 4 = 32 ports).
    static FatTreeSpec gb200(int racks)
    {
        FatTreeSpec spec;
        spec.servers = {{"dgx-gb200-nvl72", racks}};
        spec.switchPart = "qm9700";
        spec.rails = 18;
        spec.suSize = 8;
        return spec;
    }

    // Every physical cable can be installed: one link, or two links of one twin-port cage to one
    // far cage, or a splitter's two legs (the only cable whose far ends may be two devices).
    void checkInstallable(const Design &d, const char *what)
    {
        const PhysicalCables pc = physicalCables(d, m_catalog);
        for (const CableProblem &p : pc.problems)
            QFAIL(qPrintable(QString::fromLatin1(what) + QStringLiteral(": ") + QString::fromStdString(p.text.english())));
        const CageIndex cages(d, m_catalog);
        for (const PhysicalCable &c : pc.cables) {
            QVERIFY(c.links.size() == 1 || c.links.size() == 2);
            if (c.links.size() == 1)
                continue;
            QVERIFY2(c.form != CableForm::Single, c.id.c_str());
            const Link &x = d.link(c.links[0]), &y = d.link(c.links[1]);
            QVERIFY(c.twinEnd);
            const PortRef tx = x.a.node == c.twinEnd->node ? x.a : x.b, ty = y.a.node == c.twinEnd->node ? y.a : y.b;
            QCOMPARE(cages.at(tx).cage, cages.at(ty).cage);   // one connector at the twin end
            const PortRef fx = tx == x.a ? x.b : x.a, fy = ty == y.a ? y.b : y.a;
            if (c.form == CableForm::Twin) {
                QVERIFY2(fx.node == fy.node && cages.at(fx).cage == cages.at(fy).cage, c.id.c_str());
            } else {
                QCOMPARE(c.form, CableForm::Splitter);
                QCOMPARE(cages.at(fx).ports, 1);
                QCOMPARE(cages.at(fy).ports, 1);
            }
        }
        checkPlan(d, pc);
    }

    // The same over the cable plan as printed: a row is one physical cable and lists each link it
    // carries (a twin or splitter row both), every link is on exactly one row, a row's links join
    // two different far devices only when its part is a splitter, every row has a cable part, and
    // there are as many rows as the BOM counts cables.
    void checkPlan(const Design &d, const PhysicalCables &pc)
    {
        const std::vector<CablePlanRow> plan = cablePlan(d, m_catalog);
        QCOMPARE(plan.size(), pc.cables.size());
        std::vector<int> rowsOfLink(d.links.size(), 0);
        for (const CablePlanRow &r : plan) {
            QVERIFY2(r.links.size() == 1 || r.links.size() == 2, r.cableId.c_str());
            QVERIFY2(!r.cablePart.empty(), r.cableId.c_str());
            std::set<NodeId> devices;
            for (const std::string &id : r.links) {
                const auto l = d.findLink(id);
                QVERIFY2(l, id.c_str());
                ++rowsOfLink[l->value];
                devices.insert(d.link(*l).a.node);
                devices.insert(d.link(*l).b.node);
            }
            QCOMPARE(r.form == CableForm::Single, r.links.size() == 1);
            // Two links: one near device and one far device (twin), or two far devices (splitter).
            const Part *part = m_catalog.find(r.cablePart);
            QVERIFY2(part, r.cablePart.c_str());
            if (devices.size() > 2)
                QVERIFY2(devices.size() == 3 && part->cableForm() == CableForm::Splitter,
                         qPrintable(QString::fromStdString(r.label + " (" + r.cablePart + ") joins two far devices")));
        }
        for (std::size_t i = 0; i < rowsOfLink.size(); ++i)
            QVERIFY2(rowsOfLink[i] == 1, d.links[i].id.c_str());
        const Bom bom = computeBom(d, m_catalog);
        long long bomCables = 0;
        for (const BomLine &l : bom.lines)
            if (l.category == "cable")
                bomCables += l.quantity;
        QCOMPARE(static_cast<long long>(plan.size()), bomCables);
    }

private slots:
    // Golden cases: each design plants one physical mistake; validation names it.
    void rules_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("code");
        QTest::addColumn<QString>("severity");
        QTest::addColumn<QString>("text");
        QFile f(dataFile(QStringLiteral("expected.txt")));
        QVERIFY(f.open(QIODevice::ReadOnly));
        int rows = 0;
        for (const QString &line : QString::fromUtf8(f.readAll()).split(QLatin1Char('\n'))) {
            if (line.trimmed().isEmpty() || line.startsWith(QLatin1Char('#')))
                continue;
            const QStringList p = line.split(QLatin1Char('|'));
            QCOMPARE(p.size(), 4);
            QTest::newRow(qPrintable(p[0])) << p[0] << p[1] << p[2] << p[3];
            ++rows;
        }
        QVERIFY(rows >= 12);
    }

    void rules()
    {
        QFETCH(QString, file);
        QFETCH(QString, code);
        QFETCH(QString, severity);
        QFETCH(QString, text);
        const Design d = load(dataFile(file));
        const auto findings = validateDesign(d, m_catalog);
        if (code == QLatin1String("none")) {
            for (const Finding &f : findings)
                for (const char *c : kPhysicalCodes)
                    QVERIFY2(f.code != c, f.message.c_str());
            return;
        }
        bool found = false;
        QString all;
        for (const Finding &f : findings) {
            all += QString::fromStdString(f.code + ": " + f.message) + QLatin1Char('\n');
            if (f.code == code.toStdString() && QString::fromStdString(f.message).contains(text)) {
                QCOMPARE(QString::fromLatin1(toString(f.severity)), severity);
                found = true;
            }
        }
        QVERIFY2(found, qPrintable(all));
    }

    // Per-rack budgets: sums over known figures; unknowns listed, never zero.
    void budgets()
    {
        const Design d = load(dataFile(QStringLiteral("clean.cluster.yaml")));
        const auto budgets = rackBudgets(d, m_catalog);
        QCOMPARE(budgets.size(), std::size_t(2));
        const RackBudget &r1 = budgets[0];
        QCOMPARE(r1.rack, std::string("r1"));
        QCOMPARE(r1.devices, 2);
        QCOMPARE(r1.nameplateW, 20400.0);                  // 2 x DGX H100 at 10.2 kW
        QVERIFY(r1.unknownNameplate.empty());
        QVERIFY(std::fabs(r1.heatBtuPerHour() - 20400 * 3.412142) < 1e-6);
        QCOMPARE(r1.typicalW, 0.0);                        // no typical figure in the catalog
        QCOMPARE(r1.unknownTypical.size(), std::size_t(2));
        QCOMPARE(r1.usedU, 16.0);
        QCOMPARE(*r1.capacityU, 42.0);
        QCOMPARE(*r1.powerBudgetW, 30000.0);
        QVERIFY(!r1.overPower());
        // The DGX H100's weight and the empty rack's are unknown in our sources.
        QCOMPARE(r1.unknownWeight, (std::vector<std::string>{"rack-42u", "gpu1", "gpu2"}));
        const RackBudget &r2 = budgets[1];
        QCOMPARE(r2.unknownNameplate, std::vector<std::string>{"leaf"});   // QM9700 power unknown
        QVERIFY(!r2.powerBudgetW);

        const Design b = load(dataFile(QStringLiteral("weight-over-limit.cluster.yaml")));
        const RackBudget w = rackBudgets(b, m_catalog).front();
        QCOMPARE(w.weightKg, 284.8);                        // 2 x DGX B200 at 142.4 kg
        QVERIFY(w.overWeight());
    }

    // The floor: |dx| + |dy| between racks; a cable run adds the way up to the tray and down.
    void floorAndRuns()
    {
        Rack a, b;
        a.xM = 0.3, a.yM = 0;
        b.xM = 9.3, b.yM = 1.2;
        QVERIFY(std::fabs(*floorDistanceM(a, b) - 10.2) < 1e-9);
        b.room = "hall 2";
        QVERIFY(!floorDistanceM(a, b));   // another room: unknown, not guessed
        const Design d = load(dataFile(QStringLiteral("cable-route.cluster.yaml")));
        const CableRuns runs(d, m_catalog);
        const NodeId gpu = *d.findNode("gpu1"), leaf = *d.findNode("leaf");
        // gpu1 U1-8: 34 U up; leaf U1: 41 U up; 0.5 m per end into the tray; 1.2 m along the row.
        const double want = (34 + 41) * kRackUnitM + 2 * kTrayAndLoopM + 1.2;
        QVERIFY2(std::fabs(*runs.runM(gpu, leaf) - want) < 1e-9, std::to_string(*runs.runM(gpu, leaf)).c_str());
        QVERIFY(std::fabs(*runs.floorM(gpu, leaf) - 1.2) < 1e-9);
    }

    // The generator lays racks out: every node at a rack and a U, no overlaps, switches at the
    // top of their racks, the unit's network rack in the middle of its row.
    void generatedLayout()
    {
        FatTreeSpec spec;
        spec.servers = {{"dgx-h100", 31}};
        spec.switchPart = "qm9700";
        spec.suSize = 32;
        spec.mgmtNodes = 4;
        const Design d = generate(spec);
        QCOMPARE(d.racks.size(), std::size_t(11));   // 8 compute + su01-net, spine-r01, mgmt-r01
        std::vector<std::string> row;
        for (const Rack &r : d.racks)
            if (r.row == "su01")
                row.push_back(r.id);
        QCOMPARE(row, (std::vector<std::string>{"su01-r01", "su01-r02", "su01-r03", "su01-r04", "su01-net", "su01-r05",
                                               "su01-r06", "su01-r07", "su01-r08"}));
        for (const Node &n : d.nodes) {
            QVERIFY2(!n.rack.empty() && n.u, n.id.c_str());
            QVERIFY(d.findRack(n.rack));
        }
        QCOMPARE(*d.node(*d.findNode("su01-leaf1")).u, 42);
        QCOMPARE(*d.node(*d.findNode("gpu001")).u, 1);
        QCOMPARE(*d.node(*d.findNode("gpu004")).u, 25);   // four 8U DGX from the bottom
        QCOMPARE(d.node(*d.findNode("gpu005")).rack, std::string("su01-r02"));
        QCOMPARE(d.node(*d.findNode("ufm1")).rack, std::string("mgmt-r01"));
        for (const Finding &f : validateDesign(d, m_catalog))
            QVERIFY2(f.severity != Severity::Error, f.message.c_str());
    }

    // A big floor stays within the optics' reach: 2,048 DGX H100 (64 units, three tiers) stood
    // in 65 rows, 150 m deep behind one spine row, and 6,912 leaf-to-spine runs over 100 m had
    // no cable. Units now stand side by side with the shared rows in the middle: every link gets
    // a cable, and the floor is about as deep as it is wide.
    void bigFloorIsCabled()
    {
        FatTreeSpec spec;
        spec.servers = {{"dgx-h100", 2048}};
        spec.switchPart = "qm9700";
        const Design d = generate(spec);
        for (const Link &l : d.links)
            QVERIFY2(!l.cable.empty(), qPrintable(QString::fromStdString(l.id + " has no cable, " +
                                                                      std::to_string(l.lengthM.value_or(-1)) + " m")));
        double width = 0, depth = 0;
        for (const Rack &r : d.racks) {
            width = std::max(width, r.xM.value_or(0));
            depth = std::max(depth, r.yM.value_or(0));
        }
        QVERIFY2(depth < 2 * width && width < 2 * depth, qPrintable(QStringLiteral("%1 x %2 m").arg(width).arg(depth)));
        checkInstallable(d, "2,048 DGX H100");
    }

    // A rack-scale system (GB200 NVL72) is a rack of its own, with no U.
    void rackScale()
    {
        const Design d = generate(gb200(8));
        std::set<std::string> racks;
        for (const Node &n : d.nodes)
            if (n.part == "dgx-gb200-nvl72") {
                QVERIFY(!n.u);
                QVERIFY(racks.insert(n.rack).second);
            }
        QCOMPARE(racks.size(), std::size_t(8));
        for (const RackInfo &r : designRacks(d, m_catalog))
            if (racks.count(r.id))
                QVERIFY(r.rackScale);
    }

    // The acceptance check: on every sample and on generated GB200 and B300 designs, no cable
    // joins ports of two different far devices unless it is a splitter, and the cable plan has
    // one row per physical cable, as many as the BOM counts.
    void cablesInstallable_data()
    {
        QTest::addColumn<QString>("name");
        for (const std::string &path : test::sampleFiles())
            QTest::newRow(path.c_str()) << QString::fromStdString(path);
        QVERIFY(test::sampleFiles().size() >= 7);
    }

    void cablesInstallable()
    {
        QFETCH(QString, name);
        const Design d = load(name);   // the sample's path
        checkInstallable(d, qPrintable(name));
    }

    void generatedGb200AndB300()
    {
        checkInstallable(generate(gb200(16)), "GB200");
        FatTreeSpec b3;
        b3.servers = {{"dgx-b300", 64}};
        b3.switchPart = "q3400";
        b3.mgmtNodes = 4;
        checkInstallable(generate(b3), "B300");
        FatTreeSpec h;
        h.servers = {{"dgx-h100", 127}};
        h.switchPart = "qm9700";
        h.suSize = 32;
        h.mgmtNodes = 4;
        checkInstallable(generate(h), "H100 4 SU");
    }

    // Rail-optimized leaves: a cage's two links go to two servers, so never twin-port copper;
    // leaf to spine: twin-port copper only where both links of a cage meet one spine cage.
    void railCagesGetNoTwinCopper()
    {
        FatTreeSpec spec;
        spec.servers = {{"dgx-h100", 16}};
        spec.switchPart = "qm9700";
        const Design d = generate(spec);
        const PhysicalCables pc = physicalCables(d, m_catalog);
        int nodeLeaf = 0;
        for (const PhysicalCable &c : pc.cables)
            if (linkTierName(d, d.link(c.links.front())) == "node-leaf") {
                QVERIFY2(c.form != CableForm::Twin, c.id.c_str());
                ++nodeLeaf;
            }
        QVERIFY(nodeLeaf > 0);
        QVERIFY(pc.problems.empty());
    }
};

CPLAN_TEST_APPLESS_MAIN(TestPhysical)
#include "tst_physical.moc"
