// The worker thread's recording, played back by a cursor, is exactly the engine's event stream (seeks:
// tst_ui_seek).
#include "engine/sim/PreparedRun.h"
#include "engine/sim/Recording.h"
#include "engine/sim/ScenarioJson.h"
#include "engine/sim/Simulator.h"
#include "tests/support/EventCollector.h"
#include "ui/playback/PlaybackCursor.h"
#include "ui/playback/SimulationWorker.h"

#include <QSignalSpy>
#include <QTest>

using namespace spare;

namespace {

Scenario teaching()
{
    return loadScenarioFile(SPARE_SOURCE_DIR "/scenarios/teaching-12.json");
}

// Runs the scenario on the worker and feeds the cursor until the recording is complete.
void record(const Scenario& s, PlaybackCursor& cursor, SimulationWorker& worker)
{
    cursor.reset(s, std::make_shared<const Layout>(Layout::byName(s.layout, s.groups, s.redundancy)));
    QObject::connect(&worker, &SimulationWorker::chunkReady, &cursor, &PlaybackCursor::append);
    QSignalSpy finished(&worker, &SimulationWorker::finished);
    worker.start(prepareRun(s));
    QVERIFY(finished.wait(15000));
    QTRY_VERIFY(cursor.recording().complete());
}

bool sameEvent(const Event& a, const Event& b)
{
    return a.kind == b.kind && a.time == b.time && a.duration == b.duration && a.group == b.group && a.gpu == b.gpu
        && a.step == b.step && a.stackNumber == b.stackNumber && a.value == b.value
        && (a.decision == nullptr) == (b.decision == nullptr);
}

}  // namespace

class TestPlayback : public QObject {
    Q_OBJECT
private slots:
    void workerSignals();
    void steppingReproducesEngineEvents_data();
    void steppingReproducesEngineEvents();
    void cancelDropsOldChunks();
    void seekNeverPlaysAheadOfTheClock();
};

void TestPlayback::workerSignals()
{
    SimulationWorker worker;
    QSignalSpy started(&worker, &SimulationWorker::started);
    QSignalSpy chunks(&worker, &SimulationWorker::chunkReady);
    QSignalSpy finished(&worker, &SimulationWorker::finished);
    QSignalSpy failed(&worker, &SimulationWorker::failed);
    worker.start(prepareRun(teaching()));
    QCOMPARE(started.count(), 1);
    QVERIFY(finished.wait(15000));
    QCOMPARE(failed.count(), 0);
    QVERIFY(chunks.count() >= 2);  // small first chunks: playback starts before the run ends
    std::size_t next = 0;
    for (const QList<QVariant>& args : chunks) {
        const auto chunk = args.at(0).value<RecordingChunkPtr>();
        QVERIFY(chunk);
        QCOMPARE(chunk->firstEventIndex, next);
        next += chunk->events.size();
    }
    QVERIFY(chunks.last().at(0).value<RecordingChunkPtr>()->last);
    const auto metrics = finished.at(0).at(0).value<RunMetrics>();
    QVERIFY(metrics.completed);
    QCOMPARE(static_cast<std::size_t>(metrics.events), next);
    QVERIFY(!worker.running());
}

void TestPlayback::steppingReproducesEngineEvents_data()
{
    QTest::addColumn<int>("policy");
    QTest::newRow("spare") << static_cast<int>(Policy::Spare);
    QTest::newRow("rep") << static_cast<int>(Policy::Rep);
    QTest::newRow("ckpt") << static_cast<int>(Policy::Ckpt);
}

void TestPlayback::steppingReproducesEngineEvents()
{
    QFETCH(int, policy);
    Scenario s = teaching();
    s.policy = static_cast<Policy>(policy);
    s.steps = 60;
    EventCollector direct;
    Simulator(s).run(&direct);

    PlaybackCursor cursor;
    SimulationWorker worker;
    record(s, cursor, worker);
    QCOMPARE(cursor.recording().eventCount(), direct.events.size());
    std::size_t stepped = 0;
    QSignalSpy played(&cursor, &PlaybackCursor::eventPlayed);
    while (cursor.stepEvent()) {
        QVERIFY2(sameEvent(cursor.recording().event(stepped), direct.events[stepped]),
                 qPrintable(QStringLiteral("event %1 differs").arg(stepped)));
        QCOMPARE(cursor.position(), stepped + 1);
        ++stepped;
    }
    QCOMPARE(stepped, direct.events.size());
    QVERIFY(cursor.atEnd());
    QVERIFY(cursor.state().figures().finished);
    QCOMPARE(cursor.state().snapshot().stepsDone, s.steps);
    QVERIFY(played.count() > 0);
}

void TestPlayback::cancelDropsOldChunks()
{
    Scenario big = loadScenarioFile(SPARE_SOURCE_DIR "/scenarios/paper-n600.json");
    SimulationWorker worker;
    QSignalSpy chunks(&worker, &SimulationWorker::chunkReady);
    QSignalSpy finished(&worker, &SimulationWorker::finished);
    worker.start(prepareRun(big));
    Scenario small = teaching();
    small.steps = 20;
    worker.start(prepareRun(small));  // abandons the paper run
    QVERIFY(finished.wait(15000));
    QTRY_VERIFY(!worker.running());
    QCOMPARE(finished.count(), 1);
    QCOMPARE(finished.at(0).at(0).value<RunMetrics>().steps, 20);
    // Every delivered chunk belongs to the second run: indices start at 0 once and are contiguous.
    std::size_t next = 0;
    for (const QList<QVariant>& args : chunks) {
        const auto chunk = args.at(0).value<RecordingChunkPtr>();
        QCOMPARE(chunk->firstEventIndex, next);
        next += chunk->events.size();
    }
}

// Seeking by time never plays an event later than the clock: the recording finds its place by the running
// latest time, so it holds even for a stream with an event earlier than the one before it. The
// simulator's streams are in time order (a failure found late comes before the events stamped after it).
void TestPlayback::seekNeverPlaysAheadOfTheClock()
{
    Recording recording;
    auto first = std::make_shared<RecordingChunk>();
    const auto at = [](double t) {
        Event e;
        e.time = t;
        return e;
    };
    for (const double t : {1.0, 5.0})
        first->events.push_back(at(t));
    auto second = std::make_shared<RecordingChunk>();
    second->firstEventIndex = 2;
    for (const double t : {3.0, 7.0})  // 3.0: the late failure, after the event at 5.0
        second->events.push_back(at(t));
    recording.append(first);
    recording.append(second);

    QCOMPARE(recording.eventsUpTo(0.5), std::size_t{0});
    QCOMPARE(recording.eventsUpTo(4.0), std::size_t{1});  // not the event at 5.0, nor the late one before it
    QCOMPARE(recording.eventsUpTo(5.0), std::size_t{3});
    QCOMPARE(recording.eventsUpTo(6.0), std::size_t{3});
    QCOMPARE(recording.eventsUpTo(7.0), std::size_t{4});
    QCOMPARE(recording.endTime(), 7.0);

    // End to end: CKPT-only on paper-n600, whose failures are mostly found at a later check point.
    Scenario scenario = loadScenarioFile(SPARE_SOURCE_DIR "/scenarios/paper-n600.json");
    scenario.policy = Policy::Ckpt;
    scenario.steps = 200;
    const Simulator simulator(scenario);
    struct ChunkFiller final : SimulationObserver {
        RecordingChunk* chunk = nullptr;
        void onEvent(const Event& e) override { chunk->events.push_back(e); }
    };
    Recording run;
    auto chunk = std::make_shared<RecordingChunk>();
    ChunkFiller filler;
    filler.chunk = chunk.get();
    SimulationLimits limits;
    limits.untilS = 250'000.0;
    simulator.run(&filler, limits);
    chunk->last = true;
    run.append(chunk);
    for (std::size_t i = 1; i < chunk->events.size(); ++i)
        QVERIFY(chunk->events[i].time >= chunk->events[i - 1].time);
    for (double t = 0.0; t < 250'000.0; t += 997.0) {
        const std::size_t n = run.eventsUpTo(t);
        for (std::size_t i = 0; i < n; ++i)
            QVERIFY(chunk->events[i].time <= t);
        QVERIFY(n == chunk->events.size() || chunk->events[n].time > t);
    }
}

QTEST_MAIN(TestPlayback)
#include "tst_ui_playback.moc"
