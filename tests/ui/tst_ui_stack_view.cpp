// After scripted failures the stack view shows exactly the reorder controller's assignment, and
// animates the decision it was given.
#include "ViewState.h"
#include "playback/PlaybackCursor.h"
#include "reorder/ReorderController.h"
#include "views/StackView.h"

#include <QSignalSpy>
#include <QTest>

using namespace spare;

class TestStackView : public QObject {
    Q_OBJECT
private slots:
    void showsControllerAssignment_data();
    void showsControllerAssignment();
    void windowFollowsSelection();
};

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
    Scenario s;
    s.groups = groups;
    s.redundancy = redundancy;
    s.gpusPerGroup = 8;
    s.layout = layout.toStdString();
    auto shared = std::make_shared<const Layout>(Layout::byName(s.layout, groups, redundancy));
    ReorderController controller(*shared);

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
    for (int g = 0; g < groups; ++g) {
        const std::span<const int> expected = controller.stack(g);
        QCOMPARE(view.displayedStack(g), std::vector<int>(expected.begin(), expected.end()));
    }
    QCOMPARE(cursor.state().stackNumber(), controller.stackNumber());
    QCOMPARE(cursor.state().aliveGroups(), controller.aliveCount());
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

QTEST_MAIN(TestStackView)
#include "tst_ui_stack_view.moc"
