// Presentation mode on a projector: screenshots of the main window at 1920x1080 and 1280x720 during
// the guided tour. Every text (menus, tour card, stack and cluster views, charts) is scaled by the
// one factor; the smallest (views' fonts, every label, button and tab on screen) is at least 20 px
// high (font metrics) and the stack view's row label at least 15 px of ink in the image; the tour
// card leaves the moved cell (or the failed group) it points at uncovered and its arrow ends inside
// it; every legend swatch stands out from the dark background.
#include "ui/MainWindow.h"
#include "ui/base/PresentationScale.h"
#include "ui/charts/ChartStyle.h"
#include "ui/charts/ProgressChart.h"
#include "ui/studio/PresentationMode.h"
#include "ui/tour/GuidedTour.h"
#include "ui/tour/TourController.h"
#include "ui/tour/TourOverlay.h"
#include "ui/views/ClusterView.h"
#include "ui/views/StackView.h"

#include <QAbstractButton>
#include <QApplication>
#include <QDir>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QStandardPaths>
#include <QTabBar>
#include <QTest>

#include <cmath>

using namespace spare;

namespace {

constexpr int kMinTextHeightPx = 20;     // QFontMetrics::height() of the smallest font drawn
constexpr int kMinRowLabelInkPx = 15;    // "S1 p0" from the top of the S to the bottom of the p
constexpr double kMinSwatchContrast = 3.0;  // WCAG 2 contrast ratio against the window background
constexpr int kFailureStep = 2;          // "3. A failure": the cluster view, the failed group's row
constexpr int kReorderStep = 4;          // "5. A reorder with moves": the stack view, a moved cell

// WCAG 2 relative luminance and contrast ratio.
double luminance(QColor colour)
{
    auto channel = [](double c) { return c <= 0.03928 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4); };
    return 0.2126 * channel(colour.redF()) + 0.7152 * channel(colour.greenF()) + 0.0722 * channel(colour.blueF());
}

double contrast(QColor a, QColor b)
{
    const double la = luminance(a);
    const double lb = luminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

// Rows of `area` holding a pixel much lighter than `background` (light text on the dark palette):
// from the first to the last, 0 when none.
int inkHeight(const QImage& image, const QRect& area, QColor background)
{
    int first = -1;
    int last = -1;
    for (int y = area.top(); y <= area.bottom(); ++y)
        for (int x = area.left(); x <= area.right(); ++x)
            if (qGray(image.pixel(x, y)) > qGray(background.rgb()) + 100) {
                first = first < 0 ? y : first;
                last = y;
                break;
            }
    return first < 0 ? 0 : last - first + 1;
}

int countColour(const QImage& image, const QRect& area, QRgb colour)
{
    int n = 0;
    for (int y = area.top(); y <= area.bottom(); ++y)
        for (int x = area.left(); x <= area.right(); ++x)
            n += (image.pixel(x, y) & 0xffffff) == (colour & 0xffffff);
    return n;
}

}  // namespace

class TestPresentation : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void chartsUseTheSameFactor()
    {
        const ChartStyle normal;
        QCOMPARE(ChartStyle::presentation().fontPointSize, normal.fontPointSize * kPresentationScale);
        QCOMPARE(ChartStyle::presentation().lineWidth, normal.lineWidth * kPresentationScale);
    }

    void projectorScreenshot_data()
    {
        QTest::addColumn<QSize>("screen");
        QTest::newRow("1920x1080") << QSize(1920, 1080);
        QTest::newRow("1280x720") << QSize(1280, 720);
    }

    void projectorScreenshot()
    {
        QFETCH(QSize, screen);
        const QFont normalFont = QApplication::font();
        const QFont normalMenuFont = QApplication::font("QMenu");
        MainWindow window;  // the tour brings its own scenario
        window.show();
        auto* guidedTour = window.findChild<GuidedTour*>();
        QVERIFY(guidedTour);
        auto* presentation = window.findChild<PresentationMode*>();
        QVERIFY(presentation);
        presentation->setActive(true);
        // The offscreen screen is smaller than a projector's: the window takes the projector's size.
        window.setWindowState(Qt::WindowNoState);
        window.resize(screen);
        QTRY_COMPARE(window.size(), screen);
        // Widgets follow the application font when the event loop runs.
        QTRY_COMPARE(window.stackView()->font().pointSizeF(), normalFont.pointSizeF() * kPresentationScale);

        TourController* tour = guidedTour->tour();
        tour->start();
        while (tour->currentIndex() < kReorderStep)
            tour->next();
        StackView* stack = window.stackView();
        QTRY_VERIFY(stack->markedMoveCount() > 0);
        const StackMove move = tour->state(kReorderStep).event.decision->stackMoves.front();
        const QRect movedCell(stack->mapTo(&window, stack->cellGeometry(move.group, move.toPosition).topLeft()),
                              stack->cellGeometry(move.group, move.toPosition).size());
        QVERIFY(movedCell.isValid());
        TourOverlay* overlay = tour->overlay();
        QTRY_COMPARE(overlay->focusRect(), QRectF(movedCell));
        QTRY_COMPARE(overlay->captionFont().pointSizeF(), normalFont.pointSizeF() * kPresentationScale);
        QTRY_VERIFY(!stack->animating());  // the moved cell has landed (and stays marked)
        QApplication::processEvents();     // the card follows the focus (queued)

        const QImage shot = window.grab().toImage().convertToFormat(QImage::Format_RGB32);
        QCOMPARE(shot.size(), screen);
        // Kept beside the test binary for a look after the run.
        const QString name = QDir(QCoreApplication::applicationDirPath())
                                 .filePath(QStringLiteral("presentation-%1x%2.png").arg(screen.width()).arg(screen.height()));
        QVERIFY(shot.save(name));

        // One factor: the application font, menus included, and so every view.
        QCOMPARE(QApplication::font().pointSizeF(), normalFont.pointSizeF() * kPresentationScale);
        QCOMPARE(window.viewMenu()->font().pointSizeF(), normalMenuFont.pointSizeF() * kPresentationScale);
        // The smallest text: every font the views draw with.
        const QRect cell = stack->cellGeometry(move.group, move.toPosition);
        const QList<QPair<const char*, QFont>> fonts = {
            {"menu", window.viewMenu()->font()},
            {"menu bar", window.menuBar()->font()},
            {"tour card", overlay->captionFont()},
            {"stack view labels", stack->font()},
            {"cell numbers", stack->cellNumberFont(cell.size())},
            {"cluster legend", window.clusterView()->font()},
            {"race chart ticks", window.findChild<ProgressChart*>()->axisLabelsFont()},
        };
        for (const auto& [what, font] : fonts) {
            const int height = QFontMetrics(font).height();
            qInfo("%s: %d px", what, height);
            QVERIFY2(height >= kMinTextHeightPx, what);
        }
        // And every label, button and tab bar on screen (status bar notices included).
        for (QWidget* widget : window.findChildren<QWidget*>()) {
            const bool text = qobject_cast<QLabel*>(widget) || qobject_cast<QAbstractButton*>(widget)
                              || qobject_cast<QTabBar*>(widget);
            if (text && widget->isVisible())
                QVERIFY2(QFontMetrics(widget->font()).height() >= kMinTextHeightPx,
                         qPrintable(QString::fromLatin1(widget->metaObject()->className()) + u' ' + widget->objectName()));
        }
        // Numbers are never smaller than the labels in these cells, larger where the cells are large.
        QVERIFY(stack->cellNumberFont(cell.size()).pointSizeF() >= stack->font().pointSizeF());
        if (cell.height() >= 3 * QFontMetrics(stack->font()).height())
            QVERIFY(stack->cellNumberFont(cell.size()).pointSizeF() > 1.2 * stack->font().pointSizeF());

        // The row label of the first position, measured in the stack view's image (no tour arrow).
        const QRect firstCell = stack->cellGeometry(stack->firstVisibleGroup(), 0);
        const QImage stackShot = stack->grab().toImage().convertToFormat(QImage::Format_RGB32);
        const QRect label(2, firstCell.top(), firstCell.left() - 8, firstCell.height());
        const int ink = inkHeight(stackShot, label, stack->palette().color(QPalette::Base));
        qInfo("row label ink: %d px; cell %dx%d", ink, cell.width(), cell.height());
        QVERIFY(ink >= kMinRowLabelInkPx);

        // The card leaves the moved cell visible and the arrow ends inside it.
        const QRect card = overlay->cardGeometry();
        qInfo("card %d,%d %dx%d; moved cell %d,%d %dx%d", card.x(), card.y(), card.width(), card.height(),
              movedCell.x(), movedCell.y(), movedCell.width(), movedCell.height());
        QVERIFY(!card.intersects(movedCell));
        QVERIFY(QRectF(movedCell).contains(overlay->arrowTip()));
        QVERIFY(window.rect().contains(card));

        // Every legend swatch stands out from the dark background, and is drawn in its colour.
        ClusterView* cluster = window.clusterView();
        const QColor background = cluster->palette().color(QPalette::Window);
        QCOMPARE(background, QColor(Qt::black));
        const int gridTop = cluster->gridRect().top();  // the legend is everything above the grid
        QVERIFY(gridTop >= cluster->fontMetrics().height());
        const QRect legend(cluster->mapTo(&window, QPoint(0, 0)), QSize(cluster->width(), gridTop));
        for (const ClusterView::LegendEntry& entry : ClusterView::legendEntries()) {
            const double ratio = contrast(QColor::fromRgb(entry.colour), background);
            qInfo("swatch %s: contrast %.2f", qPrintable(entry.label), ratio);
            QVERIFY2(ratio >= kMinSwatchContrast, qPrintable(entry.label));
            QVERIFY2(countColour(shot, legend, entry.colour) > 0, qPrintable(entry.label));
        }

        // The failure step: the card leaves the failed group's row of the cluster view visible.
        while (tour->currentIndex() > kFailureStep)
            tour->previous();
        const int failedGroup = tour->state(kFailureStep).event.group;
        const QRect row = cluster->groupRect(failedGroup);
        const QRect failedRow(cluster->mapTo(&window, row.topLeft()), row.size());
        QVERIFY(failedRow.isValid());
        QTRY_COMPARE(overlay->focusRect(), QRectF(failedRow));
        QApplication::processEvents();
        QVERIFY(!overlay->cardGeometry().intersects(failedRow));
        QVERIFY(QRectF(failedRow).contains(overlay->arrowTip()));

        tour->stop();
        presentation->setActive(false);
        QCOMPARE(QApplication::font(), normalFont);
        QCOMPARE(QApplication::font("QMenu"), normalMenuFont);
    }
};

QTEST_MAIN(TestPresentation)
#include "tst_ui_presentation.moc"
