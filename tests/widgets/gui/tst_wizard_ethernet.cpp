// The fabric wizard's Ethernet options (issue 29): the NIC every server gets, the servers' port
// speed, dual-ToR and the taper between pods reach the generator, and its refusals show.
#include "fabricwizard.h"

#include "catalog/catalog.h"

#include "fixtures.h"
#include "testmain.h"

#include <QStandardPaths>
#include <QTextDocumentFragment>
#include <QtTest>

using namespace cplan;

class TestWizardEthernet : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    // DGX B300 with ConnectX-8 in Ethernet mode on SN5600: the spec carries the options and
    // the preview says the ports are broken out.
    void ethernetOptionsReachTheGenerator()
    {
        FabricWizard wizard(test::builtinCatalog());
        wizard.setServers(QStringLiteral("dgx-b300"), 16);
        wizard.setSwitch(QStringLiteral("sn5600"));
        wizard.setNic(QStringLiteral("cx8-eth"));
        wizard.setHostPortSpeed(400);
        wizard.setDualTor(true);
        wizard.setPodTaper(1);
        const FatTreeSpec s = wizard.spec();
        QCOMPARE(s.hcaOverride, std::string("cx8-eth"));
        QCOMPARE(s.hostPortSpeedGbps, 400.0);
        QVERIFY(s.dualTor);
        QCOMPARE(s.podOversubDown, 1);
        QVERIFY(wizard.waitForPreview(30000));
        const QString text = QTextDocumentFragment::fromHtml(wizard.previewText()).toPlainText();
        QVERIFY2(text.contains(QStringLiteral("broken-out switch 'imported-sn5600-128x400g'")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("dual-ToR")), qPrintable(text));
    }

    // The server's own InfiniBand HCA on an Ethernet switch: the preview gives the reason.
    void protocolMismatchShown()
    {
        FabricWizard wizard(test::builtinCatalog());
        wizard.setServers(QStringLiteral("dgx-b200"), 16);
        wizard.setSwitch(QStringLiteral("sn5600"));
        wizard.setNic(QString());
        wizard.setHostPortSpeed(0);
        wizard.setDualTor(false);
        QVERIFY(wizard.waitForPreview(30000));
        QVERIFY2(wizard.previewText().contains(QStringLiteral("cannot join")), qPrintable(wizard.previewText()));
    }
};

CPLAN_TEST_MAIN(TestWizardEthernet)
#include "tst_wizard_ethernet.moc"
