#include "engine/base/InputError.h"
#include "engine/planning/FailureLogPreview.h"
#include "engine/planning/FailureLogReader.h"
#include "engine/planning/TimeFormat.h"

#include <QtTest/QtTest>

#include <sys/stat.h>

#include <atomic>
#include <chrono>
#include <cmath>
#include <fstream>
#include <limits>
#include <string>
#include <string_view>
#include <thread>

using namespace spare;

namespace {

QString q(const char* text) { return QString::fromUtf8(text); }

constexpr double kFails = std::numeric_limits<double>::quiet_NaN();
constexpr double kMar5 = 1709596800.0;          // 2024-03-05T00:00:00Z
constexpr double kMar5At123456 = 1709642096.0;  // 2024-03-05T12:34:56Z

// Writes `content` to a file in a temporary folder that lives as long as the object.
class LogFile {
public:
    explicit LogFile(const std::string& content)
    {
        path_ = dir_.filePath(q("log.csv")).toStdString();
        std::ofstream(path_, std::ios::binary) << content;
    }
    const std::string& path() const { return path_; }

private:
    QTemporaryDir dir_;
    std::string path_;
};

FailureLogOptions epochOptions(const std::string& timeColumn = "time")
{
    FailureLogOptions options;
    options.timeColumn = timeColumn;
    options.timeFormat = TimeFormat::parse("epoch");
    return options;
}

FailureLog read(const std::string& content, const FailureLogOptions& options)
{
    const LogFile file(content);
    return readFailureLog(file.path(), options);
}

// The message of the InputError that reading must throw; empty when it does not throw.
std::string rejection(const std::string& content, const FailureLogOptions& options)
{
    try {
        read(content, options);
    } catch (const InputError& e) {
        return e.what();
    }
    return {};
}

std::string rejectionOfPreview(const std::string& path)
{
    try {
        previewFailureLog(path, 5);
    } catch (const InputError& e) {
        return e.what();
    }
    return {};
}

bool contains(std::string_view text, std::string_view part) { return text.find(part) != std::string_view::npos; }

std::size_t countedLines(const FailureLogCounts& c)
{
    return c.headerLines + c.emptyLines + c.commentLines + c.malformedRows + c.filteredOut + c.outsideWindow +
           c.failures;
}

}  // namespace

class TestFailureLog : public QObject {
    Q_OBJECT

private slots:
    void timeFormats_data()
    {
        QTest::addColumn<QString>("spec");
        QTest::addColumn<QString>("text");
        QTest::addColumn<double>("seconds");     // NaN: must not read
        QTest::addColumn<double>("resolution");  // of the value read

        QTest::newRow("epoch") << q("epoch") << q("1709642096") << kMar5At123456 << 1.0;
        QTest::newRow("epoch decimals") << q("epoch") << q("1709642096.25") << kMar5At123456 + 0.25 << 0.01;
        QTest::newRow("epoch relative") << q("epoch") << q("0") << 0.0 << 1.0;
        QTest::newRow("epoch sign") << q("epoch") << q("-5") << kFails << 0.0;
        QTest::newRow("epoch exponent") << q("epoch") << q("1e9") << kFails << 0.0;
        QTest::newRow("epoch trailing text") << q("epoch") << q("12abc") << kFails << 0.0;
        QTest::newRow("epoch bare dot") << q("epoch") << q("12.") << kFails << 0.0;
        QTest::newRow("epoch empty") << q("epoch") << q("") << kFails << 0.0;
        QTest::newRow("epoch absurd") << q("epoch") << q("99999999999999") << kFails << 0.0;
        QTest::newRow("epoch-ms") << q("epoch-ms") << q("1709642096123") << kMar5At123456 + 0.123 << 0.001;
        QTest::newRow("iso Z") << q("iso8601") << q("2024-03-05T12:34:56Z") << kMar5At123456 << 1.0;
        QTest::newRow("iso no zone, space") << q("iso8601") << q("2024-03-05 12:34:56") << kMar5At123456 << 1.0;
        QTest::newRow("iso fraction") << q("iso8601") << q("2024-03-05T12:34:56.250Z") << kMar5At123456 + 0.25 << 0.001;
        QTest::newRow("iso +hh:mm") << q("iso8601") << q("2024-03-05T14:34:56+02:00") << kMar5At123456 << 1.0;
        QTest::newRow("iso -hhmm") << q("iso8601") << q("2024-03-05T07:04:56-0530") << kMar5At123456 << 1.0;
        QTest::newRow("iso +hh") << q("iso8601") << q("2024-03-05T13:34:56+01") << kMar5At123456 << 1.0;
        QTest::newRow("iso minutes") << q("iso8601") << q("2024-03-05T12:34") << kMar5At123456 - 56 << 60.0;
        QTest::newRow("iso date") << q("iso8601") << q("2024-03-05") << kMar5 << 86400.0;
        QTest::newRow("iso leap day") << q("iso8601") << q("2024-02-29") << 1709164800.0 << 86400.0;
        QTest::newRow("iso no leap day") << q("iso8601") << q("2023-02-29") << kFails << 0.0;
        QTest::newRow("iso month 13") << q("iso8601") << q("2024-13-05") << kFails << 0.0;
        QTest::newRow("iso hour 24") << q("iso8601") << q("2024-03-05T24:00:00Z") << kFails << 0.0;
        QTest::newRow("iso one-digit day") << q("iso8601") << q("2024-03-5") << kFails << 0.0;
        QTest::newRow("iso trailing text") << q("iso8601") << q("2024-03-05T12:34:56Zx") << kFails << 0.0;
        QTest::newRow("iso bad offset") << q("iso8601") << q("2024-03-05T12:34:56+25:00") << kFails << 0.0;
        QTest::newRow("us minutes") << q("%m/%d/%Y %H:%M") << q("3/5/2024 12:34") << kMar5At123456 - 56 << 60.0;
        QTest::newRow("us padded") << q("%m/%d/%Y %H:%M") << q("03/05/2024 12:34") << kMar5At123456 - 56 << 60.0;
        QTest::newRow("us month 13") << q("%m/%d/%Y %H:%M") << q("13/05/2024 12:34") << kFails << 0.0;
        QTest::newRow("us no seconds allowed") << q("%m/%d/%Y %H:%M") << q("3/5/2024 12:34:56") << kFails << 0.0;
        QTest::newRow("month name pm") << q("%d %b %Y %I:%M:%S %p") << q("05 Mar 2024 12:34:56 PM") << kMar5At123456 << 1.0;
        QTest::newRow("full month name am") << q("%d %b %Y %I:%M:%S %p") << q("05 march 2024 12:34:56 am")
                                            << kMar5 + 34 * 60 + 56 << 1.0;
        QTest::newRow("pm afternoon") << q("%d %b %Y %I:%M:%S %p") << q("05 Mar 2024 1:00:00 pm") << kMar5 + 13 * 3600 << 1.0;
        QTest::newRow("hour 13 in 12-hour") << q("%d %b %Y %I:%M:%S %p") << q("05 Mar 2024 13:00:00 PM") << kFails << 0.0;
        QTest::newRow("not a month") << q("%d %b %Y %I:%M:%S %p") << q("05 Mrz 2024 12:34:56 PM") << kFails << 0.0;
        QTest::newRow("day of year") << q("%Y%j") << q("2024065") << kMar5 << 86400.0;
        QTest::newRow("day 366 of 2023") << q("%Y%j") << q("2023366") << kFails << 0.0;
        QTest::newRow("two-digit year, hours") << q("%y-%m-%d %H") << q("24-03-05 12") << kMar5 + 12 * 3600 << 3600.0;
        QTest::newRow("two-digit year 1999") << q("%y-%m-%d %H:%M:%S") << q("99-12-31 23:59:59") << 946684799.0 << 1.0;
        QTest::newRow("percent literal") << q("%Y-%m-%d %H:%M:%S %%") << q("2024-03-05 12:34:56 %") << kMar5At123456 << 1.0;
        QTest::newRow("space-padded day") << q("%e.%m.%Y") << q(" 5.03.2024") << kMar5 << 86400.0;
        QTest::newRow("pattern zone") << q("%Y-%m-%dT%H:%M:%S%z") << q("2024-03-05T14:34:56+0200") << kMar5At123456 << 1.0;
        QTest::newRow("pattern fraction") << q("%Y-%m-%d %H:%M:%S") << q("2024-03-05 12:34:56.5") << kMar5At123456 + 0.5
                                          << 0.1;
        QTest::newRow("pattern February 30") << q("%Y-%m-%d") << q("2024-02-30") << kFails << 0.0;
        QTest::newRow("pattern trailing space") << q("%Y-%m-%d") << q("2024-03-05 ") << kFails << 0.0;
        QTest::newRow("pattern literal differs") << q("%Y-%m-%d") << q("2024/03/05") << kFails << 0.0;
    }

    void timeFormats()
    {
        QFETCH(QString, spec);
        QFETCH(QString, text);
        QFETCH(double, seconds);
        QFETCH(double, resolution);
        const TimeFormat format = TimeFormat::parse(spec.toStdString());
        const auto instant = format.read(text.toStdString());
        if (std::isnan(seconds)) {
            QVERIFY2(!instant, qPrintable(QString::number(instant ? instant->seconds : 0.0, 'f', 3)));
            QVERIFY(!format.toSeconds(text.toStdString()));
            return;
        }
        QVERIFY(instant);
        QCOMPARE(instant->seconds, seconds);
        QCOMPARE(instant->resolutionS, resolution);
        QCOMPARE(*format.toSeconds(text.toStdString()), seconds);
    }

    void formatResolution_data()
    {
        QTest::addColumn<QString>("spec");
        QTest::addColumn<double>("resolution");
        QTest::newRow("epoch") << q("epoch") << 1.0;
        QTest::newRow("epoch-ms") << q("epoch-ms") << 0.001;
        QTest::newRow("iso8601") << q("iso8601") << 1.0;
        QTest::newRow("seconds") << q("%Y-%m-%d %H:%M:%S") << 1.0;
        QTest::newRow("minutes") << q("%m/%d/%Y %H:%M") << 60.0;
        QTest::newRow("hours") << q("%Y%m%d%H") << 3600.0;
        QTest::newRow("date") << q("%d.%m.%Y") << 86400.0;
        QTest::newRow("day of year") << q("%Y-%j") << 86400.0;
    }

    void formatResolution()
    {
        QFETCH(QString, spec);
        QFETCH(double, resolution);
        QCOMPARE(TimeFormat::parse(spec.toStdString()).resolutionS(), resolution);
    }

    void badSpecs_data()
    {
        QTest::addColumn<QString>("spec");
        QTest::addColumn<QString>("problem");
        QTest::newRow("empty") << q("") << q("not a known format");
        QTest::newRow("name") << q("unix") << q("not a known format");
        QTest::newRow("unknown field") << q("%Y-%m-%d %Q") << q("unknown field %Q");
        QTest::newRow("lone percent") << q("%Y-%m-%d %") << q("a lone % at the end");
        QTest::newRow("no year") << q("%m/%d %H:%M") << q("needs one year field");
        QTest::newRow("no day") << q("%Y-%m") << q("needs a day");
        QTest::newRow("day of year and month") << q("%Y-%m-%j") << q("needs a day");
        QTest::newRow("twice") << q("%Y %Y-%m-%d") << q("%Y appears twice");
        QTest::newRow("day twice") << q("%Y-%m-%d %e") << q("a month or day field appears twice");
        QTest::newRow("12-hour without pm") << q("%Y-%m-%d %I:%M") << q("%I and %p go together");
        QTest::newRow("minutes without hours") << q("%Y-%m-%d %M") << q("%M needs an hour");
        QTest::newRow("seconds without minutes") << q("%Y-%m-%d %H %S") << q("%S needs minutes");
    }

    void badSpecs()
    {
        QFETCH(QString, spec);
        QFETCH(QString, problem);
        try {
            TimeFormat::parse(spec.toStdString());
            QFAIL("accepted");
        } catch (const InputError& e) {
            const std::string message = e.what();
            QVERIFY2(message.starts_with("--time-format '" + spec.toStdString() + "': "), e.what());
            QVERIFY2(contains(message, problem.toStdString()), e.what());
            QVERIFY2(contains(message, "allowed: epoch, epoch-ms, iso8601 or a pattern of %Y"), e.what());
        }
    }

    void windowBounds()
    {
        const TimeFormat iso = TimeFormat::iso8601();
        QCOMPARE(parseWindowBound("2024-03-05", iso, WindowBound::From), kMar5);
        QCOMPARE(parseWindowBound("2024-03-05", iso, WindowBound::To), kMar5 + 86400);
        QCOMPARE(parseWindowBound("2024-03-05T12:34:56Z", iso, WindowBound::To), kMar5At123456);
        const TimeFormat epoch = TimeFormat::parse("epoch");
        QCOMPARE(parseWindowBound("1709642096", epoch, WindowBound::To), kMar5At123456);
        QCOMPARE(parseWindowBound("2024-03-05", epoch, WindowBound::To), kMar5 + 86400);
        const TimeFormat us = TimeFormat::parse("%m/%d/%Y");
        QCOMPARE(parseWindowBound("3/5/2024", us, WindowBound::To), kMar5 + 86400);
        QCOMPARE(parseWindowBound("3/5/2024", us, WindowBound::From), kMar5);
        try {
            parseWindowBound("yesterday", us, WindowBound::To);
            QFAIL("accepted");
        } catch (const InputError& e) {
            QCOMPARE(std::string(e.what()), "--to: 'yesterday' is not a time; allowed: a time in the log's format "
                                        "(%m/%d/%Y) or ISO-8601 (2024-03-05, 2024-03-05T12:00:00Z)");
        }
        // A bound that fails for a reason says it.
        for (const auto& [text, reason] : {std::pair<std::string, std::string>{"2016-12-31T23:59:60Z",
                                                                               "'60' at character 18 is a leap second"},
                                           {"-5", "a negative epoch is before 1970-01-01; allowed: a time"}}) {
            try {
                parseWindowBound(text, epoch, WindowBound::From);
                QFAIL("accepted");
            } catch (const InputError& e) {
                const std::string message = e.what();
                QVERIFY2(message.starts_with("--from: '" + text + "' is not a time: " + reason), e.what());
            }
        }
    }

    void quoting()
    {
        FailureLogOptions options = epochOptions();
        options.filters = {{"cause", {"GPU, Xid 79", "said \"hi\"\non two lines", "plain"}}};
        const FailureLog log = read("time,cause,node\n"
                                    "100,\"GPU, Xid 79\",n1\n"
                                    "200,\"said \"\"hi\"\"\non two lines\",n2\n"
                                    " 300 , plain ,n3\n"
                                    "400,\"plain \",n4\n",
                                    options);
        QCOMPARE(log.timesS, (std::vector<double>{100, 200, 300}));
        QCOMPARE(log.counts.filteredOut, 1u);  // quoted spaces are kept
        QCOMPARE(log.counts.lines, 5u);        // the quoted newline does not end a line
        QCOMPARE(countedLines(log.counts), log.counts.lines);
    }

    void crlfAndBom()
    {
        FailureLogOptions options = epochOptions();
        options.filters = {{"kind", {"gpu"}}};
        const FailureLog log = read("\xEF\xBB\xBFtime,kind\r\n100,gpu\r\n200,gpu\r\n\r\n300,gpu", options);
        QCOMPARE(log.timesS, (std::vector<double>{100, 200, 300}));
        QCOMPARE(log.counts.emptyLines, 1u);
        QCOMPARE(log.counts.lines, 5u);
        QCOMPARE(countedLines(log.counts), log.counts.lines);
    }

    void commentsAndBlankLines()
    {
        const FailureLog log = read("# exported \"by\" the scheduler, 2024\n\n"
                                    "time\n# time,comma\n   \n\t\n1\n2\n# last\n3\n\n",
                                    epochOptions());
        QCOMPARE(log.timesS, (std::vector<double>{1, 2, 3}));
        QCOMPARE(log.counts.commentLines, 3u);
        QCOMPARE(log.counts.emptyLines, 4u);
        QCOMPARE(log.counts.headerLines, 1u);
        QCOMPARE(log.counts.lines, 11u);
        QCOMPARE(countedLines(log.counts), log.counts.lines);
    }

    void filters()
    {
        FailureLogOptions options = epochOptions();
        options.filters = {{"type", {"gpu", "node"}}, {"site", {"a"}}, {"type", {"node", "rack"}}};
        const FailureLog log = read("site,time,type\n"
                                    "a,1,gpu\n"
                                    "a,2,node\n"
                                    "b,3,node\n"
                                    "a,4,rack\n"
                                    "a,5,node\n",
                                    options);
        QCOMPARE(log.timesS, (std::vector<double>{2, 5}));
        QCOMPARE(log.counts.filteredOut, 3u);
        QCOMPARE(countedLines(log.counts), log.counts.lines);

        options.filters = {{"type", {"rack", "gpu"}, true}, {"site", {"b"}, true}};
        const FailureLog excluded = read("site,time,type\n"
                                         "a,1,gpu\n"
                                         "a,2,node\n"
                                         "b,3,node\n"
                                         "a,4,rack\n"
                                         "a,5,node\n",
                                         options);
        QCOMPARE(excluded.timesS, (std::vector<double>{2, 5}));
        QCOMPARE(excluded.counts.filteredOut, 3u);
    }

    void window()
    {
        const std::string content = "time\n10\n20\n30\n40\n50\n";
        FailureLogOptions options = epochOptions();
        FailureLog log = read(content, options);
        QCOMPARE(log.windowStartS, 10.0);
        QCOMPARE(log.windowEndS, 50.0);

        options.fromS = 15;
        options.toS = 40;
        log = read(content, options);
        QCOMPARE(log.timesS, (std::vector<double>{20, 30, 40}));  // both ends included
        QCOMPARE(log.counts.outsideWindow, 2u);
        QCOMPARE(log.windowStartS, 15.0);
        QCOMPARE(log.windowEndS, 40.0);

        options.fromS.reset();
        options.toS = 45.5;
        log = read(content, options);
        QCOMPARE(log.windowStartS, 10.0);
        QCOMPARE(log.windowEndS, 45.5);  // the gap from 40 to 45.5 is censored

        options.fromS = 40;
        options.toS = 40;
        QVERIFY(contains(rejection(content, options), "the window is empty; allowed: --from before --to"));
    }

    void dateOnlyTo()
    {
        FailureLogOptions options;
        options.timeColumn = "time";
        options.toS = parseWindowBound("2024-03-05", options.timeFormat, WindowBound::To);
        const FailureLog log = read("time\n2024-03-04T10:00:00Z\n2024-03-05T23:59:59Z\n2024-03-06T00:00:01Z\n", options);
        QCOMPARE(log.timesS, (std::vector<double>{kMar5 - 14 * 3600, kMar5 + 86399}));
        QCOMPARE(log.counts.outsideWindow, 1u);
        QCOMPARE(log.windowEndS, kMar5 + 86400);
    }

    void tiesAndResolution()
    {
        FailureLogOptions options;
        options.timeColumn = "when";
        options.timeFormat = TimeFormat::parse("%m/%d/%Y %H:%M");
        const FailureLog log = read("when\n3/5/2024 0:01\n3/5/2024 0:01\n3/5/2024 0:01\n3/5/2024 0:02\n", options);
        QCOMPARE(log.counts.tiedFailures, 2u);
        QCOMPARE(log.resolutionS, 60.0);

        const FailureLog epoch = read("time\n100\n100.5\n101.25\n101.25\n", epochOptions());
        QCOMPARE(epoch.resolutionS, 0.01);  // the finest step seen
        QCOMPARE(epoch.counts.tiedFailures, 1u);
    }

    void unsorted()
    {
        FailureLogOptions options = epochOptions();
        options.locationColumn = "where";
        options.locationPattern = LocationPattern::parse("r{rack}n{node}");
        const std::string content = "time,where\n10,r1n1\n30,r3n3\n20,r2n2\n40,r4n4\n5,r0n0\n";
        const FailureLog log = read(content, options);
        QCOMPARE(log.timesS, (std::vector<double>{5, 10, 20, 30, 40}));
        QCOMPARE(log.counts.unsortedRows, 2u);
        QCOMPARE(log.levelNames, (std::vector<std::string>{"rack", "node"}));
        QCOMPARE(log.locations.size(), 5u);
        for (std::size_t i = 0; i < 5; ++i)
            QCOMPARE(log.locations[i], (std::vector<std::string>{std::to_string(i), std::to_string(i)}));
    }

    void requireSorted()
    {
        FailureLogOptions options = epochOptions();
        options.requireSorted = true;
        const std::string message = rejection("time\n10\n30\n20\n", options);
        QVERIFY2(message.ends_with("log.csv: line 4, column 1 (time): '20' is earlier than the failure on line 3; "
                                  "allowed: rows in time order (--require-sorted)"),
                 message.c_str());
    }

    void badRows_data()
    {
        QTest::addColumn<QString>("content");
        QTest::addColumn<QString>("message");  // with BadRows::Error, after "FILE: "
        QTest::newRow("too few fields") << q("time,node\n1,n1\n2\n3,n3\n4,n4\n")
                                        << q("line 3: 1 fields where the header has 2 columns");
        QTest::newRow("too many fields") << q("time,node\n1,n1\n2,n2,x\n3,n3\n4,n4\n")
                                         << q("line 3: 3 fields where the header has 2 columns");
        QTest::newRow("time") << q("time,node\n1,n1\n2,n2\n# note\n3x,n3\n4,n4\n")
                              << q("line 5, column 1 (time): '3x' is not a time in epoch");
        QTest::newRow("location") << q("time,node\n1,n1\n2,x2\n3,n3\n4,n4\n")
                                  << q("line 3, column 2 (node): 'x2' does not match the location pattern 'n{node}'");
        QTest::newRow("unclosed quote") << q("time,node\n1,n1\n2,n2\n3,n3\n4,\"n4\n")
                                        << q("line 5, column 2 (node): a quoted field is not closed");
        QTest::newRow("stray quote") << q("time,node\n1,n1\n2,n\"2\n3,n3\n4,n4\n")
                                     << q("line 3, column 2 (node): 'n\"2' has a quote inside an unquoted field");
        QTest::newRow("text after quote") << q("time,node\n1,n1\n2,\"n2\"x\n3,n3\n4,n4\n")
                                          << q("line 3, column 2 (node): text after the closing quote");
        QTest::newRow("after a quoted newline") << q("time,node\n1,\"n\n1\"\n2,n2\nbad,n3\n4,n4\n")
                                                << q("line 5, column 1 (time): 'bad' is not a time in epoch");
        QTest::newRow("negative epoch") << q("time,node\n1,n1\n-2,n2\n3,n3\n4,n4\n")
                                        << q("line 3, column 1 (time): '-2' is not a time in epoch: a negative epoch "
                                             "is before 1970-01-01; allowed: 0 or more");
    }

    void badRows()
    {
        QFETCH(QString, content);
        QFETCH(QString, message);
        FailureLogOptions options = epochOptions();
        options.locationColumn = "node";
        options.locationPattern = LocationPattern::parse("n{node}");
        const std::string error = rejection(content.toStdString(), options);
        QVERIFY2(contains(error, "log.csv: " + message.toStdString()), error.c_str());

        options.badRows = FailureLogOptions::BadRows::Skip;
        const FailureLog log = read(content.toStdString(), options);
        QCOMPARE(log.counts.malformedRows, 1u);
        QCOMPARE(log.counts.failures, 3u);
        QCOMPARE(log.counts.malformedExamples.size(), 1u);
        QVERIFY2(log.counts.malformedExamples[0].starts_with(message.toStdString()),
                 log.counts.malformedExamples[0].c_str());
        QCOMPARE(countedLines(log.counts), log.counts.lines);
    }

    // A quote left open swallows the rows after it into one malformed row: that is an error naming the
    // lines, even when malformed rows are skipped.
    void unclosedQuoteSwallowingRowsIsAnError()
    {
        FailureLogOptions options = epochOptions();
        options.badRows = FailureLogOptions::BadRows::Skip;
        std::string content = "time,node\n1,n1\n2,\"n2\n";
        for (int t = 3; t < 1000; ++t)
            content += std::to_string(t) + ",n\n";
        const std::string error = rejection(content, options);
        QVERIFY2(contains(error, "log.csv: line 3, column 2 (node): a quoted field is not closed; this row runs inside "
                                 "quotes from line 3 to line 1000 (998 lines): a closing quote is likely missing"),
                 error.c_str());
        QVERIFY2(contains(error, "even with --skip-bad-rows"), error.c_str());
    }

    // Invalid UTF-8 quoted in a message comes out as '?', and the message still names file, line, column.
    void invalidUtf8InMessages()
    {
        FailureLogOptions options = epochOptions();
        options.locationColumn = "node";
        options.locationPattern = LocationPattern::parse("n{node}");
        const std::string error = rejection("time,node\n1,n1\n2,x\xC3\x28\xFF\xE2\x82\xAC\n3,n3\n", options);
        QVERIFY2(contains(error, "log.csv: line 3, column 2 (node): 'x?(?\xE2\x82\xAC' does not match"), error.c_str());
    }

    // A leap second is not a UTC epoch second: the message says so, for ISO-8601 and for patterns.
    void leapSecondIsNamed_data()
    {
        QTest::addColumn<QString>("spec");
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("why");
        QTest::newRow("iso8601") << q("iso8601") << q("2016-12-31T23:59:60Z")
                                 << q("'60' at character 18 is a leap second or minute 60");
        QTest::newRow("pattern") << q("%m/%d/%Y %H:%M:%S") << q("12/31/2016 23:59:60")
                                 << q("'60' at character 18 is a leap second or minute 60");
        QTest::newRow("iso8601 other") << q("iso8601") << q("2016-13-01")
                                       << q("allowed: YYYY-MM-DD or YYYY-MM-DDTHH:MM[:SS[.fff]]");
        QTest::newRow("pattern other") << q("%m/%d/%Y %H:%M") << q("2016-12-01")
                                       << q("allowed: text matching the pattern '%m/%d/%Y %H:%M' as a whole");
        QTest::newRow("epoch text") << q("epoch") << q("yesterday") << q("allowed: a decimal number of seconds");
    }
    void leapSecondIsNamed()
    {
        QFETCH(QString, spec);
        QFETCH(QString, text);
        QFETCH(QString, why);
        const TimeFormat format = TimeFormat::parse(spec.toStdString());
        QVERIFY(!format.read(text.toStdString()));
        const std::string reason = format.whyNotATime(text.toStdString());
        QVERIFY2(reason.starts_with(why.toStdString()), reason.c_str());
    }

    // Line ends: LF, CRLF and a lone CR (old Mac files) all end a line, also across chunks.
    void crOnlyLineEnds()
    {
        FailureLogOptions options = epochOptions();
        const FailureLog log = read("time,kind\r100,gpu\r200,gpu\r\r# note\r300,\"a\rb\"\r", options);
        QCOMPARE(log.timesS, (std::vector<double>{100, 200, 300}));
        QCOMPARE(log.counts.lines, 6u);
        QCOMPARE(log.counts.emptyLines, 1u);
        QCOMPARE(log.counts.commentLines, 1u);
        QCOMPARE(countedLines(log.counts), log.counts.lines);
    }

    // A FIFO with no writer: reading waits for one, and the cancel flag ends the wait.
    void fifoWithoutWriterHonoursCancel()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath(q("fifo.csv")).toStdString();
        QCOMPARE(::mkfifo(path.c_str(), 0600), 0);
        std::atomic<bool> cancel{false};
        std::thread stopper([&] {
            std::this_thread::sleep_for(std::chrono::milliseconds(200));
            cancel = true;
        });
        const FailureLog log = readFailureLog(path, epochOptions(), &cancel);
        stopper.join();
        QVERIFY(log.timesS.empty());

        // With a writer, it reads what the writer wrote.
        cancel = false;
        std::thread writer([&] { std::ofstream(path) << "time\n1\n2\n3\n"; });
        const FailureLog written = readFailureLog(path, epochOptions(), &cancel);
        writer.join();
        QCOMPARE(written.timesS, (std::vector<double>{1, 2, 3}));
    }

    void everyLineCounted()
    {
        std::string content = "# a log\ntime,type\n\n";
        for (int i = 0; i < 30; ++i)
            content += std::to_string(100 + i) + (i % 3 == 0 ? ",maintenance\n" : ",gpu\n");
        for (int i = 0; i < 25; ++i)
            content += "oops,gpu\n";
        content += "5,gpu\n# end\n1000,gpu\n\n";
        FailureLogOptions options = epochOptions();
        options.badRows = FailureLogOptions::BadRows::Skip;
        options.filters = {{"type", {"gpu"}}};
        options.toS = 500;
        const FailureLog log = read(content, options);
        QCOMPARE(log.counts.lines, 62u);
        QCOMPARE(log.counts.commentLines, 2u);
        QCOMPARE(log.counts.emptyLines, 2u);
        QCOMPARE(log.counts.headerLines, 1u);
        QCOMPARE(log.counts.filteredOut, 10u);
        QCOMPARE(log.counts.malformedRows, 25u);
        QCOMPARE(log.counts.outsideWindow, 1u);
        QCOMPARE(log.counts.failures, 21u);
        QCOMPARE(log.counts.unsortedRows, 1u);
        QCOMPARE(log.counts.malformedExamples.size(), 10u);
        QCOMPARE(log.counts.malformedExamples[0],
                 std::string("line 34, column 1 (time): 'oops' is not a time in epoch: allowed: a decimal number of "
                             "seconds since 1970-01-01 UTC (digits, an optional '.' and decimals)"));
        QCOMPARE(countedLines(log.counts), log.counts.lines);
        QCOMPARE(log.timesS.size(), log.counts.failures);
    }

    void unknownColumn_data()
    {
        QTest::addColumn<QString>("time");
        QTest::addColumn<QString>("where");
        QTest::addColumn<QString>("location");
        QTest::addColumn<QString>("message");
        const QString allowed = q("no such column in the header (line 2); allowed: 'time', 'node', 'cause'");
        QTest::newRow("time") << q("Time") << q("") << q("") << q("--time-column 'Time': ") + allowed;
        QTest::newRow("where") << q("time") << q("reason") << q("") << q("--where 'reason': ") + allowed;
        QTest::newRow("location") << q("time") << q("") << q("host") << q("--location-column 'host': ") + allowed;
        QTest::newRow("ambiguous") << q("cause") << q("") << q("") << q("--time-column 'cause': the header (line 2) has two");
    }

    void unknownColumn()
    {
        QFETCH(QString, time);
        QFETCH(QString, where);
        QFETCH(QString, location);
        QFETCH(QString, message);
        FailureLogOptions options = epochOptions(time.toStdString());
        if (!where.isEmpty())
            options.filters = {{where.toStdString(), {"x"}}};
        if (!location.isEmpty()) {
            options.locationColumn = location.toStdString();
            options.locationPattern = LocationPattern::parse("{node}");
        }
        const std::string header = time == u"cause" ? "time,cause,cause" : " time , node,\"cause\"";
        const std::string error = rejection("# c\n" + header + "\n1,n1,x\n", options);
        QVERIFY2(contains(error, "log.csv: " + message.toStdString()), error.c_str());
    }

    void noFailuresInWindow()
    {
        FailureLogOptions options = epochOptions();
        options.filters = {{"type", {"gpu"}}};
        options.fromS = 100;
        options.badRows = FailureLogOptions::BadRows::Skip;
        const std::string error = rejection("time,type\n1,gpu\n2,gpu\n200,cpu\nx,gpu\n", options);
        QVERIFY2(error.ends_with("log.csv: no failures in the window; of 4 rows, 2 were outside the window "
                                "(--from/--to), 1 filtered out (--where), 1 malformed and skipped"),
                 error.c_str());
    }

    void notALog()
    {
        QVERIFY(contains(rejection("", epochOptions()), "log.csv: no header row"));
        QVERIFY(contains(rejection("# only\n\n", epochOptions()), "log.csv: no header row"));
        FailureLogOptions options = epochOptions();
        options.maxLineBytes = 100;
        const std::string error = rejection("time\n1\n" + std::string(1000, 'x') + "\n2\n", options);
        QVERIFY2(contains(error, "log.csv: line 3 is longer than 100 bytes; allowed: lines up to 100 bytes"),
                 error.c_str());
        QVERIFY(contains(rejection("time\n1\n#" + std::string(1000, '"') + "\n2\n", options), "line 3 is longer"));
        QVERIFY(contains(rejection("time\n1\n\"" + std::string(1000, '\n') + "\n2\n", options), "line 3 is longer"));
        QVERIFY(contains(rejection("time\n", epochOptions()), "no failures in the window"));
        try {
            readFailureLog(QDir::tempPath().toStdString(), epochOptions());
            QFAIL("a folder was read");
        } catch (const InputError& e) {
            QVERIFY2(contains(e.what(), "is a directory"), e.what());
        }
        try {
            readFailureLog("/nonexistent/log.csv", epochOptions());
            QFAIL("a missing file was read");
        } catch (const InputError& e) {
            QVERIFY2(contains(e.what(), "/nonexistent/log.csv: cannot open the failure log"), e.what());
        }
    }

    void maxFailures()
    {
        FailureLogOptions options = epochOptions();
        options.maxFailures = 3;
        QCOMPARE(read("time\n1\n2\n3\n", options).counts.failures, 3u);
        const std::string error = rejection("time\n1\n2\n3\n4\n", options);
        QVERIFY2(contains(error, "line 5: more than 3 failures in the window"), error.c_str());
    }

    void locationsNeedBoth()
    {
        FailureLogOptions options = epochOptions();
        options.locationColumn = "node";
        QVERIFY(contains(rejection("time,node\n1,a\n", options), "--location-column and --location-pattern"));
    }

    void cancelled()
    {
        const LogFile file("time\n1\n2\n3\n");
        const std::atomic<bool> cancel{true};
        const FailureLog log = readFailureLog(file.path(), epochOptions(), &cancel);
        QVERIFY(log.timesS.empty());
    }

    // A file of many chunks: quoted fields and CRLF line ends fall across the chunk boundaries.
    void manyChunks()
    {
        std::string content = "time,\"note\"\r\n";
        const int rows = 200'000;
        for (int i = 0; i < rows; ++i)
            content += std::to_string(i) + ",\"a, \"\"b\"\"\r\nc\"\r\n";
        FailureLogOptions options = epochOptions();
        options.filters = {{"note", {"a, \"b\"\r\nc"}}};
        const FailureLog log = read(content, options);
        QVERIFY(content.size() > 4u << 20);
        QCOMPARE(log.counts.failures, static_cast<std::size_t>(rows));
        QCOMPARE(log.counts.lines, static_cast<std::size_t>(rows) + 1);
        QCOMPARE(log.timesS.back(), rows - 1.0);
        QCOMPARE(log.counts.unsortedRows, 0u);
    }

    void previewSplitsLikeTheReader()
    {
        const LogFile file("# exported\n\ntime,\"loc, quoted\",cause\r\n1,\"c1-2\",\"GPU \"\"Xid\"\" 79\"\n"
                           "2,c1-3,\"two\nlines\"\n3,c1-4,x\n4,\"bad\n");
        const FailureLogPreview two = previewFailureLog(file.path(), 2);
        QCOMPARE(two.columns, (std::vector<std::string>{"time", "loc, quoted", "cause"}));
        QCOMPARE(two.rows.size(), std::size_t{2});
        QCOMPARE(two.rows[0], (std::vector<std::string>{"1", "c1-2", "GPU \"Xid\" 79"}));
        QCOMPARE(two.rows[1][2], std::string("two\nlines"));
        QCOMPARE(two.rowLines, (std::vector<std::size_t>{4, 5}));
        // A row that does not split is shown whole, as one field.
        const FailureLogPreview all = previewFailureLog(file.path(), 10);
        QCOMPARE(all.rows.size(), std::size_t{4});
        QCOMPARE(all.rows[3], (std::vector<std::string>{"4,\"bad\n"}));  // the quote never closes
        QVERIFY(contains(rejectionOfPreview(LogFile("# only a comment\n").path()), "no header row"));
    }
};

QTEST_GUILESS_MAIN(TestFailureLog)
#include "test_failure_log.moc"
