// Tools ▸ Compare with the Ethernet twin… (issue 29 item 5): the open design's twin (the same
// servers and rails on Spectrum-4) built and compared as an engine job; the dialog lists the key
// figures of both, by id as the engine defines them (the same values as `cplan compare`), with
// the reasons; "Open the twin" shows it in a window of its own with the same servers.
#include "windowfixture.h"

#include "document.h"
#include "enginejob.h"
#include "twincompare.h"

#include "analysis/compare.h"
#include "generate/twin.h"
#include "model/design.h"

#include "testmain.h"

#include <QDialog>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTest>

using namespace cplan;
using namespace cplan::test;

class TestTwinCompare : public WindowFixture
{
    Q_OBJECT

private slots:
    void initTestCase() { loadCatalog(); }
    void init() { setUpWindow(); }
    void cleanup() { tearDownWindow(); }

    void comparesWithTheEngine()
    {
        open(QStringLiteral(CPLAN_SOURCE_DIR "/samples/dgx-h100-superpod-1su.cluster.yaml"));
        auto *twin = m_window->findChild<TwinCompare *>();
        QVERIFY(twin);
        QSignalSpy finished(twin, &TwinCompare::finished);
        auto *action = m_window->findChild<QAction *>(QStringLiteral("compareEthernetTwin"));
        QVERIFY(action);
        action->trigger();
        QVERIFY(finished.wait(60000));
        QCOMPARE(finished.first().at(0).toBool(), true);
        QDialog *d = twin->dialog();
        QVERIFY(d && d->isVisible());
        auto *table = d->findChild<QTableWidget *>(QStringLiteral("twinFigures"));
        QVERIFY(table);
        if (const QString shot = qEnvironmentVariable("CPLAN_TWIN_SCREENSHOT"); !shot.isEmpty())
            d->grab().save(shot);   // to look at it

        // The same comparison straight from the engine: the dialog shows its rows, in order.
        const Design &design = m_window->document()->design();
        auto twinDesign = ethernetTwin(design, *m_catalog);
        QVERIFY(twinDesign.ok());
        for (const Part &p : twinDesign->parts)
            m_catalog->addImportedPart(p);
        auto c = compareDesigns(design, *twinDesign, *m_catalog, {});
        QVERIFY(c.ok());
        QCOMPARE(table->rowCount(), int(c->rows.size()));
        int switchesRow = -1;
        for (int i = 0; i < table->rowCount(); ++i)
            if (c->rows[std::size_t(i)].info->id == std::string_view("switches"))
                switchesRow = i;
        QVERIFY(switchesRow >= 0);
        const CompareRow &sw = c->rows[std::size_t(switchesRow)];
        QCOMPARE(table->item(switchesRow, 1)->text(), QString::number(int(*sw.a.value)));
        QCOMPARE(table->item(switchesRow, 2)->text(), QString::number(int(*sw.b.value)));
        auto *reasons = d->findChild<QLabel *>(QStringLiteral("twinReasons"));
        QVERIFY(reasons && reasons->text().contains(QStringLiteral("Ethernet")));
        QVERIFY(reasons->text().contains(QStringLiteral("ecmp")));

        // Open the twin: a window of its own, the same servers, Ethernet switches.
        MainWindow *w = twin->openTwin();
        QVERIFY(w);
        int servers = 0, twinServers = 0;
        for (const Node &n : design.nodes)
            servers += n.role == NodeRole::Server;
        for (const Node &n : w->document()->design().nodes)
            twinServers += n.role == NodeRole::Server;
        QCOMPARE(twinServers, servers);
        QVERIFY(w->document()->fileName().isEmpty());   // untitled: Save asks where
        w->jobs()->waitForIdle(30000);
        answerNextDialog([](QDialog *dialog) {   // the twin is unsaved work: discard it
            if (auto *box = qobject_cast<QMessageBox *>(dialog))
                box->button(QMessageBox::Discard)->click();
        });
        QVERIFY(w->close());
        d->close();
    }
};

CPLAN_TEST_MAIN(TestTwinCompare)
#include "tst_twincompare.moc"
