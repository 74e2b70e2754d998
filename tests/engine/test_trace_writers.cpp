#include "engine/base/AtomicFile.h"
#include "engine/base/OutputFileError.h"
#include "engine/output/ChromeTraceWriter.h"
#include "engine/output/CsvEventWriter.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <QTemporaryDir>
#include <QtTest>

#include <clocale>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

using namespace spare;
using nlohmann::json;

namespace {

Event makeEvent(EventKind kind, double time, double duration = 0.0, int group = -1, int step = 0, int value = 0,
                int stackNumber = 1)
{
    Event e;
    e.kind = kind;
    e.time = time;
    e.duration = duration;
    e.group = group;
    e.step = step;
    e.value = value;
    e.stackNumber = stackNumber;
    return e;
}

// A short run on 8 groups: a clean step, a masked failure with a reorder (S 1 -> 2), a checkpoint,
// a wipe-out with a global restart (and a failure during it), a rollback and the end.
std::vector<Event> syntheticRun()
{
    using K = EventKind;
    std::vector<Event> events;
    events.push_back(makeEvent(K::StepStart, 0, 0, -1, 0));
    events.push_back(makeEvent(K::StackCompute, 0, 64.25, -1, 0, 0));
    events.push_back(makeEvent(K::AllReduce, 64.25, 2, -1, 0));
    events.push_back(makeEvent(K::StepEnd, 66.25, 0, -1, 0));
    events.push_back(makeEvent(K::StepStart, 66.25, 0, -1, 1));
    events.push_back(makeEvent(K::StackCompute, 66.25, 64, -1, 1, 0));
    Event failure = makeEvent(K::Failure, 100.5, 0, 3, 1);
    failure.gpu = 5;
    events.push_back(failure);
    events.push_back(makeEvent(K::Detection, 130.25, 0, -1, 1, 1));
    events.push_back(makeEvent(K::FailedAllReduce, 130.25, 1, -1, 1));
    Event decision = makeEvent(K::Decision, 131.25, 0, -1, 1);
    auto reorder = std::make_shared<ReorderDecision>();
    reorder->phase = ReorderDecision::Phase::MinCost;
    reorder->failedGroups = {3};
    reorder->previousStackNumber = 1;
    reorder->stackNumber = 2;
    reorder->moves = 3;
    reorder->patches = {{1, 1}, {2, 1}, {4, 1}, {5, 1}, {6, 1}};
    reorder->patchComputes = 5;
    decision.decision = reorder;
    events.push_back(decision);
    events.push_back(makeEvent(K::Shrink, 131.25, 0.1, -1, 1));
    events.push_back(makeEvent(K::PatchCompute, 131.35, 64, -1, 1, 7, 2));
    events.push_back(makeEvent(K::AllReduce, 195.35, 2, -1, 1, 0, 2));
    events.push_back(makeEvent(K::StepEnd, 197.35, 0, -1, 1, 0, 2));
    events.push_back(makeEvent(K::CheckpointStart, 197.35, 0, 0, 2, 0, 2));
    events.push_back(makeEvent(K::CheckpointEnd, 256.35, 0, 0, 2, 0, 2));
    events.push_back(makeEvent(K::StepStart, 256.35, 0, -1, 2, 0, 2));
    events.push_back(makeEvent(K::StackCompute, 256.35, 64, -1, 2, 0, 2));
    events.push_back(makeEvent(K::Failure, 270, 0, 5, 2));
    events.push_back(makeEvent(K::Detection, 320.35, 0, -1, 2, 1, 2));
    events.push_back(makeEvent(K::FailedAllReduce, 320.35, 1, -1, 2, 0, 2));
    Event wipeout = makeEvent(K::Decision, 321.35, 0, -1, 2, 0, 2);
    auto lost = std::make_shared<ReorderDecision>();
    lost->phase = ReorderDecision::Phase::FreeSearch;
    lost->wipeout = true;
    lost->failedGroups = {5};
    lost->lostTypes = {4};
    lost->previousStackNumber = 2;
    lost->stackNumber = 2;
    wipeout.decision = lost;
    events.push_back(wipeout);
    events.push_back(makeEvent(K::RestartStart, 321.35, 0, -1, 2, 1, 2));
    events.push_back(makeEvent(K::Failure, 1000, 0, 2, 2));
    events.push_back(makeEvent(K::RestartEnd, 4600, 0, -1, 2));
    events.push_back(makeEvent(K::Rollback, 4600, 0, -1, 2, 0));
    events.push_back(makeEvent(K::StepStart, 4600, 0, -1, 2));
    events.push_back(makeEvent(K::StackCompute, 4600, 64, -1, 2, 0));
    events.push_back(makeEvent(K::AllReduce, 4664, 2, -1, 2));
    events.push_back(makeEvent(K::StepEnd, 4666, 0, -1, 2));
    events.push_back(makeEvent(K::RunEnd, 4666, 0, -1, 3));
    return events;
}

std::string readFile(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    std::ostringstream content;
    content << in.rdbuf();
    return content.str();
}

// Files in `dir` other than `keep` (left-over temp files).
int strayFiles(const QTemporaryDir& dir, const std::string& keep = {})
{
    int count = 0;
    for (const auto& entry : std::filesystem::directory_iterator(dir.path().toStdString()))
        if (entry.path().filename() != keep)
            ++count;
    return count;
}

json writeTrace(const std::string& path, const ChromeTraceOptions& options, std::size_t eventCount = SIZE_MAX)
{
    ChromeTraceWriter writer(path, options);
    const auto events = syntheticRun();
    for (std::size_t i = 0; i < std::min(eventCount, events.size()); ++i)
        writer.onEvent(events[i]);
    writer.finish();
    return json::parse(readFile(path));
}

std::vector<json> nonMetadata(const json& trace)
{
    std::vector<json> out;
    for (const json& e : trace.at("traceEvents"))
        if (e.at("ph") != "M")
            out.push_back(e);
    return out;
}

}  // namespace

class TestTraceWriters : public QObject {
    Q_OBJECT

private slots:
    void chromeTraceIsWellFormed()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("run.trace.json")).toStdString();
        ChromeTraceOptions options;
        options.policyLabel = "SPARe+CKPT N8 r3";
        options.groups = 8;
        options.groupLanes = {3};
        const json trace = writeTrace(path, options);
        QCOMPARE(trace.at("displayTimeUnit").get<std::string>(), std::string("ms"));
        QCOMPARE(strayFiles(dir, "run.trace.json"), 0);

        std::map<int, std::string> trackNames;
        std::map<std::string, int> counts;
        std::map<std::string, std::vector<long long>> counters;
        for (const json& e : trace.at("traceEvents")) {
            const std::string ph = e.at("ph");
            QCOMPARE(e.at("pid").get<int>(), 1);
            QVERIFY(e.at("name").is_string());
            if (ph == "M") {
                if (e.at("name") == "thread_name")
                    trackNames[e.at("tid").get<int>()] = e.at("args").at("name");
                if (e.at("name") == "process_name")
                    QCOMPARE(e.at("args").at("name").get<std::string>(), options.policyLabel);
                continue;
            }
            QVERIFY(e.at("ts").is_number_integer());
            ++counts[ph + ":" + e.at("name").get<std::string>()];
            if (ph == "X") {
                QVERIFY(e.at("dur").is_number_integer());
                QVERIFY(e.at("dur").get<long long>() >= 0);
                QVERIFY(trackNames.count(e.at("tid").get<int>()) == 1);
            } else if (ph == "i") {
                QVERIFY(e.at("s").is_string());
            } else if (ph == "C") {
                counters[e.at("name")].push_back(e.at("args").at("value").get<long long>());
            } else {
                QFAIL("unexpected phase");
            }
        }
        QCOMPARE(counts["X:compute"], 4);
        QCOMPARE(counts["X:patch compute"], 1);
        QCOMPARE(counts["X:allreduce"], 3);
        QCOMPARE(counts["X:failed_allreduce"], 2);
        QCOMPARE(counts["X:shrink"], 1);
        QCOMPARE(counts["X:restart (wipeout)"], 1);
        QCOMPARE(counts["X:checkpoint"], 1);
        QCOMPARE(counts["X:step 2 (aborted)"], 1);
        QCOMPARE(counts["i:decision"], 2);
        QCOMPARE(counts["i:wipe-out"], 1);
        QCOMPARE(counts["i:failure"], 3);
        QCOMPARE(counts["i:rollback"], 1);
        QCOMPARE(counters["alive groups"], (std::vector<long long>{8, 7, 6, 0, 8}));
        QCOMPARE(counters["stack number"], (std::vector<long long>{1, 2, 1}));
        QCOMPARE(counters["steps done"], (std::vector<long long>{0, 1, 2, 3}));

        // The failure of group 3 sits on its own lane, with group and gpu.
        for (const json& e : trace.at("traceEvents"))
            if (e.at("name") == "failure" && e.at("args").at("group") == 3) {
                QCOMPARE(trackNames.at(e.at("tid").get<int>()), std::string("group 3"));
                QCOMPARE(e.at("args").at("gpu").get<int>(), 5);
                QCOMPARE(e.at("ts").get<long long>(), 100'500'000LL);
            }
    }

    void chromeSpansNestPerTrack()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("t.json")).toStdString();
        ChromeTraceOptions options;
        options.decisionDisplayS = 5.0;  // decisions become spans, overlapping nothing on their track
        const json trace = writeTrace(path, options);
        std::map<int, std::vector<std::pair<long long, long long>>> spans;
        for (const json& e : nonMetadata(trace))
            if (e.at("ph") == "X")
                spans[e.at("tid").get<int>()].push_back({e.at("ts").get<long long>(),
                                                         e.at("ts").get<long long>() + e.at("dur").get<long long>()});
        QVERIFY(spans.size() >= 5);
        for (auto& [track, list] : spans) {
            std::sort(list.begin(), list.end(), [](auto a, auto b) { return a.first != b.first ? a.first < b.first : a.second > b.second; });
            std::vector<long long> openEnds;
            for (const auto& [start, end] : list) {
                while (!openEnds.empty() && openEnds.back() <= start)
                    openEnds.pop_back();
                QVERIFY2(openEnds.empty() || end <= openEnds.back(), qPrintable(QString::number(track)));
                openEnds.push_back(end);
            }
        }
    }

    void chromeWindowSkipsOutsideEvents()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("w.json")).toStdString();
        ChromeTraceOptions options;
        options.groups = 8;
        options.fromS = 200;
        options.toS = 400;
        const auto events = nonMetadata(writeTrace(path, options));
        QVERIFY(!events.empty());
        bool sawRestart = false;
        for (const json& e : events) {
            const long long ts = e.at("ts");
            QVERIFY2(ts >= 200'000'000 && ts <= 400'000'000, e.dump().c_str());
            sawRestart = sawRestart || e.at("name") == "restart (wipeout)";
        }
        QVERIFY(sawRestart);  // starts inside the window, so written whole
    }

    void chromeCapStopsAndSaysSo()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("c.json")).toStdString();
        ChromeTraceOptions options;
        options.maxEvents = 5;
        ChromeTraceWriter writer(path, options);
        for (const Event& e : syntheticRun())
            writer.onEvent(e);
        QVERIFY(writer.capped());
        QCOMPARE(writer.eventsWritten(), std::size_t(5));
        writer.finish();
        const auto events = nonMetadata(json::parse(readFile(path)));
        QCOMPARE(events.size(), std::size_t(6));
        QCOMPARE(events.back().at("name").get<std::string>(), std::string("trace capped"));
    }

    void chromeFinishEarlyIsValid()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("e.json")).toStdString();
        const json trace = writeTrace(path, {}, 23);  // stops inside the restart
        bool unfinished = false;
        for (const json& e : nonMetadata(trace))
            unfinished = unfinished || e.at("name") == "restart (wipeout) (unfinished)";
        QVERIFY(unfinished);
    }

    void chromeWithoutFinishLeavesNothing()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("n.json")).toStdString();
        {
            ChromeTraceWriter writer(path, {});
            for (const Event& e : syntheticRun())
                writer.onEvent(e);
        }
        QVERIFY(!std::filesystem::exists(path));
        QCOMPARE(strayFiles(dir), 0);
    }

    void csvRows_data()
    {
        QTest::addColumn<QString>("locale");
        QTest::newRow("C") << QStringLiteral("C");
        QTest::newRow("de_DE") << QStringLiteral("de_DE.UTF-8");
        QTest::newRow("fr_FR") << QStringLiteral("fr_FR.UTF-8");
    }

    void csvRows()
    {
        QFETCH(QString, locale);
        const std::string previous = std::setlocale(LC_ALL, nullptr);
        if (std::setlocale(LC_ALL, locale.toStdString().c_str()) == nullptr)
            QSKIP("locale not installed on this machine");
        std::locale::global(std::locale(""));
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("events.csv")).toStdString();
        CsvEventWriter writer(path);
        const auto events = syntheticRun();
        for (const Event& e : events)
            writer.onEvent(e);
        QVERIFY(!std::filesystem::exists(path));
        writer.finish();
        std::locale::global(std::locale::classic());
        std::setlocale(LC_ALL, previous.c_str());

        std::istringstream in(readFile(path));
        std::vector<std::string> lines;
        for (std::string line; std::getline(in, line);)
            lines.push_back(line);
        QCOMPARE(lines.size(), events.size() + 1);
        QCOMPARE(lines[0], std::string("time_s,duration_s,kind,group,gpu,step,stack_number,value,details"));
        QCOMPARE(lines[1], std::string("0.000000,0.000000,step_start,,,0,1,0,"));
        QCOMPARE(lines[2], std::string("0.000000,64.250000,stack_compute,,,0,1,0,"));
        QCOMPARE(lines[7], std::string("100.500000,0.000000,failure,3,5,1,1,0,"));
        QCOMPARE(lines[10], std::string("131.250000,0.000000,decision,,,1,1,0,phase=2 moves=3 S=1->2 patches=5 failed=3"));
        QCOMPARE(lines[23], std::string("321.350000,0.000000,restart_start,,,2,2,1,cause=wipeout"));
        for (const std::string& line : lines)
            QCOMPARE(std::count(line.begin(), line.end(), ','), 8L);
        QCOMPARE(strayFiles(dir, "events.csv"), 0);
    }

    // Past the cap a last row of kind events_capped says so inside the file.
    void csvCapIsStatedInTheFile()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("events.csv")).toStdString();
        const auto events = syntheticRun();
        CsvEventWriter writer(path, 5);
        for (const Event& e : events)
            writer.onEvent(e);
        writer.finish();
        QVERIFY(writer.capped());
        std::istringstream in(readFile(path));
        std::vector<std::string> lines;
        for (std::string line; std::getline(in, line);)
            lines.push_back(line);
        QCOMPARE(lines.size(), std::size_t{1 + 5 + 1});
        QCOMPARE(lines.back(), fmt::format("{:.6f},0.000000,events_capped,,,{},{},5,event cap of 5 rows reached; later "
                                           "events omitted",
                                           events[5].time, events[5].step, events[5].stackNumber));
        QCOMPARE(std::count(lines.back().begin(), lines.back().end(), ','), 8L);
    }

    void csvQuotesDetailsWhenNeeded()
    {
        Event wipe = makeEvent(EventKind::Decision, 1.5);
        auto d = std::make_shared<ReorderDecision>();
        d->wipeout = true;
        d->phase = ReorderDecision::Phase::FreeSearch;
        d->failedGroups = {1, 2};
        d->lostTypes = {7, 9};
        wipe.decision = d;
        QCOMPARE(CsvEventWriter::formatRow(wipe),
                 std::string("1.500000,0.000000,decision,,,0,1,0,phase=1 moves=0 S=1->1 patches=0 failed=1;2 wipeout lost=7;9"));
        for (int k = 0; k <= static_cast<int>(kLastEventKind); ++k)
            QVERIFY(std::string(eventKindName(static_cast<EventKind>(k))) != "unknown");
    }

    void atomicWriteReplacesWholeFile()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("a.txt")).toStdString();
        writeFileAtomically(path, "old content\n");
        {
            AtomicFileWriter writer(path);
            for (int i = 0; i < 100'000; ++i)
                writer.stream() << "line " << i << ' ' << 0.5 << '\n';
            QCOMPARE(readFile(path), std::string("old content\n"));  // never half a file
            QVERIFY(std::filesystem::exists(writer.tempPath()));
        }  // destroyed without commit
        QCOMPARE(readFile(path), std::string("old content\n"));
        QCOMPARE(strayFiles(dir, "a.txt"), 0);

        AtomicFileWriter writer(path);
        writer.write("new");
        writer.commit();
        QVERIFY(writer.committed());
        QCOMPARE(readFile(path), std::string("new"));
        QCOMPARE(strayFiles(dir, "a.txt"), 0);
    }

    void atomicWriteFollowsSymlinksAndKeepsDevices()
    {
        QTemporaryDir dir;
        const std::string target = dir.filePath(QStringLiteral("target.txt")).toStdString();
        const std::string link = dir.filePath(QStringLiteral("link.txt")).toStdString();
        writeFileAtomically(target, "old");
        std::filesystem::create_symlink("target.txt", link);
        writeFileAtomically(link, "new");
        QVERIFY(std::filesystem::is_symlink(link));
        QCOMPARE(readFile(target), std::string("new"));
        QCOMPARE(strayFiles(dir, "target.txt"), 1);  // the link itself

        writeFileAtomically("/dev/null", "discarded");
        QVERIFY(std::filesystem::is_character_file("/dev/null"));
        QVERIFY_THROWS_EXCEPTION(OutputFileError, writeFileAtomically("/dev/full", "x"));
        QVERIFY_THROWS_EXCEPTION(OutputFileError, checkOutputPath(dir.path().toStdString()));
        QVERIFY_THROWS_EXCEPTION(OutputFileError, checkOutputPath("/nonexistent-dir/x.json"));
        checkOutputPath(link);
        checkOutputPath("/dev/null");
    }

    void atomicWriteErrorsNameThePath()
    {
        try {
            writeFileAtomically("/nonexistent-dir/x/out.json", "x");
            QFAIL("no error");
        } catch (const std::runtime_error& e) {
            const std::string message = e.what();
            QVERIFY2(message.find("/nonexistent-dir/x/out.json") != std::string::npos, e.what());
            QVERIFY2(message.find("No such file or directory") != std::string::npos, e.what());
        }
    }
};

QTEST_APPLESS_MAIN(TestTraceWriters)
#include "test_trace_writers.moc"
