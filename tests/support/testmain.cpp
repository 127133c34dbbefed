#include "testmain.h"

#include "skip.h"

#include <QMetaMethod>
#include <QObject>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <system_error>
#include <vector>

namespace cplan::test {

namespace {

// The functions Qt Test would run: private, parameterless, void slots other than the fixtures
// and the *_data functions (qtestcase.cpp, isValidSlot).
QList<QByteArray> testFunctions(const QMetaObject *meta)
{
    static const QList<QByteArray> fixtures{"initTestCase", "initTestCase_data", "cleanupTestCase", "init", "cleanup"};
    QList<QByteArray> names;
    for (int i = 0; i < meta->methodCount(); ++i) {
        const QMetaMethod m = meta->method(i);
        if (m.methodType() != QMetaMethod::Slot || m.access() != QMetaMethod::Private || m.parameterCount() != 0 ||
            m.returnType() != QMetaType::Void)
            continue;
        const QByteArray name = m.name();
        if (!name.endsWith("_data") && !fixtures.contains(name))
            names.append(name);
    }
    return names;
}

} // namespace

void enterSourceRoot(const char *argv0)
{
    namespace fs = std::filesystem;
    std::error_code ec;
    fs::path root;
    if (const char *env = std::getenv("CPLAN_SOURCE_ROOT"); env && *env) {
        root = env;
    } else {
        fs::path exe = fs::read_symlink("/proc/self/exe", ec);
        if (ec)
            exe = fs::absolute(argv0, ec);
        for (fs::path dir = exe.parent_path(); !dir.empty() && dir != dir.root_path(); dir = dir.parent_path())
            if (fs::exists(dir / ".cmake" / "CplanTargets.cmake", ec)) {
                root = dir;
                break;
            }
    }
    if (root.empty()) {
        std::fprintf(stderr, "cannot find the source root (set CPLAN_SOURCE_ROOT): the test's files will not be found\n");
        return;
    }
    fs::current_path(root, ec);
    if (ec)
        std::fprintf(stderr, "cannot enter the source root %s: %s\n", root.c_str(), ec.message().c_str());
}

int exec(QObject *testObject, int argc, char **argv)
{
    std::vector<char *> args;
    QList<QByteArray> except;
    bool hasExcept = false;
    for (int i = 0; i < argc; ++i) {
        if (std::strcmp(argv[i], "--except") == 0 && i + 1 < argc) {
            hasExcept = true;
            except = QByteArray(argv[++i]).split(',');
        } else {
            args.push_back(argv[i]);
        }
    }
    QList<QByteArray> run;   // keeps the names alive while qExec reads them
    if (hasExcept) {
        const QList<QByteArray> all = testFunctions(testObject->metaObject());
        for (const QByteArray &name : except)
            if (!all.contains(name)) {
                std::fprintf(stderr, "--except %s: %s has no test function of that name\n", name.constData(),
                             testObject->metaObject()->className());
                return 1;
            }
        for (const QByteArray &name : all)
            if (!except.contains(name))
                run.append(name);
        if (run.isEmpty()) {
            std::fprintf(stderr, "--except leaves no test function to run: register %s without SKIPPABLE\n",
                         testObject->metaObject()->className());
            return 1;
        }
        for (QByteArray &name : run)
            args.push_back(name.data());
    }
    int failures = QTest::qExec(testObject, int(args.size()), args.data());
    if (failures != 0)
        return failures == kSkipReturnCode ? failures + 1 : failures;
    const QStringList skipped = skipReasons();
    if (skipped.isEmpty())
        return 0;
    std::fprintf(stdout, "SKIPPED (exit code %d for ctest): %s\n", kSkipReturnCode, qPrintable(skipped.join(QStringLiteral("; "))));
    return kSkipReturnCode;
}

} // namespace cplan::test
