// The sheets install crews and NVIDIA's tools read: NVIDIA's P2P sheet and UFM's NDT CSV of the
// 1-SU SuperPOD parsed with their column layouts, cable labels with their QR codes, and rack
// elevations.

#include "catalog/catalog.h"
#include "export/cableplan.h"
#include "export/csv.h"
#include "export/elevation.h"
#include "export/labels.h"
#include "export/p2p.h"
#include "generate/fattree.h"
#include "io/designyaml.h"
#include "physical/cables.h"

#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include "fixtures.h"
#include "testmain.h"

#include <QtTest>

#include <map>
#include <set>

using namespace cplan;

namespace {

const QRegularExpression kUnit(QStringLiteral("^[0-9]+$"));

// "12" or "12 + 20" (a splitter's legs): every part a U number.
bool units(const std::string &text)
{
    if (text.empty())
        return false;
    for (const QString &part : QString::fromStdString(text).split(QStringLiteral(" + ")))
        if (!kUnit.match(part).hasMatch())
            return false;
    return true;
}

} // namespace

class TestCrewSheets : public QObject
{
    Q_OBJECT

private:
    const Catalog &m_catalog = test::builtinCatalog();
    QTemporaryDir m_dir;

    Design load(const char *sample) { return test::loadSample(sample, m_catalog); }

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    // NVIDIA's P2P layout: A side rack, U, name, port; Z side rack, U, name, port; cable type
    // and length. One row per physical cable, rack and U on both ends.
    void p2pOf1SuSuperPod()
    {
        const Design d = load("dgx-h100-superpod-1su");
        auto text = p2pCsvFile(d, m_catalog);
        QVERIFY(text.ok());
        const auto rows = parseCsv(*text);
        QVERIFY(rows.size() > 1);
        const std::vector<std::string> layout{"A Rack", "A U", "A Name", "A Port", "Z Rack", "Z U", "Z Name", "Z Port",
                                              "Cable Type", "Cable Length (m)"};
        QVERIFY(rows[0].size() >= layout.size());
        QCOMPARE(std::vector<std::string>(rows[0].begin(), rows[0].begin() + long(layout.size())), layout);
        const auto plan = cablePlan(d, m_catalog);
        QCOMPARE(rows.size() - 1, plan.size());
        QCOMPARE(plan.size(), physicalCables(d, m_catalog).cables.size());
        std::set<std::string> ids;
        for (std::size_t i = 1; i < rows.size(); ++i) {
            const auto &r = rows[i];
            QCOMPARE(r.size(), rows[0].size());
            QVERIFY2(!r[0].empty() && units(r[1]), r[10].c_str());   // A rack, A U
            QVERIFY2(!r[4].empty() && units(r[5]), r[10].c_str());   // Z rack, Z U
            QVERIFY(!r[2].empty() && !r[3].empty() && !r[6].empty() && !r[7].empty());
            QVERIFY(!r[8].empty() && !r[9].empty());
            QVERIFY(ids.insert(r[10]).second);
            // Switch ports in NVIDIA's notation: cage/port, both ports of a twin cable joined.
            QVERIFY2(QRegularExpression(QStringLiteral("^[0-9]+/[12](\\+[0-9]+/[12])?$")).match(QString::fromStdString(r[7])).hasMatch(),
                     r[7].c_str());
        }
    }

    // UFM's NDT columns, exactly; one row per link; switch ports as "Port N"; hosts as their
    // HCA; speeds in Mb/s; rack and U on both ends.
    void ndtOf1SuSuperPod()
    {
        const Design d = load("dgx-h100-superpod-1su");
        auto text = ndtCsvFile(d, m_catalog);
        QVERIFY(text.ok());
        const auto rows = parseCsv(*text);
        const std::vector<std::string> layout{"StartDevice", "StartPort", "StartDeviceLocation", "EndDevice", "EndPort",
                                              "EndDeviceLocation", "U height", "LinkType", "Speed", "Cable Type", "Cable Length"};
        QCOMPARE(rows[0], layout);
        QCOMPARE(rows.size() - 1, d.links.size());
        const QRegularExpression location(QStringLiteral("^\\S+ U[0-9]+$")), port(QStringLiteral("^Port [0-9]+$"));
        std::set<std::string> seen;
        for (std::size_t i = 1; i < rows.size(); ++i) {
            const auto &r = rows[i];
            QCOMPARE(r.size(), layout.size());
            QVERIFY2(location.match(QString::fromStdString(r[2])).hasMatch(), r[2].c_str());
            QVERIFY2(location.match(QString::fromStdString(r[5])).hasMatch(), r[5].c_str());
            QVERIFY2(port.match(QString::fromStdString(r[1])).hasMatch(), r[1].c_str());
            QVERIFY2(port.match(QString::fromStdString(r[4])).hasMatch(), r[4].c_str());
            QVERIFY(QString::fromStdString(r[6]).startsWith(QLatin1Char('U')));
            QCOMPARE(r[7], std::string("Data"));
            QCOMPARE(r[8], std::string("400000"));
            QVERIFY(!r[9].empty() && !r[10].empty());
            // Every port once.
            QVERIFY(seen.insert(r[0] + "|" + r[1]).second);
            QVERIFY(seen.insert(r[3] + "|" + r[4]).second);
        }
        // A DGX's HCA as UFM sees it: "gpu001 HCA-1" port 1 (the fabric's node description).
        QCOMPARE(rows[1][0], std::string("gpu001 HCA-1"));
        QCOMPARE(rows[1][1], std::string("Port 1"));
    }

    void p2pWorkbook()
    {
        const Design d = load("dgx-h100-superpod-1su");
        const QString path = m_dir.filePath(QStringLiteral("p2p.xlsx"));
        auto written = writeP2pWorkbook(path.toStdString(), d, m_catalog);
        QVERIFY2(written.ok(), written.ok() ? "" : written.error().toString().c_str());
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QVERIFY(f.read(2) == "PK");   // an OOXML zip
    }

    // QR codes of cable ids: version 1 (21 x 21) for short ids, with the three finder patterns.
    void qrCodes()
    {
        const QrCode qr = qrEncode("l000001");
        QCOMPARE(qr.size, 21);
        for (const auto &[x0, y0] : {std::pair{0, 0}, std::pair{14, 0}, std::pair{0, 14}}) {
            for (int k = 0; k < 7; ++k) {   // the finder's dark outer ring
                QVERIFY(qr.dark(x0 + k, y0) && qr.dark(x0 + k, y0 + 6) && qr.dark(x0, y0 + k) && qr.dark(x0 + 6, y0 + k));
            }
            QVERIFY(!qr.dark(x0 + 1, y0 + 1));   // the light ring
            QVERIFY(qr.dark(x0 + 3, y0 + 3));    // the dark centre
        }
        QVERIFY(qrEncode(std::string(200, 'x')).size > 21);
    }

    // One label per physical cable, the QR holding its id; a twin cable's end lists both ports.
    void labels()
    {
        const Design d = load("dgx-h100-superpod-1su");
        const auto plan = cablePlan(d, m_catalog);
        const auto labels = cableLabels(plan);
        QCOMPARE(labels.size(), plan.size());
        bool sawSplitter = false;
        for (std::size_t i = 0; i < labels.size(); ++i) {
            QCOMPARE(labels[i].cableId, plan[i].cableId);
            QVERIFY(labels[i].qr.size >= 21);
            QVERIFY(!labels[i].aSide.empty() && !labels[i].zSide.empty());
            if (plan[i].form == CableForm::Splitter) {
                sawSplitter = true;
                QCOMPARE(labels[i].aSide.size(), std::size_t(2));   // two legs, two servers
                QCOMPARE(labels[i].zSide.size(), std::size_t(1));   // one twin cage
                QVERIFY2(labels[i].zSide[0].find("+") != std::string::npos, labels[i].zSide[0].c_str());
            }
        }
        QVERIFY(sawSplitter);   // the generator puts splitters on leaf cages whose servers are near
    }

    // Elevations: every rack, its devices at their U, the rack-scale ones as one block.
    void elevations()
    {
        const Design d = load("dgx-h100-superpod-1su");
        const auto racks = rackElevations(d, m_catalog);
        QCOMPARE(racks.size(), d.racks.size());
        std::size_t placed = 0;
        for (const RackElevation &r : racks) {
            QCOMPARE(r.heightU, 42);
            QVERIFY(r.unplaced.empty());
            placed += r.items.size();
            for (std::size_t i = 1; i < r.items.size(); ++i)
                QVERIFY(r.items[i - 1].u + r.items[i - 1].heightU <= r.items[i].u);
        }
        QCOMPARE(placed, d.nodes.size());

        FatTreeSpec gb;
        gb.servers = {{"dgx-gb200-nvl72", 2}};
        gb.switchPart = "qm9700";
        gb.rails = 18;
        const Design g = test::generateOrStop(gb, m_catalog);
        int rackScale = 0;
        for (const RackElevation &r : rackElevations(g, m_catalog))
            rackScale += r.rackScale ? 1 : 0;
        QCOMPARE(rackScale, 2);
    }
};

CPLAN_TEST_APPLESS_MAIN(TestCrewSheets)
#include "tst_crewsheets.moc"
