// After scripted failures the stack view shows exactly the reorder controller's assignment, and
// animates the decision it was given.
#include "engine/reorder/ReorderController.h"
#include "ui/base/ViewState.h"
#include "ui/playback/PlaybackCursor.h"
#include "ui/views/StackView.h"

#include <QSignalSpy>
#include <QTest>

using namespace spare;

class TestStackView : public QObject {
    Q_OBJECT
private slots:
    void showsControllerAssignment_data();
    void showsControllerAssignment();
    void windowFollowsSelection();
    void jumpsAnimateAndMarkMoves();
    void readmissionIsShown();
};

namespace {

// A scripted run: failure batches and the controller's decision after each, as the engine records them.
RecordingChunkPtr scriptedRun(ReorderController& controller, const QList<QList<int>>& failureBatches)
{
    auto chunk = std::make_shared<RecordingChunk>();
    double t = 10.0;
    for (const QList<int>& batch : failureBatches) {
        std::vector<int> ids(batch.begin(), batch.end());
        for (int g : ids) {
            Event f;
            f.kind = EventKind::Failure;
            f.time = t;
            f.group = g;
            f.gpu = 0;
            f.stackNumber = controller.stackNumber();  // every event carries the S in force after it
            chunk->events.push_back(f);
        }
        Event d;
        d.kind = EventKind::Decision;
        d.time = t;
        d.decision = std::make_shared<const ReorderDecision>(controller.onFailures(ids));
        d.stackNumber = d.decision->stackNumber;
        chunk->events.push_back(d);
        t += 100.0;
    }
    chunk->last = true;
    return chunk;
}

// A scenario of `groups` x 8 GPUs at redundancy r (the layout comes separately).
Scenario smallScenario(int groups, int redundancy)
{
    Scenario s;
    s.groups = groups;
    s.redundancy = redundancy;
    s.gpusPerGroup = 8;
    return s;
}

// The view shows exactly the controller's stack order for every group.
void showsControllerStacks(const StackView& view, const ReorderController& controller)
{
    for (int g = 0; g < controller.layout().groups(); ++g) {
        const LayoutRow expected = controller.stack(g);
        QCOMPARE(view.displayedStack(g), std::vector<int>(expected.begin(), expected.end()));
    }
}

}  // namespace

void TestStackView::showsControllerAssignment_data()
{
    QTest::addColumn<QString>("layout");
    QTest::addColumn<int>("groups");
    QTest::addColumn<int>("redundancy");
    QTest::addColumn<QList<QList<int>>>("failureBatches");
    QTest::newRow("golomb 12x3, two batches") << QStringLiteral("golomb") << 12 << 3
                                              << QList<QList<int>>{{1}, {4, 7}, {2}};
    QTest::newRow("consecutive 10x3, neighbours") << QStringLiteral("consecutive") << 10 << 3
                                                  << QList<QList<int>>{{3}, {4}};
    QTest::newRow("golomb 40x4, many") << QStringLiteral("golomb") << 40 << 4
                                       << QList<QList<int>>{{0, 5}, {9}, {13, 21, 22}, {30}};
}

void TestStackView::showsControllerAssignment()
{
    QFETCH(QString, layout);
    QFETCH(int, groups);
    QFETCH(int, redundancy);
    QFETCH(QList<QList<int>>, failureBatches);
    Scenario s = smallScenario(groups, redundancy);
    s.layout = layout.toStdString();
    auto shared = std::make_shared<const Layout>(Layout::byName(s.layout, groups, redundancy));
    ReorderController controller(*shared);

    const RecordingChunkPtr chunk = scriptedRun(controller, failureBatches);

    PlaybackCursor cursor;
    cursor.reset(s, shared);
    cursor.append(chunk);
    ViewState viewState;
    StackView view(&cursor, &viewState);
    view.resize(900, 300);
    QSignalSpy played(&cursor, &PlaybackCursor::eventPlayed);
    while (cursor.stepEvent()) {
    }
    QVERIFY(played.count() > 0);
    QVERIFY(view.animating());  // the last decision is being drawn
    showsControllerStacks(view, controller);
    if (QTest::currentTestFailed())
        return;
    QCOMPARE(cursor.state().snapshot().stackNumber, controller.stackNumber());
    QCOMPARE(cursor.state().snapshot().aliveGroups, controller.aliveCount());
    QVERIFY(!view.grab().isNull());
}

void TestStackView::windowFollowsSelection()
{
    Scenario s;
    s.groups = 600;
    s.redundancy = 8;
    s.gpusPerGroup = 1000;
    PlaybackCursor cursor;
    cursor.reset(s, std::make_shared<const Layout>(Layout::golomb(600, 8)));
    ViewState viewState;
    StackView view(&cursor, &viewState);
    view.resize(800, 300);
    QVERIFY(view.visibleGroupCount() < 600);
    viewState.select(300);
    QVERIFY(view.firstVisibleGroup() <= 300);
    QVERIFY(view.firstVisibleGroup() + view.visibleGroupCount() > 300);
    viewState.select(599);
    QCOMPARE(view.firstVisibleGroup() + view.visibleGroupCount(), 600);
}

// Groups coming back: after the Rejoin events and the controller's re-admission the view shows the
// controller's stacks, every group is live again, and the caption names phase 3.
void TestStackView::readmissionIsShown()
{
    const Scenario s = smallScenario(12, 3);
    auto shared = std::make_shared<const Layout>(Layout::golomb(12, 3));
    ReorderController controller(*shared);
    auto chunk = std::make_shared<RecordingChunk>(*scriptedRun(controller, {{4}, {7, 9}}));
    const std::vector<int> back{4, 7, 9};
    for (int g : back) {
        Event r;
        r.kind = EventKind::Rejoin;
        r.time = 500.0;
        r.group = g;
        r.stackNumber = controller.stackNumber();
        chunk->events.push_back(r);
    }
    Event d;
    d.kind = EventKind::Decision;
    d.time = 500.0;
    d.decision = std::make_shared<const ReorderDecision>(controller.onRejoin(back));
    d.stackNumber = d.decision->stackNumber;
    chunk->events.push_back(d);
    chunk->last = true;
    QCOMPARE(d.decision->phase, ReorderDecision::Phase::Readmit);

    PlaybackCursor cursor;
    cursor.reset(s, shared);
    cursor.append(chunk);
    ViewState viewState;
    StackView view(&cursor, &viewState);
    view.resize(900, 300);
    while (cursor.stepEvent()) {
    }
    showsControllerStacks(view, controller);
    if (QTest::currentTestFailed())
        return;
    QCOMPARE(cursor.state().snapshot().aliveGroups, 12);
    QCOMPARE(cursor.state().snapshot().stackNumber, controller.stackNumber());
    QVERIFY2(view.decisionSummary().contains(QStringLiteral("phase 3: re-admission")), qPrintable(view.decisionSummary()));
}

// A jump (or a step back and forth) that lands on a reorder plays it: the slide runs, and the moved
// cells stay marked after it for a few seconds on the view's animation clock, then the marks go.
// Jumps backwards walk from one failure to the one before.
void TestStackView::jumpsAnimateAndMarkMoves()
{
    const Scenario s = smallScenario(40, 4);
    auto shared = std::make_shared<const Layout>(Layout::golomb(40, 4));
    ReorderController controller(*shared);
    PlaybackCursor cursor;
    cursor.reset(s, shared);
    cursor.append(scriptedRun(controller, {{0, 5}, {9}, {13, 21, 22}, {30}, {1, 2}, {17}}));
    StackView view(&cursor);
    view.resize(900, 300);
    view.animationClock()->setFrameTime(1000);
    const auto withMoves = [](const Event& e) { return e.kind == EventKind::Decision && e.decision && e.decision->moves > 0; };
    QSignalSpy played(&cursor, &PlaybackCursor::eventPlayed);
    QVERIFY2(cursor.jumpToNext(withMoves), "the scripted failures lead to a reorder with moves");
    // The instant landed on is played (its failures and the decision), not the events skipped on the way.
    QVERIFY(played.count() >= 1);
    const Event landed = played.last().first().value<Event>();
    QVERIFY(withMoves(landed));
    for (const QList<QVariant>& arguments : std::as_const(played))
        QCOMPARE(arguments.first().value<Event>().time, landed.time);
    QCOMPARE(cursor.position(), cursor.recording().findNext(0, withMoves).value() + 1);
    QVERIFY(view.animating());
    const int moved = static_cast<int>(landed.decision->stackMoves.size());
    QVERIFY(moved > 0);
    QCOMPARE(view.markedMoveCount(), moved);
    view.animationClock()->setFrameTime(1000 + 1500);  // slide over, marks still shown
    QCOMPARE(view.markedMoveCount(), moved);
    QVERIFY(!view.grab().isNull());
    view.animationClock()->setFrameTime(1000 + 4000);
    QCOMPARE(view.markedMoveCount(), 0);

    // Backwards: a step undoes one event; previous failure walks back failure by failure.
    const std::size_t at = cursor.position();
    QVERIFY(cursor.stepBack());
    QCOMPARE(cursor.position(), at - 1);
    const auto isFailure = [](const Event& e) { return e.kind == EventKind::Failure; };
    std::vector<std::size_t> visited;
    while (cursor.jumpToPrevious(isFailure)) {
        QCOMPARE(cursor.recording().event(cursor.position() - 1).kind, EventKind::Failure);
        visited.push_back(cursor.position());
    }
    QVERIFY(!visited.empty());
    QVERIFY(std::is_sorted(visited.rbegin(), visited.rend()));
    QCOMPARE(visited.back(), std::size_t{1});  // the run's first failure
    while (cursor.stepBack()) {
    }
    QCOMPARE(cursor.position(), std::size_t{0});
}

QTEST_MAIN(TestStackView)
#include "tst_ui_stack_view.moc"
