// Seeking equals stepping: for every policy on paper-n600, on a scenario with many restarts and (SPARe,
// Rep) on llama3-16k-repair, whose groups rejoin after repair, the
// cursor seeks (engine snapshot + replay) to every snapshot index and to each of the next 40 events,
// and every quantity the window shows there (counters, down time, steps, alive groups, S, each group's
// state, failed GPU, compute position, stacks, lost types) equals what stepping from the start gives.
#include "engine/sim/ScenarioJson.h"
#include "engine/sim/Simulator.h"
#include "tests/support/SanitizerShare.h"
#include "tests/ui/RecordedRun.h"
#include "ui/playback/PlaybackCursor.h"

#include <QTest>

using namespace spare;

namespace {

constexpr std::size_t kEventsAfterSnapshot = 40;

QString differences(const PlaybackState& seeked, const PlaybackState& stepped)
{
    QStringList out;
    RunFigures a = seeked.figures();
    RunFigures b = stepped.figures();
    if (a.downTimeS != b.downTimeS || a.availability != b.availability)
        out << QStringLiteral("down time %1 vs %2").arg(a.downTimeS, 0, 'g', 17).arg(b.downTimeS, 0, 'g', 17);
    if (!(a == b))
        out << QStringLiteral("figures: steps %1/%2 step %3/%4 S %5/%6 alive %7/%8 restarts %9/%10 failures %11/%12 rejoins %13/%14")
                   .arg(a.stepsDone).arg(b.stepsDone).arg(a.step).arg(b.step).arg(a.stackNumber).arg(b.stackNumber)
                   .arg(a.aliveGroups).arg(b.aliveGroups).arg(a.restarts).arg(b.restarts).arg(a.failures).arg(b.failures)
                   .arg(a.rejoins).arg(b.rejoins);
    const SimulationSnapshot& x = seeked.snapshot();
    const SimulationSnapshot& y = stepped.snapshot();
    if (x.groupStates != y.groupStates)
        out << QStringLiteral("group states");
    for (int g = 0; g < seeked.groups(); ++g) {
        const auto i = static_cast<std::size_t>(g);
        if (x.failedGpus[i] != y.failedGpus[i])
            out << QStringLiteral("failed GPU of group %1").arg(g);
        // The stack position is shown only while a group computes.
        if (y.groupStates[i] == GroupState::Computing && seeked.computePosition(g) != stepped.computePosition(g))
            out << QStringLiteral("compute position of group %1").arg(g);
    }
    if (x.stacks != y.stacks)
        out << QStringLiteral("stacks");
    if (x.lostTypes != y.lostTypes || x.lastDecision != y.lastDecision)
        out << QStringLiteral("last decision / lost types");
    return out.join(QStringLiteral("; "));
}

}  // namespace

class TestSeek : public QObject {
    Q_OBJECT
private slots:
    void seekEqualsStepping_data();
    void seekEqualsStepping();
};

void TestSeek::seekEqualsStepping_data()
{
    QTest::addColumn<Policy>("policy");
    QTest::addColumn<bool>("manyRestarts");
    QTest::addColumn<bool>("rejoins");
    for (Policy p : {Policy::Spare, Policy::Rep, Policy::Ckpt}) {
        QTest::addRow("paper-n600 %s", policyName(p)) << p << false << false;
        QTest::addRow("many restarts %s", policyName(p)) << p << true << false;
    }
    for (Policy p : {Policy::Spare, Policy::Rep})
        QTest::addRow("llama3-16k-repair %s", policyName(p)) << p << false << true;
}

void TestSeek::seekEqualsStepping()
{
    QFETCH(Policy, policy);
    QFETCH(bool, manyRestarts);
    QFETCH(bool, rejoins);
    Scenario s = loadScenarioFile(rejoins ? SPARE_SOURCE_DIR "/scenarios/llama3-16k-repair.json"
                                          : SPARE_SOURCE_DIR "/scenarios/paper-n600.json");
    s.policy = policy;
    if (rejoins) {
        s.steps = 20000;
        s.redundancy = policy == Policy::Rep ? 2 : s.redundancy;
    } else if (manyRestarts) {
        // A failure every 30 s against a 1 h restart that failures extend: restart after restart.
        s.systemMtbfS = 30.0;
        s.steps = 400;
    } else if (policy == Policy::Ckpt) {
        s.steps = 2000;  // CKPT-only never finishes here; 2,000 steps reach its 100 x T0 cap sooner
    }
    PlaybackCursor seeker;
    recordRun(s, seeker);
    const Recording& recording = seeker.recording();
    QVERIFY(recording.complete());

    std::vector<std::size_t> targets;
    for (const RecordingChunkPtr& chunk : recording.chunks())
        for (const IndexedSnapshot& snap : chunk->snapshots)
            for (std::size_t k = 0; k <= kEventsAfterSnapshot && snap.eventIndex + k <= recording.eventCount(); ++k)
                targets.push_back(snap.eventIndex + k);
    std::sort(targets.begin(), targets.end());
    targets.erase(std::unique(targets.begin(), targets.end()), targets.end());
    QVERIFY2(targets.size() > 100 * kEventsAfterSnapshot, qPrintable(QString::number(targets.size())));

    PlaybackCursor stepper;
    stepper.reset(s, std::make_shared<const Layout>(Layout::byName(s.layout, s.groups, s.redundancy)));
    for (const RecordingChunkPtr& chunk : recording.chunks())
        stepper.append(chunk);
    int restartsSeen = 0;
    // Under the sanitizers every 4th target is sought (the stepper still steps through every event).
    for (std::size_t i = 0; i < targets.size(); i += kUnderSanitizer ? 4 : 1) {
        const std::size_t target = targets[i];
        while (stepper.position() < target)
            QVERIFY(stepper.stepEvent());
        // From the end backwards: the cursor restores the snapshot at or before the target and replays.
        seeker.seekToEvent(recording.eventCount());
        seeker.seekToEvent(target);
        QCOMPARE(seeker.position(), target);
        const QString diff = differences(seeker.state(), stepper.state());
        QVERIFY2(diff.isEmpty(), qPrintable(QStringLiteral("at event %1: %2").arg(target).arg(diff)));
        restartsSeen += stepper.state().snapshot().restarting ? 1 : 0;
    }
    QVERIFY(restartsSeen > 0 || policy == Policy::Spare || rejoins);
    QVERIFY(!rejoins || stepper.state().figures().rejoins > 0);
}

QTEST_MAIN(TestSeek)
#include "tst_ui_seek.moc"
