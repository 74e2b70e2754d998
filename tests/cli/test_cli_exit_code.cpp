// spare-cli's exit codes: bad input 2, a broken contract 3 with a request to report it, anything else 1.
#include "app/cli/CliCommand.h"
#include "app/cli/CliExitCode.h"

#include "engine/base/InputError.h"
#include "engine/base/OutputFileError.h"

#include <QtTest>

#include <cerrno>
#include <new>
#include <stdexcept>

using namespace spare;
using namespace spare::cli;

namespace {

template <typename Error>
CliFailure failureOf(const Error& error)
{
    return cliFailure(std::make_exception_ptr(error));
}

}  // namespace

class TestCliExitCode : public QObject {
    Q_OBJECT

private slots:
    void badInputExitsTwoWithTheMessage()
    {
        QCOMPARE(failureOf(UsageError("--seed: '-1' is out of range")).exitCode, 2);
        QCOMPARE(failureOf(UsageError("--seed: '-1' is out of range")).message,
                 std::string("spare-cli: --seed: '-1' is out of range\n"));
        const ScenarioError scenario({{"s.json", "cluster.groups", "1 is out of range"},
                                      {"s.json", "run.seed", "-1 is out of range"}});
        QCOMPARE(failureOf(scenario).exitCode, 2);
        QCOMPARE(failureOf(scenario).message,
                 std::string("spare-cli: s.json: cluster.groups: 1 is out of range\ns.json: run.seed: -1 is out of range\n"));
        QCOMPARE(failureOf(OutputFileError("/ro/out.csv", "read-only folder")).exitCode, 2);
    }

    void brokenContractExitsThreeAndAsksForAReport()
    {
        for (const CliFailure& failure : {failureOf(std::logic_error("reorder: no perfect matching")),
                                          failureOf(std::invalid_argument("failed group 20 is out of range")),
                                          failureOf(std::out_of_range("Recording::event"))}) {
            QCOMPARE(failure.exitCode, 3);
            QVERIFY(failure.message.starts_with("spare-cli: internal error: "));
            QVERIFY(failure.message.find("please report") != std::string::npos);
        }
        const CliFailure unknown = cliFailure(std::make_exception_ptr(42));
        QCOMPARE(unknown.exitCode, 3);
        QVERIFY(unknown.message.find("please report") != std::string::npos);
    }

    void otherFailuresExitOne()
    {
        QCOMPARE(failureOf(std::bad_alloc()).exitCode, 1);
        QVERIFY(failureOf(std::bad_alloc()).message.starts_with("spare-cli: out of memory"));
        const CliFailure io = failureOf(std::runtime_error("shard.jsonl: cannot write: No space left on device"));
        QCOMPARE(io.exitCode, 1);
        QCOMPARE(io.message, std::string("spare-cli: error: shard.jsonl: cannot write: No space left on device\n"));
    }

    // A failing device exits 1 (README, "Exit codes"); a path the user can change exits 2.
    void outputErrorsByErrno_data()
    {
        QTest::addColumn<int>("errorNumber");
        QTest::addColumn<int>("exitCode");
        QTest::newRow("full disk") << ENOSPC << 1;
        QTest::newRow("i/o error") << EIO << 1;
        QTest::newRow("quota") << EDQUOT << 1;
        QTest::newRow("read-only file system") << EROFS << 1;
        QTest::newRow("permission") << EACCES << 2;
        QTest::newRow("no such folder") << ENOENT << 2;
        QTest::newRow("no errno") << 0 << 2;
    }

    void outputErrorsByErrno()
    {
        QFETCH(int, errorNumber);
        QFETCH(int, exitCode);
        const CliFailure failure = failureOf(OutputFileError("--report /dev/full", "cannot write", errorNumber));
        QCOMPARE(failure.exitCode, exitCode);
        QCOMPARE(failure.message, std::string("spare-cli: --report /dev/full: cannot write\n"));
    }
};

QTEST_APPLESS_MAIN(TestCliExitCode)
#include "test_cli_exit_code.moc"
