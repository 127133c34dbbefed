// kill -9 at any moment during a save leaves either the old or the new file, whole.
// A child process saves two different designs in turn; the parent kills it at a random moment,
// then checks that the file is byte for byte one of the two. Repeated 1,000 times.
#include "catalog/catalog.h"
#include "generate/fattree.h"
#include "io/designyaml.h"
#include "util/atomicfile.h"

#include "fixtures.h"
#include "testmain.h"

#include <QtTest>

#include <filesystem>
#include <random>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace cplan;

class TestKillDuringSave : public QObject
{
    Q_OBJECT

private slots:
    void killDuringSave()
    {
        const Catalog &catalog = test::builtinCatalog();
        FatTreeSpec spec;
        spec.servers = {{"dgx-h100", 127}};
        spec.switchPart = "qm9700";
        spec.mgmtNodes = 4;
        spec.name = "A";
        auto a = generateFatTree(spec, catalog);
        spec.servers = {{"dgx-h100", 95}};
        spec.name = "B";
        auto b = generateFatTree(spec, catalog);
        QVERIFY(a.ok() && b.ok());
        const std::string textA = serializeDesign(*a), textB = serializeDesign(*b);

        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("design.cluster.yaml")).toStdString();
        QVERIFY(saveDesign(*a, path).ok());

        const int iterations = qEnvironmentVariableIntValue("CPLAN_KILL_ITERATIONS") > 0
                                   ? qEnvironmentVariableIntValue("CPLAN_KILL_ITERATIONS")
                                   : 1000;
        std::mt19937 rng(12345);
        std::uniform_int_distribution<int> delayUs(0, 4000);
        int sawA = 0, sawB = 0;
        for (int i = 0; i < iterations; ++i) {
            const pid_t child = fork();
            QVERIFY(child >= 0);
            if (child == 0) {
                for (int n = 0;; ++n)
                    writeFileAtomically(path, n % 2 ? textA : textB);
            }
            usleep(useconds_t(delayUs(rng)));
            kill(child, SIGKILL);
            int status = 0;
            waitpid(child, &status, 0);
            auto text = readFile(path);
            QVERIFY2(text.ok(), "the design file vanished");
            const bool isA = *text == textA, isB = *text == textB;
            QVERIFY2(isA || isB, qPrintable(QStringLiteral("iteration %1: the file is torn (%2 bytes)").arg(i).arg(text->size())));
            sawA += isA;
            sawB += isB;
            // A killed save leaves its temporary file behind; clean up so the folder stays small.
            for (const auto &e : std::filesystem::directory_iterator(dir.path().toStdString()))
                if (e.path().filename().string().rfind(".design.cluster.yaml.", 0) == 0)
                    std::filesystem::remove(e.path());
        }
        qInfo("%d kills: file was the first design %d times, the second %d times", iterations, sawA, sawB);
        QVERIFY(sawB > 0); // the kills really landed after some saves completed
    }
};

CPLAN_TEST_APPLESS_MAIN(TestKillDuringSave)
#include "tst_killsave.moc"
