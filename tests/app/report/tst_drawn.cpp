// The physical plan drawn: rack elevations as SVG (our own SVG paint device) and PDF, cable
// labels as PDF, and the labels' QR codes read back by a real decoder (zbarimg, skipped without).

#include "physicaldraw.h"
#include "rackpainter.h"

#include "catalog/catalog.h"
#include "export/cableplan.h"
#include "export/elevation.h"
#include "export/labels.h"

#include "fixtures.h"
#include "skip.h"
#include "testmain.h"

#include <QFile>
#include <QImage>
#include <QPainter>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QXmlStreamReader>
#include <QtTest>

#include <map>
#include <set>

using namespace cplan;

class TestDrawn : public QObject
{
    Q_OBJECT

private:
    const Catalog &m_catalog = test::builtinCatalog();
    QTemporaryDir m_dir;

    static QByteArray readAll(const QString &path)
    {
        QFile f(path);
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    }

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    // The SVG parses as XML; every device of every rack is a <text> with its name, drawn inside
    // the rack's frame; the U numbers 1..42 of each rack are there.
    void elevationsSvg()
    {
        const Design d = test::loadSample("dgx-h100-superpod-1su", m_catalog);
        const QString path = m_dir.filePath(QStringLiteral("racks.svg"));
        const Status st = writeRackElevations(d, m_catalog, path.toStdString());
        QVERIFY2(st.ok(), st.ok() ? "" : st.error().toString().c_str());
        QXmlStreamReader xml(readAll(path));
        std::map<QString, int> texts;
        int rects = 0;
        bool sawSvg = false;
        while (!xml.atEnd()) {
            if (xml.readNext() != QXmlStreamReader::StartElement)
                continue;
            if (xml.name() == QLatin1String("svg"))
                sawSvg = true;
            else if (xml.name() == QLatin1String("rect"))
                ++rects;
            else if (xml.name() == QLatin1String("text")) {
                // A device box holds "name\nmodel": Qt draws each line as its own text item.
                ++texts[xml.readElementText()];
            }
        }
        QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
        QVERIFY(sawSvg);
        for (const Node &n : d.nodes)
            QVERIFY2(texts.count(QString::fromStdString(n.name.empty() ? n.id : n.name)) ||
                         texts.count(QString::fromStdString(n.name.empty() ? n.id : n.name) + QStringLiteral(" ?")),
                     n.id.c_str());
        for (const Rack &r : d.racks)
            QVERIFY2(texts.count(QString::fromStdString(r.id)), r.id.c_str());
        QCOMPARE(texts[QStringLiteral("42")], int(d.racks.size()));   // the top U of every 42U rack
        QVERIFY(rects >= int(d.nodes.size() + d.racks.size()));     // a box per device, a frame per rack
    }

    void elevationsPdfAndLabelsPdf()
    {
        const Design d = test::loadSample("dgx-h100-superpod-1su", m_catalog);
        const QString racks = m_dir.filePath(QStringLiteral("racks.pdf")), labels = m_dir.filePath(QStringLiteral("labels.pdf"));
        QVERIFY(writeRackElevations(d, m_catalog, racks.toStdString()).ok());
        QVERIFY(writeCableLabels(d, m_catalog, labels.toStdString()).ok());
        const QByteArray pdf = readAll(labels);
        QVERIFY(pdf.startsWith("%PDF"));
        // 16 labels a sheet, one label per physical cable.
        const auto cables = cablePlan(d, m_catalog).size();
        const auto pages = pdf.count("/Type /Page\n") + pdf.count("/Type /Page ") + pdf.count("/Type /Page>");
        QCOMPARE(qsizetype(pages), qsizetype((cables + 15) / 16));
        QVERIFY(readAll(racks).startsWith("%PDF"));
        // No racks, no elevations: said, not an empty file.
        Design empty;
        QVERIFY(!writeRackElevations(empty, m_catalog, m_dir.filePath(QStringLiteral("none.pdf")).toStdString()).ok());
    }

    // A label drawn as the PDF draws it, at a printer's resolution: zbarimg reads the cable id
    // back from its QR code.
    void qrCodesDecode()
    {
        CPLAN_REQUIRE_TOOLS("zbarimg");
        const Design d = test::loadSample("dgx-h100-superpod-1su", m_catalog);
        const auto labels = cableLabels(cablePlan(d, m_catalog));
        QVERIFY(labels.size() > 20);
        for (std::size_t i : {std::size_t(0), labels.size() / 2, labels.size() - 1}) {
            QImage image(QSize(1100, 400), QImage::Format_RGB32);   // 93 x 34 mm at about 300 dpi
            image.fill(Qt::white);
            QPainter p(&image);
            p.scale(1100 / 263.6, 400 / 96.4);
            RackPainter::paintLabel(p, QRectF(0, 0, 263.6, 96.4), labels[i]);
            p.end();
            const QString png = m_dir.filePath(QStringLiteral("label%1.png").arg(i));
            QVERIFY(image.save(png));
            QProcess zbar;
            zbar.start(test::findTool(QStringLiteral("zbarimg")), {QStringLiteral("--raw"), QStringLiteral("-q"), png});
            QVERIFY(zbar.waitForFinished(60000));
            QCOMPARE(QString::fromUtf8(zbar.readAllStandardOutput()).trimmed(), QString::fromStdString(labels[i].cableId));
        }
    }
};

CPLAN_TEST_MAIN(TestDrawn)
#include "tst_drawn.moc"
