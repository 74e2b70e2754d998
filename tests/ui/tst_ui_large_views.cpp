// The views at the paper's N = 600 (600 groups x 1000 GPUs, r = 8): the user picks the stack view's
// groups in the cluster view and they stay there while decisions elsewhere play; the cluster view marks
// that range, has round integer axes and a zoom indicator; the stack view labels groups and gives the
// types it shows distinct looks.
#include "engine/sim/RecordingObserver.h"
#include "engine/sim/ScenarioJson.h"
#include "engine/sim/Simulator.h"
#include "ui/MainWindow.h"
#include "ui/base/ViewState.h"
#include "ui/playback/PlaybackCursor.h"
#include "ui/playback/SimulationWorker.h"
#include "ui/views/ClusterPalette.h"
#include "ui/views/ClusterView.h"
#include "ui/views/StackView.h"

#include <QAction>
#include <QMenu>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>

#include <cmath>
#include <map>
#include <set>

using namespace spare;

namespace {

constexpr double kRunUntilS = 400'000.0;

// paper-n600 simulated by the engine up to kRunUntilS, recorded as the window's worker records it.
std::vector<RecordingChunkPtr> paperRun(const Scenario& scenario)
{
    std::vector<RecordingChunkPtr> chunks;
    RecordingObserver recorder(SimulationWorker::snapshotIntervalS(scenario),
                               [&chunks](RecordingChunkPtr chunk) { chunks.push_back(std::move(chunk)); });
    SimulationLimits limits;
    limits.untilS = kRunUntilS;
    Simulator(scenario).run(&recorder, limits);
    recorder.finish();
    return chunks;
}

// A step is round when it is 1, 2, 2.5 or 5 x 10^k (and a whole number).
bool roundStep(int step)
{
    if (step < 1)
        return false;
    const double decade = std::pow(10.0, std::floor(std::log10(step)));
    const double mantissa = step / decade;
    return mantissa == 1.0 || mantissa == 2.0 || mantissa == 2.5 || mantissa == 5.0;
}

void checkRoundTicks(const std::vector<int>& ticks, int first, int last)
{
    QVERIFY2(ticks.size() >= 2, qPrintable(QStringLiteral("%1 ticks in %2-%3").arg(ticks.size()).arg(first).arg(last)));
    const int step = ticks[1] - ticks[0];
    QVERIFY2(roundStep(step), qPrintable(QString::number(step)));
    for (std::size_t i = 0; i < ticks.size(); ++i) {
        QCOMPARE(ticks[i] % step, 0);
        QVERIFY(ticks[i] >= first && ticks[i] <= last);
        if (i > 0)
            QCOMPARE(ticks[i] - ticks[i - 1], step);
    }
    QVERIFY(ticks.front() - step < first);  // none left out at either end
    QVERIFY(ticks.back() + step > last);
}

// The middle of group g's row in the cluster view (rows may be under a pixel tall).
QPoint rowCentre(const ClusterView& view, int group)
{
    const ClusterViewport& vp = view.viewport();
    return QPointF(view.gridRect().center().x(), vp.originY + (group + 0.5) * vp.cellHeight).toPoint();
}

// The groups (GPUs) whose rows (columns) meet the grid, from the viewport.
std::pair<int, int> shownRows(const ClusterView& view, int groups)
{
    const ClusterViewport& vp = view.viewport();
    const QRect grid = view.gridRect();
    return {std::max(0, static_cast<int>(std::floor((grid.top() - vp.originY) / vp.cellHeight))),
            std::min(groups - 1, static_cast<int>(std::ceil((grid.top() + grid.height() - vp.originY) / vp.cellHeight)) - 1)};
}

std::pair<int, int> shownColumns(const ClusterView& view, int gpus)
{
    const ClusterViewport& vp = view.viewport();
    const QRect grid = view.gridRect();
    return {std::max(0, static_cast<int>(std::floor((grid.left() - vp.originX) / vp.cellWidth))),
            std::min(gpus - 1, static_cast<int>(std::ceil((grid.left() + grid.width() - vp.originX) / vp.cellWidth)) - 1)};
}

bool sameRgb(QRgb a, QRgb b)
{
    return (a & 0xffffff) == (b & 0xffffff);
}

}  // namespace

class TestLargeViews : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void clickPicksStackRangeThatStays();
    void dragPicksRangeAndPageKeysMoveIt();
    void clusterViewMarksStackRange();
    void axesTicksAreRoundIntegers();
    void zoomIndicatorNamesRangeAndFactor();
    void stackViewLabelsGroupsAndTypes();
    void typesInViewLookDistinct();
    void tooltipNamesTypeAndHolders();
    void wideRangeFolds();
    void viewMenuFollowsAndPages();

private:
    // A fresh window onto the recorded run: cluster view above stack view, on one view state.
    struct Views {
        PlaybackCursor cursor;
        ViewState viewState;
        ClusterView cluster{&cursor, &viewState};
        StackView stack{&cursor, &viewState};
    };
    std::unique_ptr<Views> makeViews(double atTime);

    Scenario scenario_;
    std::shared_ptr<const Layout> layout_;
    std::vector<RecordingChunkPtr> run_;
};

void TestLargeViews::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);  // the window's settings stay out of the user's
    scenario_ = loadScenarioFile(SPARE_SOURCE_DIR "/scenarios/paper-n600.json");
    QCOMPARE(scenario_.groups, 600);
    layout_ = std::make_shared<const Layout>(Layout::byName(scenario_.layout, scenario_.groups, scenario_.redundancy));
    run_ = paperRun(scenario_);
}

std::unique_ptr<TestLargeViews::Views> TestLargeViews::makeViews(double atTime)
{
    auto views = std::make_unique<Views>();
    views->cursor.reset(scenario_, layout_);
    for (const RecordingChunkPtr& chunk : run_)
        views->cursor.append(chunk);
    views->cluster.resize(900, 520);
    views->stack.resize(1000, 300);
    views->cursor.seekToTime(atTime);
    views->cluster.show();  // lays them out at their sizes
    views->stack.show();
    return views;
}

// The complaint: following the action, the stack view's window jumps to each decision's failed
// group. A click in the cluster view picks a range and it stays while decisions elsewhere play.
void TestLargeViews::clickPicksStackRangeThatStays()
{
    // Without a pick the range follows the action: it moves during the same stretch of playback.
    {
        auto views = makeViews(50'000.0);
        QVERIFY(views->viewState.followsAction());
        const int before = views->stack.firstVisibleGroup();
        std::set<int> firsts{before};
        for (double t = 50'000.0; t <= 150'000.0; t += 500.0) {
            views->cursor.advanceTo(t);
            firsts.insert(views->stack.firstVisibleGroup());
        }
        QVERIFY2(firsts.size() > 3, "following the action, the window moves to each decision's failed group");
    }

    auto views = makeViews(50'000.0);
    QSignalSpy rangeChanged(&views->viewState, &ViewState::stackRangeChanged);
    QTest::mouseClick(&views->cluster, Qt::LeftButton, {}, rowCentre(views->cluster, 300));
    QCOMPARE(rangeChanged.count(), 1);
    QVERIFY(!views->viewState.followsAction());
    QCOMPARE(views->viewState.selectedGroup(), 300);
    const int first = views->stack.firstVisibleGroup();
    const int count = views->stack.visibleGroupCount();
    QVERIFY(first <= 300 && 300 < first + count);
    QVERIFY(count >= 40 && count < 600);  // a readable window at 1000 px, not the whole cluster
    QCOMPARE(views->viewState.stackFirst(), first);

    // Play past several decisions whose failed groups lie outside the range.
    QSignalSpy played(&views->cursor, &PlaybackCursor::eventPlayed);
    int decisionsElsewhere = 0;
    for (double t = 50'000.0; t <= 150'000.0; t += 500.0) {
        views->cursor.advanceTo(t);
        QCOMPARE(views->stack.firstVisibleGroup(), first);
        QCOMPARE(views->stack.visibleGroupCount(), count);
    }
    for (const QList<QVariant>& arguments : std::as_const(played)) {
        const Event e = arguments.first().value<Event>();
        if (e.kind == EventKind::Decision && e.decision && !e.decision->failedGroups.empty()
            && (e.decision->failedGroups.front() < first || e.decision->failedGroups.front() >= first + count))
            ++decisionsElsewhere;
    }
    QVERIFY2(decisionsElsewhere >= 3, qPrintable(QString::number(decisionsElsewhere)));
    QCOMPARE(rangeChanged.count(), 1);
    QVERIFY(!views->stack.grab().isNull());

    // The toggle brings the old behaviour back: the next decision moves the range.
    views->viewState.setFollowAction(true);
    for (double t = 150'000.0; t <= 250'000.0 && rangeChanged.count() == 1; t += 500.0)
        views->cursor.advanceTo(t);
    QVERIFY(rangeChanged.count() > 1);
}

void TestLargeViews::dragPicksRangeAndPageKeysMoveIt()
{
    auto views = makeViews(50'000.0);
    const QPoint from = rowCentre(views->cluster, 100);
    const QPoint to = rowCentre(views->cluster, 160);
    QTest::mousePress(&views->cluster, Qt::LeftButton, {}, from);
    QTest::mouseMove(&views->cluster, (from + to) / 2);
    QTest::mouseMove(&views->cluster, to);
    QTest::mouseRelease(&views->cluster, Qt::LeftButton, {}, to);
    QCOMPARE(views->viewState.stackFirst(), 100);
    QCOMPARE(views->viewState.stackLast(), 160);
    QVERIFY(!views->viewState.followsAction());
    QCOMPARE(views->stack.firstVisibleGroup(), 100);
    QCOMPARE(views->stack.visibleGroupCount(), 61);

    // The View menu's page keys: a range width later, then earlier twice; clamped at the cluster's ends.
    views->viewState.pageStackRange(1);
    QCOMPARE(views->viewState.stackFirst(), 161);
    QCOMPARE(views->viewState.stackLast(), 221);
    views->viewState.pageStackRange(-2);
    QCOMPARE(views->viewState.stackFirst(), 39);
    views->viewState.pageStackRange(-1);
    QCOMPARE(views->viewState.stackFirst(), 0);
    QCOMPARE(views->viewState.stackLast(), 60);
    views->viewState.pageStackRange(100);
    QCOMPARE(views->viewState.stackLast(), 599);
    QCOMPARE(views->viewState.stackCount(), 61);
}

// The range is bracketed on the group axis and outlined in the grid, in its own colour.
void TestLargeViews::clusterViewMarksStackRange()
{
    auto views = makeViews(50'000.0);
    views->viewState.pickStackRange(200, 299);
    const QImage shot = views->cluster.grab().toImage().convertToFormat(QImage::Format_RGB32);
    const QRect grid = views->cluster.gridRect();
    const QRgb mark = ClusterPalette::stackRange();
    const int bracketX = grid.left() - 2;
    const QRect first = views->cluster.groupRect(200);
    const QRect last = views->cluster.groupRect(299);
    // The bracket covers the range's rows and nothing well outside them.
    for (int y = first.top() + 1; y < last.bottom(); ++y)
        QVERIFY2(sameRgb(shot.pixel(bracketX, y), mark), qPrintable(QString::number(y)));
    for (int y = grid.top(); y < first.top() - 2; ++y)
        QVERIFY(!sameRgb(shot.pixel(bracketX, y), mark));
    for (int y = last.bottom() + 3; y <= grid.bottom(); ++y)
        QVERIFY(!sameRgb(shot.pixel(bracketX, y), mark));
    // The outline's top and bottom edges run across the grid.
    const auto markedAcross = [&](int yFrom, int yTo) {
        int best = 0;
        for (int y = yFrom; y <= yTo; ++y) {
            int n = 0;
            for (int x = grid.left(); x <= grid.right(); ++x)
                n += sameRgb(shot.pixel(x, y), mark) ? 1 : 0;
            best = std::max(best, n);
        }
        return best;
    };
    QVERIFY(markedAcross(first.top() - 1, first.top() + 2) > grid.width() * 9 / 10);
    QVERIFY(markedAcross(last.bottom() - 2, last.bottom() + 1) > grid.width() * 9 / 10);
    QCOMPARE(markedAcross(grid.top() + 2, first.top() - 4), 0);
}

void TestLargeViews::axesTicksAreRoundIntegers()
{
    auto views = makeViews(50'000.0);
    ClusterView& cluster = views->cluster;
    checkRoundTicks(cluster.groupTicks(), 0, 599);
    checkRoundTicks(cluster.gpuTicks(), 0, 999);
    for (double factor : {4.0, 3.0, 40.0}) {
        cluster.fitToView();
        cluster.zoomBy(factor, cluster.gridRect().center() + QPoint(37, 11));
        const auto [firstRow, lastRow] = shownRows(cluster, 600);
        const auto [firstColumn, lastColumn] = shownColumns(cluster, 1000);
        checkRoundTicks(cluster.groupTicks(), firstRow, lastRow);
        checkRoundTicks(cluster.gpuTicks(), firstColumn, lastColumn);
    }
    QVERIFY(!cluster.grab().isNull());
}

void TestLargeViews::zoomIndicatorNamesRangeAndFactor()
{
    auto views = makeViews(50'000.0);
    ClusterView& cluster = views->cluster;
    QCOMPARE(cluster.zoomText(), QStringLiteral("groups 0-599 of 600, 1x"));
    cluster.zoomBy(4.0);
    QCOMPARE(cluster.zoomFactor(), 4.0);
    static const QRegularExpression pattern(QStringLiteral("^groups (\\d+)-(\\d+) of 600, GPUs (\\d+)-(\\d+) of 1000, 4x$"));
    const QRegularExpressionMatch m = pattern.match(cluster.zoomText());
    QVERIFY2(m.hasMatch(), qPrintable(cluster.zoomText()));
    QCOMPARE(m.captured(1).toInt(), shownRows(cluster, 600).first);
    QCOMPARE(m.captured(2).toInt(), shownRows(cluster, 600).second);
    QCOMPARE(m.captured(3).toInt(), shownColumns(cluster, 1000).first);
    QCOMPARE(m.captured(4).toInt(), shownColumns(cluster, 1000).second);
    QVERIFY(std::abs(m.captured(2).toInt() - m.captured(1).toInt() + 1 - 150) <= 2);  // a quarter of 600
    cluster.zoomBy(0.4);
    QVERIFY2(cluster.zoomText().endsWith(QStringLiteral(", 1.6x")), qPrintable(cluster.zoomText()));
}

// Group ids at a round step that fits, and every cell of the default window numbered with its type.
void TestLargeViews::stackViewLabelsGroupsAndTypes()
{
    auto views = makeViews(50'000.0);
    StackView& stack = views->stack;
    const int first = stack.firstVisibleGroup();
    const int count = stack.visibleGroupCount();
    QVERIFY(count >= 40);
    const std::vector<int> labelled = stack.labelledGroups();
    QVERIFY2(labelled.size() >= 10, qPrintable(QString::number(labelled.size())));
    checkRoundTicks(labelled, first, first + count - 1);
    const int step = labelled[1] - labelled[0];
    const QRect a = stack.cellGeometry(labelled[0], 0);
    const QRect b = stack.cellGeometry(labelled[1], 0);
    QVERIFY(b.center().x() - a.center().x() > stack.fontMetrics().horizontalAdvance(QStringLiteral("599")));
    QVERIFY(step <= 5);

    // The label row and the cells hold text: dark ink above each labelled column and in each cell.
    const QImage shot = stack.grab().toImage().convertToFormat(QImage::Format_RGB32);
    // Text is darker than `threshold`: group labels (grey for dead groups) on the white base, type
    // numbers (0x21, or 0x42 in dead groups) over cells and patterns (pattern pixels left out).
    const auto inkIn = [&](QRect area, int threshold, QRgb pattern = 0) {
        int n = 0;
        for (int y = area.top(); y <= area.bottom(); ++y)
            for (int x = area.left(); x <= area.right(); ++x)
                n += qGray(shot.pixel(x, y)) < threshold && !sameRgb(shot.pixel(x, y), pattern) ? 1 : 0;
        return n;
    };
    const int line = stack.fontMetrics().height();
    for (int g : labelled) {
        const QRect cell = stack.cellGeometry(g, 0);
        QVERIFY2(inkIn(QRect(cell.center().x() - 6, line + 2, 13, line), 170) > 3, qPrintable(QString::number(g)));
    }
    QVERIFY(stack.cellNumberFont(stack.cellGeometry(first, 0).size()).pointSizeF() >= StackView::kMinNumberPoints);
    for (int g = first; g < first + count; g += 7)
        for (int pos = 0; pos < scenario_.redundancy; ++pos)
            QVERIFY2(inkIn(stack.cellGeometry(g, pos).adjusted(2, 2, -2, -2), 110,
                           ClusterPalette::shardTypePatternColour(stack.displayedStack(g)[static_cast<std::size_t>(pos)]).rgb())
                         > 3,
                     qPrintable(QStringLiteral("group %1 p%2").arg(g).arg(pos)));
}

// No two types in the window share colour and pattern, consecutive types differ in hue, and each cell
// is drawn in its type's colour.
void TestLargeViews::typesInViewLookDistinct()
{
    auto views = makeViews(50'000.0);
    StackView& stack = views->stack;
    std::set<int> types;
    for (int g = stack.firstVisibleGroup(); g < stack.firstVisibleGroup() + stack.visibleGroupCount(); ++g)
        for (int t : stack.displayedStack(g))
            types.insert(t);
    QVERIFY(types.size() > 12);  // more than the old scheme's distinguishable colours
    QVERIFY(static_cast<int>(types.size()) <= ClusterPalette::kTypeLooks);
    std::map<std::pair<QRgb, int>, int> looks;
    for (int t : types) {
        const auto look = std::make_pair(ClusterPalette::shardType(t).rgb(), static_cast<int>(ClusterPalette::shardTypePattern(t)));
        QVERIFY2(looks.emplace(look, t).second, qPrintable(QStringLiteral("types %1 and %2").arg(looks[look]).arg(t)));
        if (types.contains(t + 1)) {
            const int hueGap = std::abs(ClusterPalette::shardType(t).hsvHue() - ClusterPalette::shardType(t + 1).hsvHue());
            QVERIFY2(std::min(hueGap, 360 - hueGap) >= 60, qPrintable(QString::number(t)));
        }
    }
    const QImage shot = stack.grab().toImage().convertToFormat(QImage::Format_RGB32);
    const PlaybackState& state = views->cursor.state();
    for (int g = stack.firstVisibleGroup(); g < stack.firstVisibleGroup() + stack.visibleGroupCount(); g += 5) {
        const GroupState st = state.snapshot().groupStates[static_cast<std::size_t>(g)];
        if (st == GroupState::Failed || st == GroupState::MaskedOut)
            continue;  // dead holders are drawn greyed
        for (int pos = 0; pos < scenario_.redundancy; ++pos) {
            const QRect cell = stack.cellGeometry(g, pos).adjusted(2, 2, -2, -2);
            const QRgb colour = ClusterPalette::shardType(stack.displayedStack(g)[static_cast<std::size_t>(pos)]).rgb();
            int n = 0;
            for (int y = cell.top(); y <= cell.bottom(); ++y)
                for (int x = cell.left(); x <= cell.right(); ++x)
                    n += sameRgb(shot.pixel(x, y), colour) ? 1 : 0;
            QVERIFY2(n > cell.width() * cell.height() / 4, qPrintable(QStringLiteral("group %1 p%2").arg(g).arg(pos)));
        }
    }
}

void TestLargeViews::tooltipNamesTypeAndHolders()
{
    auto views = makeViews(50'000.0);
    StackView& stack = views->stack;
    const PlaybackState& state = views->cursor.state();
    const int group = stack.firstVisibleGroup() + 5;
    const int position = 3;
    const int type = stack.displayedStack(group)[position];
    const QString text = stack.tooltipAt(stack.cellGeometry(group, position).center());
    QVERIFY2(text.startsWith(QStringLiteral("group %1, stack position p%2").arg(group).arg(position)), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("shard type %1\n").arg(type)), qPrintable(text));
    // Every holder, found by brute force over all stacks, is named with its position.
    int holders = 0;
    for (int g = 0; g < state.groups(); ++g) {
        const std::vector<int> s = state.stack(g);
        for (std::size_t p = 0; p < s.size(); ++p)
            if (s[p] == type) {
                ++holders;
                const QRegularExpression named(QStringLiteral("(groups |, )%1 \\(p%2[,)]").arg(g).arg(p));
                QVERIFY2(named.match(text).hasMatch(), qPrintable(text));
            }
    }
    QCOMPARE(holders, scenario_.redundancy);
    QVERIFY(stack.tooltipAt(QPoint(1, 1)).isEmpty());
}

// A range wider than fits at a readable width: the columns fold into runs a few pixels wide, and a
// dead group in a run stays visible.
void TestLargeViews::wideRangeFolds()
{
    auto views = makeViews(50'000.0);
    views->viewState.pickStackRange(0, 599);
    StackView& stack = views->stack;
    QCOMPARE(stack.visibleGroupCount(), 600);
    QVERIFY(stack.cellGeometry(300, 0).width() <= 3);
    QVERIFY(stack.labelledGroups().size() >= 5);
    const QImage shot = stack.grab().toImage().convertToFormat(QImage::Format_RGB32);
    QVERIFY(!shot.isNull());
    int dead = -1;
    for (int g = 0; g < 600 && dead < 0; ++g)
        if (views->cursor.state().snapshot().groupStates[static_cast<std::size_t>(g)] == GroupState::MaskedOut)
            dead = g;
    QVERIFY2(dead >= 0, "the run has masked-out groups by then");
    // The dead group's run is drawn greyed (low saturation) in its top cell.
    const QRect cell = stack.cellGeometry(dead, 0);
    const QColor drawn = QColor::fromRgb(shot.pixel(cell.center().x(), cell.top() + 3));
    QVERIFY2(drawn.hsvSaturationF() < 0.15, qPrintable(drawn.name()));
    // Hovering any group of that run names the dead group it shows and the run.
    const int neighbour = dead % 2 == 0 ? dead + 1 : dead - 1;
    const QString text = stack.tooltipAt(stack.cellGeometry(neighbour, 0).center());
    QVERIFY2(text.startsWith(QStringLiteral("group %1 (groups ").arg(dead)) && text.contains(QStringLiteral(" folded")),
             qPrintable(text));
}

// The window's View menu: "Stack view follows the action" (F) is checked until a click in the cluster
// view picks a range, and checks again on F; "," and "." page through the groups.
void TestLargeViews::viewMenuFollowsAndPages()
{
    MainWindow window;
    window.resize(1400, 900);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    const auto action = [&](const QString& text) -> QAction* {
        for (QAction* a : window.viewMenu()->actions())
            if (a->text().remove(QLatin1Char('&')) == text)
                return a;
        return nullptr;
    };
    QAction* follow = action(QStringLiteral("Stack view follows the action"));
    QAction* later = action(QStringLiteral("Stack view: later groups"));
    QAction* earlier = action(QStringLiteral("Stack view: earlier groups"));
    QVERIFY(follow && later && earlier);
    QCOMPARE(follow->shortcut(), QKeySequence(Qt::Key_F));
    QCOMPARE(later->shortcut(), QKeySequence(Qt::Key_Period));
    QCOMPARE(earlier->shortcut(), QKeySequence(Qt::Key_Comma));
    QVERIFY(follow->isCheckable() && follow->isChecked());

    ViewState* state = window.viewState();
    ClusterView* cluster = window.clusterView();
    QTRY_VERIFY(window.stackView()->visibleGroupCount() > 0);
    state->pickStackRange(2, 4);
    QVERIFY(!follow->isChecked());
    later->trigger();
    QCOMPARE(state->stackFirst(), 5);
    QCOMPARE(state->stackLast(), 7);
    QCOMPARE(window.stackView()->firstVisibleGroup(), 5);
    earlier->trigger();
    earlier->trigger();
    QCOMPARE(state->stackFirst(), 0);
    follow->trigger();
    QVERIFY(state->followsAction());
    QTest::mouseClick(cluster, Qt::LeftButton, {}, rowCentre(*cluster, 9));
    QVERIFY(!follow->isChecked());
    QVERIFY(state->stackFirst() <= 9 && 9 <= state->stackLast());
}

QTEST_MAIN(TestLargeViews)
#include "tst_ui_large_views.moc"
