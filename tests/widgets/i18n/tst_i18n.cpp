// Translations: the embedded zh_CN catalogue loads and translates, the .ts is complete and keeps
// every placeholder, the language setting drives what installTranslations() loads, the Language
// menu stores the choice, and numbers and money follow the locale.
#include "analysis.h"
#include "documentfiles.h"
#include "i18n.h"
#include "mainwindow.h"
#include "problemsview.h"

#include "canvasscene.h"
#include "document.h"

#include "catalog/catalog.h"
#include "cost/bom.h"
#include "generate/fattree.h"
#include "validate/validate.h"

#include "skip.h"
#include "testmain.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QDir>
#include <QDirIterator>
#include <QDockWidget>
#include <QFile>
#include <QFileInfo>
#include <QLibraryInfo>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QProcess>
#include <QScopeGuard>
#include <QRegularExpression>
#include <QSet>
#include <QSettings>
#include <QStandardPaths>
#include <QPushButton>
#include <QTest>
#include <QTimer>
#include <QTranslator>
#include <QTreeWidget>
#include <QXmlStreamReader>

#include <algorithm>

using namespace cplan;

namespace {

const QString tsPath = QStringLiteral(CPLAN_SOURCE_DIR "/resources/translations/cluster-planner_zh_CN.ts");

struct TsMessage
{
    QString context, source, translation, type;
    bool numerus = false;
};

QList<TsMessage> readTs(QString *error)
{
    QFile file(tsPath);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = file.errorString();
        return {};
    }
    QList<TsMessage> messages;
    QXmlStreamReader xml(&file);
    QString context;
    TsMessage m;
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement())
            continue;
        if (xml.name() == QLatin1String("name"))
            context = xml.readElementText();
        else if (xml.name() == QLatin1String("message")) {
            m = TsMessage{context, {}, {}, {}, xml.attributes().value(QLatin1String("numerus")) == QLatin1String("yes")};
        } else if (xml.name() == QLatin1String("source"))
            m.source = xml.readElementText();
        else if (xml.name() == QLatin1String("translation")) {
            m.type = xml.attributes().value(QLatin1String("type")).toString();
            if (m.numerus) {
                // Chinese has a single plural form.
                while (xml.readNextStartElement())
                    m.translation += xml.readElementText();
            } else {
                m.translation = xml.readElementText();
            }
            messages << m;
        }
    }
    if (xml.hasError())
        *error = xml.errorString();
    return messages;
}

QSet<QString> placeholders(const QString &text)
{
    static const QRegularExpression re(QStringLiteral("%(\\d+|n)"));
    QSet<QString> result;
    for (auto it = re.globalMatch(text); it.hasNext();)
        result << it.next().captured(0);
    return result;
}

// String literals passed to `call` in a source file, adjacent literals joined as the compiler does.
// `firstArg` is a literal first argument to skip ("Engine" in CPLAN_TR("Engine", "text")).
QStringList literalsPassedTo(const QString &file, const QString &call, const QString &firstArg = {})
{
    QFile f(QStringLiteral(CPLAN_SOURCE_DIR "/") + file);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    const QString code = QString::fromUtf8(f.readAll());
    const QString skip = firstArg.isEmpty() ? QString()
                                            : QStringLiteral("\\s*\"") + QRegularExpression::escape(firstArg) + QStringLiteral("\"\\s*,");
    const QRegularExpression callRe(QStringLiteral("\\b") + QRegularExpression::escape(call) + QStringLiteral("\\(") + skip
                                    + QStringLiteral("((?:\\s*\"(?:[^\"\\\\]|\\\\.)*\")+)\\s*\\)"));
    const QRegularExpression pieceRe(QStringLiteral("\"((?:[^\"\\\\]|\\\\.)*)\""));
    QStringList result;
    for (auto it = callRe.globalMatch(code); it.hasNext();) {
        QString text;
        for (auto p = pieceRe.globalMatch(it.next().captured(1)); p.hasNext();)
            text += p.next().captured(1);
        result << text.replace(QStringLiteral("\\n"), QStringLiteral("\n")).replace(QStringLiteral("\\\""), QStringLiteral("\""));
    }
    return result;
}

} // namespace

class TestI18n : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void tsIsComplete();
    void embeddedCatalogueTranslates();
    void runtimeLookupsAreTranslated();
    void engineTemplatesAreTranslated();
    void engineTextInChinese();
    void englishLoadsNothing();
    void languageMenuStoresChoice();
    void chineseMainWindow();
    void qtDialogButtonsInChinese();
    void numbersAndMoney();
    void moneyFormsAgree();

private:
    std::optional<Catalog> m_catalog;
};

void TestI18n::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QSettings().clear();
    auto c = loadCatalog(QDir::temp().filePath(QStringLiteral("cplan-tst-i18n-store.sqlite")).toStdString());
    QVERIFY2(c.ok(), c.ok() ? "" : c.error().toString().c_str());
    m_catalog = std::move(*c);
}

void TestI18n::tsIsComplete()
{
    QString error;
    const QList<TsMessage> messages = readTs(&error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QVERIFY(messages.size() > 400);
    QHash<QString, QString> byMainWindow;
    for (const TsMessage &m : messages) {
        const QString where = m.context + QStringLiteral(": ") + m.source;
        QVERIFY2(m.type.isEmpty(), qPrintable(QStringLiteral("%1 (%2)").arg(where, m.type)));
        QVERIFY2(!m.translation.isEmpty(), qPrintable(where));
        QVERIFY2(placeholders(m.translation) == placeholders(m.source), qPrintable(where + QStringLiteral(" → ") + m.translation));
        if (m.context == QLatin1String("cplan::MainWindow"))
            byMainWindow.insert(m.source, m.translation);
    }
    // The main window picks figures out of the metrics view by their translated labels, so a
    // label must read the same in both contexts.
    for (const TsMessage &m : messages)
        if (m.context == QLatin1String("cplan::MetricsView") && byMainWindow.contains(m.source))
            QVERIFY2(byMainWindow.value(m.source) == m.translation, qPrintable(m.source));
}

void TestI18n::embeddedCatalogueTranslates()
{
    QVERIFY(QFile::exists(QStringLiteral(":/i18n/cluster-planner_zh_CN.qm")));
    QTranslator t;
    QVERIFY(t.load(QLocale(QLocale::Chinese, QLocale::SimplifiedHanScript, QLocale::China), QStringLiteral("cluster-planner"),
                   QStringLiteral("_"), QStringLiteral(":/i18n")));
    QCOMPARE(t.language(), QStringLiteral("zh_CN"));
    QCOMPARE(t.translate("cplan::MainActions", "&File"), QStringLiteral("文件(&F)"));
    QCOMPARE(t.translate("cplan::Docks", "Bill of materials"), QStringLiteral("物料清单 (BOM)"));
    QCOMPARE(t.translate("cplan::BomModel", "Unit price"), QStringLiteral("单价"));
    QCOMPARE(t.translate("cplan::FabricWizard", "New fat-tree fabric"), QStringLiteral("新建胖树网络"));
    QCOMPARE(t.translate("MoveNodes", "Move %n node(s)", nullptr, 3), QStringLiteral("移动 %n 个节点"));
}

void TestI18n::runtimeLookupsAreTranslated()
{
    // Texts translated outside their class (worker-thread functions, a plain struct's
    // Q_DECLARE_TR_FUNCTIONS): lupdate must file them under the context the code looks them up in.
    QTranslator t;
    QVERIFY(t.load(QStringLiteral(":/i18n/cluster-planner_zh_CN.qm")));
    const struct {
        const char *file, *call, *context;
        int atLeast;
    } helpers[] = {{"widgets/document/analysis.cpp", "AnalysisRunner::tr", "cplan::AnalysisRunner", 8},
                   // the wire check's verdicts are the link rules' (Engine) texts; only this is its own
                   {"widgets/document/wirecheck.cpp", "WireCheck::tr", "cplan::WireCheck", 1}};
    for (const auto &h : helpers) {
        const QStringList texts = literalsPassedTo(QLatin1String(h.file), QLatin1String(h.call));
        QVERIFY2(texts.size() >= h.atLeast, h.file);
        for (const QString &text : texts)
            QVERIFY2(!t.translate(h.context, text.toUtf8().constData()).isEmpty(),
                     qPrintable(QStringLiteral("%1: %2").arg(QLatin1String(h.context), text)));
    }
}

void TestI18n::engineTemplatesAreTranslated()
{
    // Every sentence template the engine marks with CPLAN_TR (core/util/message.h) has a Chinese
    // translation with the same placeholders in the embedded catalogue.
    QTranslator t;
    QVERIFY(t.load(QStringLiteral(":/i18n/cluster-planner_zh_CN.qm")));
    static const QRegularExpression placeholderRe(QStringLiteral("%[1-9]"));
    int templates = 0;
    for (QDirIterator it(QStringLiteral(CPLAN_SOURCE_DIR "/core"), {QStringLiteral("*.cpp"), QStringLiteral("*.h")}, QDir::Files,
                         QDirIterator::Subdirectories);
         it.hasNext();) {
        const QString file = QDir(QStringLiteral(CPLAN_SOURCE_DIR)).relativeFilePath(it.next());
        for (const QString &text : literalsPassedTo(file, QStringLiteral("CPLAN_TR"), QStringLiteral("Engine"))) {
            ++templates;
            const QString zh = t.translate("Engine", text.toUtf8().constData());
            QVERIFY2(!zh.isEmpty(), qPrintable(file + QStringLiteral(": ") + text));
            QVERIFY2(placeholders(zh) == placeholders(text), qPrintable(text + QStringLiteral(" → ") + zh));
        }
    }
    // validate.cpp, fattree.cpp and bom.h alone hold more than 50.
    QVERIFY2(templates > 50, qPrintable(QString::number(templates)));
}

void TestI18n::engineTextInChinese()
{
    QTranslator t;
    QVERIFY(t.load(QStringLiteral(":/i18n/cluster-planner_zh_CN.qm")));
    QCoreApplication::installTranslator(&t);
    QLocale::setDefault(localeForLanguage(QStringLiteral("zh_CN")));

    // A finding: the template translated, the arguments filled in; the English text kept for the CLI.
    FatTreeSpec spec;
    spec.servers = {{"dgx-h100", 4}};
    spec.switchPart = "qm9700";
    auto design = generateFatTree(spec, *m_catalog);
    QVERIFY2(design.ok(), design.ok() ? "" : design.error().message.c_str());
    // Unplug one server cable.
    const auto serverLink = std::find_if(design->links.begin(), design->links.end(), [&](const Link &l) {
        return design->node(l.a.node).role == NodeRole::Server || design->node(l.b.node).role == NodeRole::Server;
    });
    QVERIFY(serverLink != design->links.end());
    design->removeLinks({LinkId(std::uint32_t(serverLink - design->links.begin()))});
    Finding open;
    for (const Finding &f : validateDesign(*design, *m_catalog))
        if (f.code == "unconnected-hca")
            open = f;
    QVERIFY(!open.code.empty());
    QVERIFY2(QString::fromStdString(open.message).startsWith(QStringLiteral("server '")), open.message.c_str());
    const QString zh = findingText(open);
    QVERIFY2(zh.startsWith(QStringLiteral("服务器“")) && zh.contains(QString::fromStdString(open.text.args.at(0))), qPrintable(zh));
    QVERIFY2(zh.contains(QStringLiteral("未连接的网络端口")), qPrintable(zh));

    // A generator error and a generator note.
    spec.blockingDown = 200;
    auto bad = generateFatTree(spec, *m_catalog);
    QVERIFY(!bad.ok());
    QCOMPARE(QString::fromStdString(bad.error().message), QStringLiteral("blocking ratio 200:1 does not fit a 64-port switch"));
    QCOMPARE(errorText(bad.error()), QStringLiteral("收敛比 200:1 不适用于 64 端口交换机"));
    spec.blockingDown = 5; // 64 ports: room for 50 down, 10 up; a unit of 32 DGX uses 32 down, 7 up
    FatTreeReport report;
    QVERIFY(generateFatTree(spec, *m_catalog, &report).ok());
    QVERIFY(report.notes.size() >= 2);
    QCOMPARE(engineText(report.notes[1]),
             QStringLiteral("叶交换机端口：下行 32，上行 7，25 个未使用（上行端口按叶交换机实际使用的下行端口以 5:1 配置；叶交换机最多可用下行 50、上行 10）"));

    // Names the engine uses as keys, BOM lines and money.
    QCOMPARE(bomCategoryName("switch"), QStringLiteral("交换机"));
    QCOMPARE(bomCategoryName("transceiver"), QStringLiteral("光模块"));
    QCOMPARE(tierName(2), QStringLiteral("脊"));
    QCOMPARE(tierName("leaf-spine"), QStringLiteral("叶—脊"));
    BomLine unknown;
    unknown.description = kUnknownPartDescription;
    QCOMPARE(bomDescription(unknown), QStringLiteral("未知部件"));
    const Bom bom = computeBom(*design, *m_catalog);
    bool sawDgx = false;
    for (const BomLine &l : bom.lines)
        if (l.part == "dgx-h100" && l.unitPrice) {
            sawDgx = true;
            QCOMPARE(formatMoney(*l.unitPrice, l.currency), QStringLiteral("US$") + QLocale().toString(*l.unitPrice, 'f', 0));
        }
    QVERIFY(sawDgx);

    QCoreApplication::removeTranslator(&t);
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
    QCOMPARE(findingText(open), QString::fromStdString(open.message));
    QCOMPARE(bomCategoryName("switch"), QStringLiteral("switch"));
}

void TestI18n::englishLoadsNothing()
{
    setLanguageSetting(QStringLiteral("en"));
    QCOMPARE(languageSetting(), QStringLiteral("en"));
    installTranslations(*qApp);
    QCOMPARE(QLocale().language(), QLocale::English);
    QCOMPARE(QCoreApplication::translate("cplan::MainActions", "&File"), QStringLiteral("&File"));
    QCOMPARE(localeForLanguage(QStringLiteral("system")), QLocale::system());
    setLanguageSetting(QStringLiteral("klingon"));
    QCOMPARE(languageSetting(), QStringLiteral("system"));
}

void TestI18n::languageMenuStoresChoice()
{
    setLanguageSetting(QStringLiteral("en"));
    QWidget parent;
    QMenu *menu = createLanguageMenu(&parent);
    const QList<QAction *> actions = menu->actions();
    QCOMPARE(actions.size(), 3);
    QCOMPARE(actions[1]->text(), QStringLiteral("English"));
    QCOMPARE(actions[2]->text(), QStringLiteral("简体中文"));
    QVERIFY(actions[1]->isChecked());
    QVERIFY(!actions[0]->isChecked() && !actions[2]->isChecked());

    actions[2]->trigger();
    QCOMPARE(languageSetting(), QStringLiteral("zh_CN"));
    QVERIFY(actions[2]->isChecked());
    // The change applies at once (issue 31): the locale and the translation, no restart asked for.
    QVERIFY(!parent.findChild<QMessageBox *>());
    QCOMPARE(QLocale().name(), QStringLiteral("zh_CN"));
    QCOMPARE(QCoreApplication::translate("cplan::MainActions", "&File"), QStringLiteral("文件(&F)"));

    actions[0]->trigger();
    QCOMPARE(languageSetting(), QStringLiteral("system"));
    QCOMPARE(QLocale(), localeForLanguage(QStringLiteral("system")));
    QCOMPARE(QSettings().value(QStringLiteral("language")).toString(), QStringLiteral("system"));
}

void TestI18n::chineseMainWindow()
{
    setLanguageSetting(QStringLiteral("zh_CN"));
    const auto restoreLanguage = qScopeGuard([] { setLanguageSetting(QStringLiteral("system")); });
    installTranslations(*qApp);
    QCOMPARE(QLocale().name(), QStringLiteral("zh_CN"));
    QCOMPARE(QCoreApplication::translate("AddNodes", "Add %n node(s)", nullptr, 2), QStringLiteral("添加 2 个节点"));
    // Qt's own strings, when Qt's translations are installed (Debian: qt6-translations-l10n).
    if (QFile::exists(QLibraryInfo::path(QLibraryInfo::TranslationsPath) + QStringLiteral("/qtbase_zh_CN.qm")))
        QCOMPARE(QCoreApplication::translate("QPlatformTheme", "Cancel"), QStringLiteral("取消"));

    MainWindow window(*m_catalog);
    window.setAutosaveEnabled(false);
    QStringList menus;
    for (QAction *a : window.menuBar()->actions())
        menus << a->text();
    QVERIFY2(menus.size() >= 4, qPrintable(menus.join(QLatin1Char(' '))));
    QCOMPARE(menus.value(0), QStringLiteral("文件(&F)"));
    QCOMPARE(menus.value(1), QStringLiteral("编辑(&E)"));
    QCOMPARE(menus.value(2), QStringLiteral("视图(&V)"));
    QStringList docks;
    for (QDockWidget *d : window.findChildren<QDockWidget *>())
        docks << d->windowTitle();
    QVERIFY2(docks.contains(QStringLiteral("物料清单 (BOM)")), qPrintable(docks.join(QLatin1Char(' '))));
    QVERIFY2(docks.contains(QStringLiteral("属性检查器")), qPrintable(docks.join(QLatin1Char(' '))));

    // The window fits a 1366x768 laptop screen in Chinese too (CJK lines are taller).
    window.show();
    QVERIFY2(window.minimumSizeHint().height() <= 768 && window.minimumSizeHint().width() <= 1366,
             qPrintable(QStringLiteral("%1x%2").arg(window.minimumSizeHint().width()).arg(window.minimumSizeHint().height())));

    // What the engine says shows in Chinese: the EDR sample's speed-mismatch warnings.
    QString error;
    QVERIFY2(window.openFile(QStringLiteral(CPLAN_SOURCE_DIR "/samples/edr-32gpu.cluster.yaml"), false, &error), qPrintable(error));
    QVERIFY(window.analysis()->waitForIdle(30000));
    QTreeWidget *problems = window.problems()->tree();
    QVERIFY(problems->topLevelItemCount() > 0);
    const QString finding = problems->topLevelItem(0)->text(2);
    QVERIFY2(finding.contains(QStringLiteral("连接了")) && finding.contains(QStringLiteral("实际运行在")), qPrintable(finding));

    // The report exported from the window is in the interface language.
    const QString pdf = QDir::temp().filePath(QStringLiteral("cplan-tst-i18n-report.pdf"));
    QVERIFY2(window.writeReport(pdf, &error) > 1, qPrintable(error));
    const auto removePdf = qScopeGuard([&] { QFile::remove(pdf); });
    const QString xlsx = QDir::temp().filePath(QStringLiteral("cplan-tst-i18n-bom.xlsx"));
    QVERIFY2(window.writeBomWorkbook(xlsx, &error), qPrintable(error));
    QVERIFY(QFileInfo(xlsx).size() > 1000);
    QFile::remove(xlsx);
    // Last, as it needs a tool: the PDF's text (ctest shows tst_i18n:chineseMainWindow skipped without it).
    CPLAN_REQUIRE_TOOLS("pdftotext");
    QProcess p;
    p.start(test::findTool(QStringLiteral("pdftotext")), {pdf, QStringLiteral("-")});
    QVERIFY(p.waitForFinished(60000));
    const QString text = QString::fromUtf8(p.readAllStandardOutput()).normalized(QString::NormalizationForm_KC);
    QVERIFY2(text.contains(QStringLiteral("物料清单")) && text.contains(QStringLiteral("交换机")), qPrintable(text.left(2000)));
}

// Qt's own standard buttons (the unsaved-changes question) are in Chinese too: Qt's qtbase
// translation is loaded with ours (issue 17). It ships in qt6-translations-l10n, which
// installer/setup-debian.sh installs and the DEB recommends.
void TestI18n::qtDialogButtonsInChinese()
{
    CPLAN_REQUIRE(cplan::test::missingFile((QLibraryInfo::path(QLibraryInfo::TranslationsPath) + QStringLiteral("/qtbase_zh_CN.qm")).toStdString(),
                                           QStringLiteral("Debian: qt6-translations-l10n")));
    setLanguageSetting(QStringLiteral("zh_CN"));
    installTranslations(*qApp);
    MainWindow window(*m_catalog);
    window.setAutosaveEnabled(false);
    window.show();
    QVERIFY(window.scene()->dropPart("qm9700", QPointF(0, 0)));
    QStringList buttons;
    QTimer timer;
    timer.setInterval(20);
    connect(&timer, &QTimer::timeout, this, [&buttons, &timer] {
        auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
        if (!box)
            return;
        timer.stop();
        for (QAbstractButton *b : box->buttons())
            buttons << b->text();
        box->button(QMessageBox::Cancel)->click();
    });
    timer.start();
    QVERIFY(!window.files()->maybeSave()); // cancelled
    QVERIFY2(buttons.join(QLatin1Char('|')).contains(QStringLiteral("保存")), qPrintable(buttons.join(QLatin1Char('|'))));
    QVERIFY2(buttons.join(QLatin1Char('|')).contains(QStringLiteral("取消")), qPrintable(buttons.join(QLatin1Char('|'))));
    window.document()->undoStack()->setClean();
    setLanguageSetting(QStringLiteral("system"));
}

void TestI18n::numbersAndMoney()
{
    QLocale::setDefault(QLocale(QLocale::Chinese, QLocale::SimplifiedHanScript, QLocale::China));
    QCOMPARE(formatNumber(1234567.891, 2), QStringLiteral("1,234,567.89"));
    QCOMPARE(formatMoney(1234567, QStringLiteral("USD")), QStringLiteral("US$1,234,567"));
    QCOMPARE(formatMoney(99.5, QStringLiteral("CNY"), 2), QStringLiteral("¥99.50"));
    QCOMPARE(formatMoneyShort(12345678, QStringLiteral("USD")), QStringLiteral("US$1,234.6万"));
    QCOMPARE(formatMoneyShort(345678901, QStringLiteral("USD")), QStringLiteral("US$3.46亿"));
    QCOMPARE(formatMoneyShort(45000, QStringLiteral("USD")), QStringLiteral("US$45,000"));

    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
    QCOMPARE(formatNumber(1234567.891, 2), QStringLiteral("1,234,567.89"));
    QCOMPARE(formatMoney(1234567, QStringLiteral("USD")), QStringLiteral("$1,234,567"));
    QCOMPARE(formatMoneyShort(12345678, QStringLiteral("USD")), QStringLiteral("$12.35M"));
    // en_US writes negative amounts the accountant's way.
    QCOMPARE(formatMoneyShort(-2.5e9, QStringLiteral("USD")), QStringLiteral("($2.50B)"));

    QLocale::setDefault(QLocale(QLocale::German, QLocale::Germany));
    QCOMPARE(formatNumber(1234.5, 1), QStringLiteral("1.234,5"));
    QCOMPARE(formatMoneyShort(12345678, QStringLiteral("EUR")), QStringLiteral("12,35M\u00a0€"));
    // The C locale (LANG=C) has no money conventions of its own: money reads as in English, the
    // long and the short form alike (issue 31: "27,237US$" beside "$9.26M").
    QLocale::setDefault(QLocale::c());
    QCOMPARE(formatMoney(27237, QStringLiteral("USD")), QStringLiteral("$27,237"));
    QCOMPARE(formatMoneyShort(9.26e6, QStringLiteral("USD")), QStringLiteral("$9.26M"));
    QLocale::setDefault(QLocale::system());
}

// One money format per locale: the long and the short form put the symbol in the same place,
// with the same spacing ("$27,237" and "$9.26M"; "US$27,237" and "US$3,139.2万"; "27.237 €"
// and "12,35M €").
void TestI18n::moneyFormsAgree()
{
    const QLocale locales[] = {QLocale::c(), QLocale(QLocale::English, QLocale::UnitedStates),
                               QLocale(QLocale::Chinese, QLocale::SimplifiedHanScript, QLocale::China),
                               QLocale(QLocale::German, QLocale::Germany), QLocale(QLocale::French, QLocale::France)};
    // What surrounds the number: the text before its first digit and after its last, the
    // short form's scale word taken out.
    auto frame = [](QString text) {
        for (const QString &scale : {QStringLiteral("M"), QStringLiteral("B"), QStringLiteral("万"), QStringLiteral("亿")})
            text.remove(scale);
        qsizetype first = 0, last = text.size() - 1;
        while (first < text.size() && !text.at(first).isDigit())
            ++first;
        while (last >= 0 && !text.at(last).isDigit())
            --last;
        return std::pair{text.left(first), text.mid(last + 1)};
    };
    for (const QLocale &locale : locales)
        for (const QString &currency : {QStringLiteral("USD"), QStringLiteral("EUR"), QStringLiteral("CNY")}) {
            QLocale::setDefault(locale);
            const QString full = formatMoney(27237, currency), shortened = formatMoneyShort(31.392e6, currency);
            QVERIFY2(frame(full) == frame(shortened),
                     qPrintable(QStringLiteral("%1 %2: %3 and %4").arg(locale.name(), currency, full, shortened)));
        }
    QLocale::setDefault(QLocale::system());
}

CPLAN_TEST_MAIN(TestI18n)
#include "tst_i18n.moc"
