// The level-of-detail cluster drawing agrees with the per-GPU colours, keeps a single failed GPU
// visible when thousands of GPUs fold into one pixel, and the widget shows the state colours.
#include "ui/playback/PlaybackCursor.h"
#include "ui/views/ClusterImageRenderer.h"
#include "ui/views/ClusterPalette.h"
#include "ui/views/ClusterView.h"

#include <QTest>

using namespace spare;

namespace {

Scenario shape(int groups, int gpus, int r)
{
    Scenario s;
    s.groups = groups;
    s.gpusPerGroup = gpus;
    s.redundancy = r;
    s.layout = "consecutive";
    return s;
}

Event failure(double t, int group, int gpu)
{
    Event e;
    e.time = t;
    e.kind = EventKind::Failure;
    e.group = group;
    e.gpu = gpu;
    return e;
}

int countColour(const QImage& image, QRgb colour)
{
    int n = 0;
    for (int y = 0; y < image.height(); ++y) {
        const auto* line = reinterpret_cast<const QRgb*>(image.constScanLine(y));
        for (int x = 0; x < image.width(); ++x)
            n += (line[x] & 0xffffff) == (colour & 0xffffff);
    }
    return n;
}

}  // namespace

class TestClusterView : public QObject {
    Q_OBJECT
private slots:
    void fullDetailMatchesCellColours();
    void foldedKeepsFailedGpu();
    void widgetShowsStateColours();
    void widgetDrawsDomainBoundaries();
    void domainFailureFlashesOneBlock_data();
    void domainFailureFlashesOneBlock();
    void rejoinFlashesTheGroupComingBack();
    void policyEventsShowBannerAndBand_data();
    void policyEventsShowBannerAndBand();
};

void TestClusterView::fullDetailMatchesCellColours()
{
    const Scenario s = shape(12, 20, 3);
    auto layout = std::make_shared<const Layout>(Layout::consecutive(12, 3));
    PlaybackState state(s, layout);
    Event compute;
    compute.kind = EventKind::StackCompute;
    compute.value = 1;
    state.apply(compute);
    state.apply(failure(1.0, 5, 7));
    state.apply(failure(1.0, 9, 0));
    Event shrink;
    shrink.kind = EventKind::Shrink;
    state.apply(shrink);  // both become masked out
    state.apply(failure(2.0, 2, 19));

    // 3 x 4 pixel cells: every pixel equals its cell's colour (no separators below 5 px).
    QImage image(20 * 3, 12 * 4, QImage::Format_RGB32);
    ClusterImageRenderer::render(image, state, ClusterViewport{3.0, 4.0, 0.0, 0.0});
    for (int g = 0; g < 12; ++g)
        for (int c = 0; c < 20; ++c)
            QCOMPARE(image.pixel(c * 3 + 1, g * 4 + 2) & 0xffffff,
                     ClusterImageRenderer::cellColor(state, g, c, false) & 0xffffff);
    QCOMPARE(state.snapshot().groupStates[5], GroupState::MaskedOut);
    QCOMPARE(state.snapshot().groupStates[2], GroupState::Failed);
    QCOMPARE(ClusterImageRenderer::cellColor(state, 5, 7, false), ClusterPalette::failedGpu());
    QCOMPARE(ClusterImageRenderer::cellColor(state, 0, 0, false), ClusterPalette::computing(1));
}

void TestClusterView::foldedKeepsFailedGpu()
{
    // The paper's N = 600 x M = 1000 drawn into 500 x 300 pixels: 2 groups and 2 GPUs per pixel.
    const Scenario s = shape(600, 1000, 8);
    auto layout = std::make_shared<const Layout>(Layout::consecutive(600, 8));
    PlaybackState state(s, layout);
    state.apply(failure(1.0, 301, 555));
    QImage image(500, 300, QImage::Format_RGB32);
    ClusterImageRenderer::render(image, state, ClusterViewport{0.5, 0.5, 0.0, 0.0});
    QCOMPARE(image.pixel(277, 150) & 0xffffff, ClusterPalette::failedGpu() & 0xffffff);
    QCOMPARE(image.pixel(10, 150) & 0xffffff, ClusterPalette::state(GroupState::Failed) & 0xffffff);
    std::vector<std::uint8_t> flashing(600, 0);
    flashing[301] = 1;
    ClusterImageRenderer::render(image, state, ClusterViewport{0.5, 0.5, 0.0, 0.0}, flashing);
    QCOMPARE(image.pixel(10, 150) & 0xffffff, ClusterPalette::failureFlash() & 0xffffff);
    QCOMPARE(countColour(image, ClusterPalette::state(GroupState::Idle)), 500 * 299);
}

void TestClusterView::widgetShowsStateColours()
{
    const Scenario s = shape(40, 64, 3);
    auto layout = std::make_shared<const Layout>(Layout::consecutive(40, 3));
    PlaybackCursor cursor;
    cursor.reset(s, layout);
    auto chunk = std::make_shared<RecordingChunk>();
    Event compute;
    compute.kind = EventKind::StackCompute;
    chunk->events.push_back(compute);
    chunk->events.push_back(failure(1.0, 3, 10));
    Event shrink;
    shrink.kind = EventKind::Shrink;
    shrink.time = 2.0;
    chunk->events.push_back(shrink);
    chunk->last = true;
    cursor.append(chunk);
    cursor.seekToEvent(3);

    ClusterView view(&cursor);
    view.resize(640, 422);
    const QImage shot = view.grab().toImage().convertToFormat(QImage::Format_RGB32);
    QVERIFY(countColour(shot, ClusterPalette::computing(0)) > 100000);
    QVERIFY(countColour(shot, ClusterPalette::state(GroupState::MaskedOut)) > 5000);
    QVERIFY(countColour(shot, ClusterPalette::failedGpu()) > 50);
    // The grid starts below the legend, which wraps onto a second line at this width, right of the
    // group axis and above the GPU axis.
    const QRect grid = view.gridRect();
    int gridTop = 0;
    while (gridTop < view.height() && view.cellAt(QPointF(grid.left(), gridTop)) == QPoint(-1, -1))
        ++gridTop;
    QCOMPARE(gridTop, grid.top());
    QCOMPARE(view.cellAt(grid.topLeft()), QPoint(0, 0));
    QVERIFY(gridTop > view.fontMetrics().height() && gridTop <= 2 * (view.fontMetrics().height() + 6));
    QVERIFY(grid.left() > view.fontMetrics().horizontalAdvance(QStringLiteral("88")));
    QVERIFY(grid.bottom() < view.height() - view.fontMetrics().height());
    QCOMPARE(view.cellAt(grid.bottomRight()), QPoint(39, 63));
    QCOMPARE(view.cellAt(QPointF(grid.left() - 1, grid.top())), QPoint(-1, -1));
}

void TestClusterView::widgetDrawsDomainBoundaries()
{
    // 64 GPUs per group, 8 per node, 16 nodes per rack, 4 racks per pod: a rack every 2 groups, a pod every 8.
    Scenario s = shape(40, 64, 3);
    s.topology = Topology{8, 16, 4, "contiguous", DomainLevel::Rack};
    auto layout = std::make_shared<const Layout>(Layout::consecutive(40, 3));
    PlaybackCursor cursor;
    cursor.reset(s, layout);
    ClusterView view(&cursor);
    view.resize(640, 422);
    const QImage shot = view.grab().toImage().convertToFormat(QImage::Format_RGB32);
    // Where each group's row starts, below the legend (whose height follows the font).
    const auto rowTop = [&](int group) {
        int y = 0;
        while (y < view.height() && view.cellAt(QPointF(300, y)).x() != group)
            ++y;
        return y;
    };
    const QRgb line = qRgb(0x20, 0x20, 0x20) & 0xffffff;
    // Line pixels around a row boundary (the grid may start at a fractional y, so a line can fall on
    // the pixel just above the row's first).
    const auto linePixels = [&](int group) {
        int count = 0;
        for (int y = rowTop(group) - 2; y <= rowTop(group) + 1; ++y)
            count += (shot.pixel(300, y) & 0xffffff) == line ? 1 : 0;
        return count;
    };
    QCOMPARE(linePixels(2), 1);  // rack 0 | rack 1: one pixel
    QCOMPARE(linePixels(3), 0);  // inside rack 1
    QVERIFY(linePixels(8) >= 2);  // pod 0 | pod 1: a thicker line
    // Group 5, GPU 10 is GPU 330 of the cluster: node 41, rack 2, pod 0.
    QVERIFY2(view.tooltipFor(QPoint(5, 10)).contains(QStringLiteral("node 41, rack 2, pod 0")),
             qPrintable(view.tooltipFor(QPoint(5, 10))));

    PlaybackCursor plain;
    plain.reset(shape(40, 64, 3), layout);
    ClusterView withoutTopology(&plain);
    QVERIFY(!withoutTopology.tooltipFor(QPoint(5, 10)).contains(QStringLiteral(", rack ")));
}

void TestClusterView::domainFailureFlashesOneBlock_data()
{
    QTest::addColumn<bool>("fromRack");
    QTest::addRow("rack failure") << true;
    QTest::addRow("two group failures") << false;
}

void TestClusterView::domainFailureFlashesOneBlock()
{
    // A rack every 2 groups: rack 2 holds groups 4 and 5. Both fail at t = 1, from one rack firing (one
    // shared origin) or as two independent group failures.
    QFETCH(bool, fromRack);
    Scenario s = shape(40, 64, 3);
    s.topology = Topology{8, 16, 4, "contiguous", DomainLevel::Rack};
    auto layout = std::make_shared<const Layout>(Layout::consecutive(40, 3));
    PlaybackCursor cursor;
    cursor.reset(s, layout);
    auto origin = std::make_shared<FailureOrigin>();
    origin->category = "network switch/cable";
    origin->level = DomainLevel::Rack;
    origin->domain = 2;
    auto chunk = std::make_shared<RecordingChunk>();
    for (int group : {4, 5}) {
        Event e = failure(1.0, group, 10);
        if (fromRack)
            e.origin = origin;
        chunk->events.push_back(e);
    }
    chunk->last = true;
    cursor.append(chunk);
    ClusterView view(&cursor);
    view.resize(640, 422);
    // Each failure on a frame of its own (within one frame only the latest group would be marked).
    for (qint64 ms : {0, 50}) {
        view.animationClock()->setFrameTime(ms);
        QVERIFY(cursor.stepEvent());
    }
    view.animationClock()->setFrameTime(150);  // mid-flash
    const QImage shot = view.grab().toImage().convertToFormat(QImage::Format_RGB32);
    const auto rowTop = [&](int group) {
        int y = 0;
        while (y < view.height() && view.cellAt(QPointF(view.gridRect().left() + 1, y)).x() != group)
            ++y;
        return y;
    };
    // A column far from the failed GPUs' rings (GPU 10): only outlines cross it.
    const int x = view.groupRect(0).left() + static_cast<int>(50.5 * view.groupRect(0).width() / 64.0);
    const auto flashNear = [&](int y) {
        for (int dy = -2; dy <= 1; ++dy)
            if ((shot.pixel(x, y + dy) & 0xffffff) == (ClusterPalette::failureFlash() & 0xffffff))
                return true;
        return false;
    };
    QVERIFY(flashNear(rowTop(4)));  // the top edge of group 4 (the rack's first)
    QVERIFY(flashNear(rowTop(6)));  // the bottom edge of group 5 (its last)
    // One block: no edge between the rack's two groups; separate failures outline each group.
    QCOMPARE(flashNear(rowTop(5)), !fromRack);
    QCOMPARE(view.flashingGroups(), fromRack ? 0 : 2);
}

void TestClusterView::rejoinFlashesTheGroupComingBack()
{
    // Group 4 fails at t = 1 and comes back (repair rejoin) at t = 2.
    Scenario s = shape(40, 64, 3);
    auto layout = std::make_shared<const Layout>(Layout::consecutive(40, 3));
    PlaybackCursor cursor;
    cursor.reset(s, layout);
    auto chunk = std::make_shared<RecordingChunk>();
    chunk->events.push_back(failure(1.0, 4, 10));
    Event rejoin;
    rejoin.time = 2.0;
    rejoin.kind = EventKind::Rejoin;
    rejoin.group = 4;
    chunk->events.push_back(rejoin);
    chunk->last = true;
    cursor.append(chunk);
    ClusterView view(&cursor);
    view.resize(640, 422);
    const QRgb violet = ClusterPalette::rejoinFlash();
    // The grid alone.
    const auto shot = [&view] { return view.grab().toImage().convertToFormat(QImage::Format_RGB32).copy(view.gridRect()); };

    view.animationClock()->setFrameTime(0);
    QVERIFY(cursor.stepEvent());  // the failure: red, no violet
    view.animationClock()->setFrameTime(20);
    QCOMPARE(countColour(shot(), violet), 0);

    view.animationClock()->setFrameTime(700);  // the failure's flash is over
    QVERIFY(cursor.stepEvent());                // the rejoin
    view.animationClock()->setFrameTime(850);   // mid-flash
    const QImage during = shot();
    QVERIFY(countColour(during, violet) > 0);
    // Every violet pixel is on the outline closing in on group 4's row (at most 12 px outside it).
    const QRect row = view.groupRect(4).translated(-view.gridRect().topLeft());
    for (int y = 0; y < during.height(); ++y)
        for (int x = 0; x < during.width(); ++x)
            if ((during.pixel(x, y) & 0xffffff) == (violet & 0xffffff))
                QVERIFY2(y >= row.top() - 14 && y <= row.bottom() + 14, qPrintable(QStringLiteral("y = %1").arg(y)));

    view.animationClock()->setFrameTime(1400);  // over
    QCOMPARE(countColour(shot(), violet), 0);
}

void TestClusterView::policyEventsShowBannerAndBand_data()
{
    QTest::addColumn<int>("policy");
    QTest::addColumn<int>("kind");
    QTest::addColumn<int>("value");
    QTest::addColumn<QString>("banner");
    QTest::addColumn<QString>("band");
    QTest::newRow("elastic: a group leaves") << int(Policy::Elastic) << int(EventKind::Reconfigure) << 39
                                             << "failed group leaves: the batch shrinks to 39 / 40 groups"
                                             << "batch 39 / 40 groups (97.5%)";
    QTest::newRow("rebalance") << int(Policy::Rebalance) << int(EventKind::Reconfigure) << 39
                               << "re-balanced: 39 groups share the work of 40" << "work per group 40 / 39 = 1.026 x";
    QTest::newRow("restore from memory") << int(Policy::Ckpt) << int(EventKind::Restore) << 1
                                         << "restart loads the in-memory checkpoint of step 0" << "";
    QTest::newRow("restore from storage") << int(Policy::Ckpt) << int(EventKind::Restore) << 0
                                          << "every copy of a shard lost: restart loads step 0 from storage" << "";
}

// The events the alternative policies add: a banner over the grid for a moment, and under the grid the
// elastic batch bar or the re-balanced work per group (none for the paper's policies).
void TestClusterView::policyEventsShowBannerAndBand()
{
    QFETCH(int, policy);
    QFETCH(int, kind);
    QFETCH(int, value);
    QFETCH(QString, banner);
    QFETCH(QString, band);
    Scenario s = shape(40, 64, 1);
    s.policy = static_cast<Policy>(policy);
    PlaybackCursor cursor;
    cursor.reset(s, std::make_shared<const Layout>(Layout::consecutive(40, 1)));
    auto chunk = std::make_shared<RecordingChunk>();
    chunk->events.push_back(failure(1.0, 4, 10));
    Event e;
    e.time = 2.0;
    e.kind = static_cast<EventKind>(kind);
    e.value = value;
    chunk->events.push_back(e);
    chunk->last = true;
    cursor.append(chunk);
    ClusterView view(&cursor);
    view.resize(640, 422);
    view.animationClock()->setFrameTime(0);
    QVERIFY(cursor.stepEvent());
    QVERIFY(view.bannerText().isEmpty());
    view.animationClock()->setFrameTime(700);
    QVERIFY(cursor.stepEvent());
    view.animationClock()->setFrameTime(800);
    QCOMPARE(view.bannerText(), banner);
    QCOMPARE(view.policyBandText(), band);
    const auto shot = [&view] { return view.grab().toImage().convertToFormat(QImage::Format_RGB32); };
    const QImage during = shot();
    view.animationClock()->setFrameTime(800 + 3 * 600);
    QVERIFY(view.bannerText().isEmpty());
    const QImage after = shot();
    QVERIFY(during.copy(view.gridRect()) != after.copy(view.gridRect()));  // the banner was over the grid
    // The band (below the grid's GPU axis) is drawn in the live-batch colour for both shrinking policies.
    const QImage below = after.copy(0, view.gridRect().bottom() + 1, after.width(), after.height() - view.gridRect().bottom() - 1);
    QCOMPARE(countColour(below, ClusterPalette::liveBatch()) > 0, !band.isEmpty());
}

QTEST_MAIN(TestClusterView)
#include "tst_ui_cluster_view.moc"
