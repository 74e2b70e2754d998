// The zoomable timeline (ui/timeline): wheel zoom keeps the time under the mouse, panning stops at the
// run's ends, the minimap drags the window, a click seeks the clock, the area selection's statistics
// equal a brute-force count over the event list, folding keeps the drawn marks bounded at 600 groups,
// and the trace export dialog's window and group lanes give the same file as spare-cli's flags.
#include "engine/layout/Layout.h"
#include "engine/sim/ScenarioJson.h"
#include "engine/sim/Simulator.h"
#include "tests/ui/RecordedRun.h"
#include "ui/export/RunExporter.h"
#include "ui/export/TraceExportDialog.h"
#include "ui/playback/PlaybackClock.h"
#include "ui/playback/PlaybackCursor.h"
#include "ui/timeline/TimeRangeStatistics.h"
#include "ui/timeline/TimelineSelectionPanel.h"
#include "ui/timeline/TimelineWidget.h"

#include <QFile>
#include <QLineEdit>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QWheelEvent>
#include <QtTest>

#include <algorithm>
#include <random>

using namespace spare;

namespace {

Scenario scenarioFile(const char* name)
{
    return loadScenarioFile(QStringLiteral(SPARE_SOURCE_DIR "/scenarios/%1").arg(QLatin1String(name)).toStdString());
}

// The statistics of (from, to] by one pass over every event, in the order they were emitted.
TimeRangeStatistics bruteForce(const Recording& recording, double from, double to)
{
    TimeRangeStatistics s;
    s.fromS = from;
    s.toS = to;
    auto inRange = [&](double t) { return t > from && t <= to; };
    auto overlap = [&](double a, double b) { return std::max(0.0, std::min(to, b) - std::max(from, a)); };
    int stepsAtFrom = 0;
    int stepsAtTo = 0;
    bool restarting = false;
    double latest = 0.0;
    for (std::size_t i = 0; i < recording.eventCount(); ++i) {
        const Event& e = recording.event(i);
        latest = std::max(latest, e.time);
        const bool isStepChange = e.kind == EventKind::StepEnd || e.kind == EventKind::Rollback;
        const int steps = e.kind == EventKind::StepEnd ? e.step + 1 : e.step;
        if (isStepChange && e.time <= from)
            stepsAtFrom = steps;
        if (isStepChange && e.time <= to)
            stepsAtTo = steps;
        if (e.kind == EventKind::RestartStart) {
            restarting = true;
            double end = -1.0;
            for (std::size_t j = i + 1; j < recording.eventCount() && end < 0.0; ++j)
                if (recording.event(j).kind == EventKind::RestartEnd)
                    end = recording.event(j).time;
            s.downTimeS += overlap(e.time, end >= 0.0 ? end : recording.endTime());
        }
        if (e.kind == EventKind::RestartEnd)
            restarting = false;
        if (e.kind == EventKind::Shrink)
            s.downTimeS += overlap(e.time, e.time + e.duration);
        if (!inRange(e.time))
            continue;
        switch (e.kind) {
        case EventKind::Failure: {
            ++s.failures;
            // Masked: the answer to the failed all-reduce that noticed it was a shrink or a patch, not a
            // restart. A failure inside a restart is absorbed by it, unless it fell after its group's window
            // (value 1): that one is noticed after the restart's end.
            if (restarting && e.value != 1)
                break;
            std::size_t j = i + 1;
            while (restarting && j < recording.eventCount() && recording.event(j).kind != EventKind::RestartEnd)
                ++j;
            bool noticed = false;
            for (; j < recording.eventCount(); ++j) {
                const EventKind next = recording.event(j).kind;
                if (next == EventKind::RestartStart)
                    break;
                noticed = noticed || next == EventKind::FailedAllReduce;
                if (noticed && (next == EventKind::Shrink || next == EventKind::PatchCompute)) {
                    ++s.maskedFailures;
                    break;
                }
            }
            break;
        }
        case EventKind::Decision:
            ++s.decisions;
            s.moves += static_cast<int>(e.decision->stackMoves.size());
            break;
        case EventKind::RestartStart: ++s.restarts; break;
        case EventKind::CheckpointStart: ++s.checkpoints; break;
        default: break;
        }
    }
    s.stepsGained = stepsAtTo - stepsAtFrom;
    return s;
}

QString describe(const TimeRangeStatistics& s)
{
    return QStringLiteral("(%1, %2]: failures %3 masked %4 decisions %5 moves %6 restarts %7 checkpoints %8 down %9 steps %10")
        .arg(s.fromS, 0, 'g', 17).arg(s.toS, 0, 'g', 17).arg(s.failures).arg(s.maskedFailures).arg(s.decisions)
        .arg(s.moves).arg(s.restarts).arg(s.checkpoints).arg(s.downTimeS, 0, 'g', 17).arg(s.stepsGained);
}

void wheel(QWidget* widget, QPoint at, int delta)
{
    QWheelEvent event(QPointF(at), QPointF(widget->mapToGlobal(at)), QPoint(), QPoint(0, delta), Qt::NoButton,
                      Qt::NoModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(widget, &event);
}

// A recorded run, its clock and a timeline of it, 1000 px wide.
struct Fixture {
    explicit Fixture(const Scenario& s) : widget(&clock)
    {
        recordRun(s, cursor);
        clock.addCursor(&cursor);
        widget.addRun(QStringLiteral("Run"), &cursor);
        widget.resize(1000, widget.sizeHint().height());
        widget.show();
    }
    QPoint at(double time, int y) const
    {
        return QPoint(static_cast<int>(std::lround(widget.tracksRect().left() + widget.viewport().xAt(time))), y);
    }
    int trackY() const { return widget.tracksRect().center().y(); }

    PlaybackCursor cursor;
    PlaybackClock clock;
    TimelineWidget widget;
};

}  // namespace

class TestTimeline : public QObject {
    Q_OBJECT
private slots:
    void wheelZoomKeepsTheTimeUnderTheMouse();
    void panStopsAtTheEndsOfTheRun();
    void minimapDragMovesTheWindow();
    void clickSeeksTheClock();
    void selectionStatisticsEqualBruteForce_data();
    void selectionStatisticsEqualBruteForce();
    void shiftDragSelectsAndShowsTheStatistics();
    void foldingBoundsDrawnMarksAt600Groups();
    void raceTimelineHasOneRunPerPolicy();
    void aNewRunIsShownWhole();
    void anUnfinishedRunLeavesTheDefaultView();
    void traceExportMatchesTheCli();
    void traceExportFieldsAreChecked();
};

void TestTimeline::wheelZoomKeepsTheTimeUnderTheMouse()
{
    Fixture f(scenarioFile("teaching-12.json"));
    const TimelineViewport& v = f.widget.viewport();
    QVERIFY(v.runEnd() > 0.0);
    QSignalSpy changed(&f.widget, &TimelineWidget::viewportChanged);
    const int x = f.widget.tracksRect().left() + 700;
    for (int notch = 0; notch < 6; ++notch) {
        const double before = v.timeAt(x - f.widget.tracksRect().left());
        const double span = v.span();
        wheel(&f.widget, QPoint(x, f.trackY()), 120);
        QCOMPARE(changed.count(), notch + 1);
        QVERIFY(std::abs(v.timeAt(x - f.widget.tracksRect().left()) - before) <= 1e-9 * v.runEnd());
        QVERIFY(std::abs(v.span() - span / 1.25) <= 1e-9 * span);
    }
    // Zooming back out past the whole run stops there.
    for (int notch = 0; notch < 20; ++notch)
        wheel(&f.widget, QPoint(x, f.trackY()), -120);
    QCOMPARE(v.start(), 0.0);
    QCOMPARE(v.span(), v.runEnd());
}

void TestTimeline::panStopsAtTheEndsOfTheRun()
{
    Fixture f(scenarioFile("teaching-12.json"));
    const TimelineViewport& v = f.widget.viewport();
    f.widget.zoomAround(v.runEnd() / 2, 8.0);
    const double span = v.span();
    QSignalSpy seeks(&f.widget, &TimelineWidget::seekRequested);
    const QPoint from(f.widget.tracksRect().center().x(), f.trackY());
    // Dragging right shows earlier times, as far as the start.
    QTest::mousePress(&f.widget, Qt::LeftButton, Qt::NoModifier, from);
    QTest::mouseMove(&f.widget, from + QPoint(100, 0));
    const double moved = v.start();
    QVERIFY(std::abs(moved - (v.runEnd() / 2 - span / 2 - span * 100 / v.width())) <= 1e-9 * v.runEnd());
    QTest::mouseMove(&f.widget, from + QPoint(5000, 0));
    QTest::mouseRelease(&f.widget, Qt::LeftButton, Qt::NoModifier, from + QPoint(5000, 0));
    QCOMPARE(v.start(), 0.0);
    QCOMPARE(v.span(), span);
    // And left, as far as the end.
    QTest::mousePress(&f.widget, Qt::LeftButton, Qt::NoModifier, from);
    QTest::mouseMove(&f.widget, from - QPoint(50, 0));
    QTest::mouseMove(&f.widget, from - QPoint(20000, 0));
    QTest::mouseRelease(&f.widget, Qt::LeftButton, Qt::NoModifier, from - QPoint(20000, 0));
    QCOMPARE(v.end(), v.runEnd());
    QCOMPARE(seeks.count(), 0);  // a drag is no click
}

void TestTimeline::minimapDragMovesTheWindow()
{
    Fixture f(scenarioFile("teaching-12.json"));
    const TimelineViewport& v = f.widget.viewport();
    f.widget.zoomAround(v.runEnd() / 4, 4.0);
    const double start = v.start();
    const QRect strip = f.widget.minimapRect();
    const int windowX = strip.left() + static_cast<int>((v.start() + v.span() / 2) / v.runEnd() * strip.width());
    QSignalSpy changed(&f.widget, &TimelineWidget::viewportChanged);
    QTest::mousePress(&f.widget, Qt::LeftButton, Qt::NoModifier, QPoint(windowX, strip.center().y()));
    QCOMPARE(v.start(), start);  // grabbing the window does not move it
    QTest::mouseMove(&f.widget, QPoint(windowX + 200, strip.center().y()));
    QTest::mouseRelease(&f.widget, Qt::LeftButton, Qt::NoModifier, QPoint(windowX + 200, strip.center().y()));
    QVERIFY(changed.count() >= 1);
    QVERIFY2(std::abs(v.start() - (start + v.runEnd() * 200 / strip.width())) <= 1e-9 * v.runEnd(),
             qPrintable(QStringLiteral("%1 vs %2").arg(v.start()).arg(start + v.runEnd() * 200 / strip.width())));
    // A click outside the window centres it there.
    QTest::mouseClick(&f.widget, Qt::LeftButton, Qt::NoModifier, QPoint(strip.right() - 2, strip.center().y()));
    QCOMPARE(v.end(), v.runEnd());
}

void TestTimeline::clickSeeksTheClock()
{
    Fixture f(scenarioFile("teaching-12.json"));
    const TimelineViewport& v = f.widget.viewport();
    QSignalSpy seeks(&f.widget, &TimelineWidget::seekRequested);
    QSignalSpy seeked(&f.clock, &PlaybackClock::seeked);
    const QPoint click(f.widget.tracksRect().left() + 400, f.trackY());
    const double t = v.timeAt(400);
    QTest::mouseClick(&f.widget, Qt::LeftButton, Qt::NoModifier, click);
    QCOMPARE(seeks.count(), 1);
    QCOMPARE(seeks.front().front().toDouble(), t);
    QCOMPARE(seeked.count(), 1);
    QCOMPARE(f.clock.time(), t);
    QCOMPARE(f.cursor.position(), f.cursor.recording().eventsUpTo(t));
}

void TestTimeline::selectionStatisticsEqualBruteForce_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<Policy>("policy");
    QTest::addColumn<quint64>("seed");
    for (Policy p : {Policy::Spare, Policy::Rep, Policy::Ckpt})
        for (quint64 seed : {1ULL, 7ULL, 42ULL}) {
            QTest::addRow("teaching-12 %s seed %llu", policyName(p), seed) << QStringLiteral("teaching-12.json") << p << seed;
            QTest::addRow("tour-teaching %s seed %llu", policyName(p), seed) << QStringLiteral("tour-teaching.json") << p << seed;
        }
    QTest::addRow("paper-n600 spare") << QStringLiteral("paper-n600.json") << Policy::Spare << 3ULL;
}

void TestTimeline::selectionStatisticsEqualBruteForce()
{
    QFETCH(QString, file);
    QFETCH(Policy, policy);
    QFETCH(quint64, seed);
    Scenario s = scenarioFile(file.toLatin1().constData());
    s.policy = policy;
    s.seed = seed;
    PlaybackCursor cursor;
    recordRun(s, cursor);
    const Recording& recording = cursor.recording();
    TimelineTracks tracks(s.groups);
    tracks.update(recording);
    const double end = recording.endTime();
    QVERIFY(end > 0.0);

    // The whole run: the engine's own counts.
    const RunMetrics metrics = Simulator(s).run();
    const TimeRangeStatistics whole = TimeRangeStatistics::of(tracks, -1.0, end);
    QCOMPARE(whole.failures, static_cast<int>(metrics.failures));
    QCOMPARE(whole.maskedFailures, static_cast<int>(metrics.maskedFailures));
    QCOMPARE(whole.restarts, static_cast<int>(metrics.restarts));
    QCOMPARE(whole.stepsGained, s.steps);

    std::mt19937_64 random(seed);
    std::uniform_real_distribution<double> time(0.0, end);
    int nonEmpty = 0;
    for (int trial = 0; trial < 200; ++trial) {
        double a = time(random);
        double b = time(random);
        if (trial % 4 == 0)
            b = a + (b - a) * 0.01;  // short ranges too
        if (a > b)
            std::swap(a, b);
        const TimeRangeStatistics got = TimeRangeStatistics::of(tracks, a, b);
        TimeRangeStatistics expected = bruteForce(recording, a, b);
        QVERIFY2(std::abs(got.downTimeS - expected.downTimeS) <= 1e-9 * end,
                 qPrintable(describe(got) + QStringLiteral(" vs ") + describe(expected)));
        expected.downTimeS = got.downTimeS;
        QVERIFY2(got == expected, qPrintable(describe(got) + QStringLiteral(" vs ") + describe(expected)));
        nonEmpty += got.failures > 0 ? 1 : 0;
    }
    QVERIFY(nonEmpty > 0);
}

void TestTimeline::shiftDragSelectsAndShowsTheStatistics()
{
    Fixture f(scenarioFile("teaching-12.json"));
    const TimelineViewport& v = f.widget.viewport();
    QSignalSpy selected(&f.widget, &TimelineWidget::selectionChanged);
    const QPoint a(f.widget.tracksRect().left() + 200, f.trackY());
    const QPoint b(f.widget.tracksRect().left() + 600, f.trackY());
    QTest::mousePress(&f.widget, Qt::LeftButton, Qt::ShiftModifier, a);
    QTest::mouseMove(&f.widget, b);
    QTest::mouseRelease(&f.widget, Qt::LeftButton, Qt::ShiftModifier, b);
    QVERIFY(selected.count() >= 1);
    QVERIFY(v.selection().has_value());
    QCOMPARE(v.selection()->first, v.timeAt(200));
    QCOMPARE(v.selection()->second, v.timeAt(600));
    QVERIFY(f.widget.selectionPanel()->isVisible());
    const TimeRangeStatistics shown = *f.widget.selectionStatistics(0);
    QVERIFY(f.widget.selectionPanel()->text().contains(QStringLiteral("failures %1 (masked %2)").arg(shown.failures).arg(shown.maskedFailures)));
    // The selection is drawn: the shaded range differs from the same view without it.
    const QImage with = f.widget.grab().toImage();
    QTest::keyClick(&f.widget, Qt::Key_Escape);
    QVERIFY(!v.selection().has_value());
    QVERIFY(!f.widget.selectionPanel()->isVisible());
    QVERIFY(f.widget.grab().toImage() != with);
    // A drag on the ruler selects too.
    const int rulerY = f.widget.rulerRect().center().y();
    QTest::mousePress(&f.widget, Qt::LeftButton, Qt::NoModifier, QPoint(a.x(), rulerY));
    QTest::mouseMove(&f.widget, QPoint(b.x(), rulerY));
    QTest::mouseRelease(&f.widget, Qt::LeftButton, Qt::NoModifier, QPoint(b.x(), rulerY));
    QVERIFY(v.selection().has_value());
}

void TestTimeline::foldingBoundsDrawnMarksAt600Groups()
{
    Fixture f(scenarioFile("paper-n600.json"));
    const TimelineTracks& tracks = f.widget.tracks(0);
    const int width = f.widget.tracksRect().width();
    const int bound = static_cast<int>(width / TimelineWidget::kFoldPx) + 2;
    std::size_t marks = 0;
    for (TimelineMarkKind kind : kTimelineMarkKinds) {
        const auto clusters = tracks.visibleClusters(kind, f.widget.viewport(), TimelineWidget::kFoldPx);
        QVERIFY2(static_cast<int>(clusters.size()) <= bound, qPrintable(QString::number(clusters.size())));
        int folded = 0;
        for (const TimelineMarkCluster& c : clusters)
            folded += c.count;
        QCOMPARE(folded, static_cast<int>(tracks.marks(kind).size()));  // every mark is drawn, folded or not
        marks += tracks.marks(kind).size();
    }
    QVERIFY2(marks > static_cast<std::size_t>(4 * bound), qPrintable(QString::number(marks)));  // folding mattered
    // Rendered: the series draw at most a few items per pixel column, the marks at most `bound` per kind.
    const QImage image = f.widget.grab().toImage();
    QVERIFY(!image.isNull());
    QVERIFY2(f.widget.drawnItems() <= 3 * (width + 1) + 4 * bound, qPrintable(QString::number(f.widget.drawnItems())));
    // Zoomed in, marks separate again and stay bounded.
    f.widget.zoomAround(f.widget.viewport().runEnd() / 2, 50.0);
    f.widget.grab();
    QVERIFY(f.widget.drawnItems() <= 3 * (width + 1) + 4 * bound);
}

void TestTimeline::raceTimelineHasOneRunPerPolicy()
{
    PlaybackClock clock;
    std::array<PlaybackCursor, 3> cursors;
    TimelineWidget widget(&clock);
    Scenario s = scenarioFile("teaching-12.json");
    for (std::size_t i = 0; i < cursors.size(); ++i) {
        s.policy = std::array{Policy::Ckpt, Policy::Rep, Policy::Spare}[i];
        recordRun(s, cursors[i]);
        clock.addCursor(&cursors[i]);
        widget.addRun(QString::fromLatin1(policyDisplayName(s.policy)), &cursors[i], true);
    }
    widget.resize(900, widget.sizeHint().height());
    QCOMPARE(widget.runCount(), 3);
    double longest = 0.0;
    for (const PlaybackCursor& c : cursors)
        longest = std::max(longest, c.recording().endTime());
    QCOMPARE(widget.viewport().runEnd(), longest);  // one clock: the window spans the longest run
    widget.select(0.0, longest / 2);
    const QString text = widget.selectionPanel()->text();
    for (int run = 0; run < 3; ++run)
        QVERIFY(text.contains(widget.runName(run) + QStringLiteral(": failures %1").arg(widget.selectionStatistics(run)->failures)));
    // The panel fits the three rows' timeline (nothing of it clipped).
    QVERIFY2(widget.rect().contains(widget.selectionPanel()->geometry()),
             qPrintable(QStringLiteral("%1 x %2 in %3").arg(widget.selectionPanel()->width()).arg(widget.selectionPanel()->height()).arg(widget.height())));
    QTest::mouseClick(&widget, Qt::LeftButton, Qt::NoModifier, QPoint(widget.tracksRect().left() + 300, widget.tracksRect().center().y()));
    for (const PlaybackCursor& c : cursors)
        QCOMPARE(c.position(), c.recording().eventsUpTo(clock.time()));
}

void TestTimeline::aNewRunIsShownWhole()
{
    Fixture f(scenarioFile("teaching-12.json"));
    f.widget.zoomAround(f.widget.viewport().runEnd() / 3, 20.0);
    f.widget.select(100.0, 200.0);
    Scenario other = scenarioFile("tour-teaching.json");
    recordRun(other, f.cursor);
    const TimelineViewport& v = f.widget.viewport();
    QCOMPARE(v.runEnd(), f.cursor.recording().endTime());
    QCOMPARE(v.start(), 0.0);
    QCOMPARE(v.span(), v.runEnd());
    QVERIFY(!v.selection().has_value());
    QVERIFY(!f.widget.selectionPanel()->isVisible());
    QCOMPARE(f.widget.tracks(0).groups(), other.groups);
}

// The race with one lane stopped unfinished: the default view ends where the finished lanes end,
// zooming out still reaches the unfinished lane's end, a double click comes back.
void TestTimeline::anUnfinishedRunLeavesTheDefaultView()
{
    PlaybackClock clock;
    std::array<PlaybackCursor, 3> cursors;
    TimelineWidget widget(&clock);
    Scenario s = scenarioFile("teaching-12.json");
    for (std::size_t i = 0; i < cursors.size(); ++i) {
        s.policy = std::array{Policy::Ckpt, Policy::Rep, Policy::Spare}[i];
        recordRun(s, cursors[i]);
        widget.addRun(QString::fromLatin1(policyDisplayName(s.policy)), &cursors[i], true);
    }
    widget.resize(900, widget.sizeHint().height());
    const double unfinishedEnd = cursors[0].recording().endTime();
    const double finishedEnd = std::max(cursors[1].recording().endTime(), cursors[2].recording().endTime());
    QVERIFY(unfinishedEnd > finishedEnd);
    const TimelineViewport& v = widget.viewport();
    QCOMPARE(v.end(), unfinishedEnd);

    widget.setUnfinished(0, QStringLiteral("CKPT-only unfinished at 100 x T0"));
    QCOMPARE(v.runEnd(), unfinishedEnd);
    QCOMPARE(v.start(), 0.0);
    QCOMPARE(v.end(), finishedEnd);
    widget.zoomAround(finishedEnd / 2, 1e-3);
    QCOMPARE(v.start(), 0.0);
    QCOMPARE(v.end(), unfinishedEnd);
    QTest::mouseDClick(&widget, Qt::LeftButton, Qt::NoModifier, widget.tracksRect().center());
    QCOMPARE(v.end(), finishedEnd);

    // Finished after all (a new race): the whole run again.
    widget.setUnfinished(0, QString());
    QCOMPARE(v.end(), unfinishedEnd);
}

void TestTimeline::traceExportMatchesTheCli()
{
    QTemporaryDir dir;
    const QString scenarioPath = QStringLiteral(SPARE_SOURCE_DIR "/scenarios/teaching-12.json");
    const Scenario s = loadScenarioFile(scenarioPath.toStdString());
    const QString studioTrace = dir.filePath(QStringLiteral("studio.json"));
    const QString cliTrace = dir.filePath(QStringLiteral("cli.json"));
    TraceExportDialog dialog(studioTrace, s.groups, std::pair{600.0, 5400.0});
    QCOMPARE(dialog.windowField()->text(), QStringLiteral("600.000:5400.000"));
    dialog.groupsField()->setText(QStringLiteral("3,7"));
    const auto paths = dialog.paths();
    QVERIFY(paths.has_value());
    QVERIFY(RunExporter::write(s, *paths).has_value());

    QProcess cli;
    cli.start(QStringLiteral(SPARE_CLI), {QStringLiteral("simulate"), scenarioPath, QStringLiteral("--trace"), cliTrace,
                                          QStringLiteral("--trace-window"), QStringLiteral("600.000:5400.000"),
                                          QStringLiteral("--trace-groups"), QStringLiteral("3,7")});
    QVERIFY(cli.waitForFinished(120000));
    QCOMPARE(cli.exitCode(), 0);
    QFile a(studioTrace);
    QFile b(cliTrace);
    QVERIFY(a.open(QIODevice::ReadOnly) && b.open(QIODevice::ReadOnly));
    const QByteArray studio = a.readAll();
    QVERIFY(studio.size() > 100);
    QVERIFY(studio == b.readAll());
}

void TestTimeline::traceExportFieldsAreChecked()
{
    TraceExportDialog dialog(QStringLiteral("trace.json"), 12, std::nullopt);
    QCOMPARE(dialog.windowField()->text(), QString());
    QVERIFY(dialog.problem().isEmpty());
    dialog.windowField()->setText(QStringLiteral("90:10"));
    QCOMPARE(dialog.problem(), QStringLiteral("Window (s) '90:10' is not allowed; allowed: START:END in decimal seconds, "
                                              "0 <= START < END, e.g. 0:86400"));
    QVERIFY(!dialog.paths());
    dialog.windowField()->setText(QStringLiteral("10:90"));
    dialog.groupsField()->setText(QStringLiteral("3,12"));
    QCOMPARE(dialog.problem(), QStringLiteral("Group lanes '3,12': group 12 is out of range; allowed: distinct group ids "
                                              "0 .. 11, comma-separated"));
    dialog.groupsField()->setText(QStringLiteral("3,3"));
    QVERIFY(dialog.problem().contains(QStringLiteral("group 3 is repeated")));
    dialog.groupsField()->setText(QStringLiteral("3,x"));
    QVERIFY(dialog.problem().contains(QStringLiteral("'x' is not a group id")));
    dialog.groupsField()->setText(QStringLiteral("11,0"));
    const auto paths = dialog.paths();
    QVERIFY(paths.has_value());
    QCOMPARE(paths->traceFromS, 10.0);
    QCOMPARE(paths->traceToS, 90.0);
    QCOMPARE(paths->traceGroups, (std::vector<int>{11, 0}));
}

QTEST_MAIN(TestTimeline)
#include "tst_ui_timeline.moc"
