// The Layout tab: its item models under QAbstractItemModelTester, typed and dragged offsets updating the
// properties, the overlap matrix against a direct count, the trade-off CSV against the engine, the
// background Monte-Carlo (signals, cancel, a newer edit superseding an older one) and the window's
// statement of a non-independent layout.
#include "engine/analysis/ClosedForms.h"
#include "engine/layout/Layout.h"
#include "engine/layout/LayoutOverlap.h"
#include "engine/sim/ScenarioJson.h"
#include "ui/MainWindow.h"
#include "ui/charts/ChartExporter.h"
#include "ui/layoutlab/BlockMatrixView.h"
#include "ui/layoutlab/DifferenceTableModel.h"
#include "ui/layoutlab/LayoutComparisonModel.h"
#include "ui/layoutlab/LayoutLab.h"
#include "ui/layoutlab/LayoutLabCharts.h"
#include "ui/layoutlab/LayoutLabIntegration.h"
#include "ui/layoutlab/LayoutLabView.h"
#include "ui/layoutlab/LayoutRefiner.h"
#include "ui/layoutlab/RulerWidget.h"

#include <QAbstractItemModelTester>
#include <QLineEdit>
#include <QProgressBar>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QtTest>

#include <set>

using namespace spare;

namespace {

Scenario scenarioFile(const char* name)
{
    return loadScenarioFile(std::string(SPARE_SOURCE_DIR "/scenarios/") + name);
}

Scenario shaped(int groups, int redundancy, const std::string& layout = "golomb")
{
    Scenario s = scenarioFile("teaching-12.json");
    s.groups = groups;
    s.redundancy = redundancy;
    s.layout = layout;
    return s;
}

int directShared(const Layout& l, int a, int b)
{
    const std::set<int> sa(l.stack(a).begin(), l.stack(a).end());
    int shared = 0;
    for (int t : l.stack(b))
        shared += sa.count(t) > 0 ? 1 : 0;
    return shared;
}

QStringList csvLines(const QString& text)
{
    return text.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
}

void waitUntilRefined(LayoutLab& lab)
{
    QTRY_VERIFY_WITH_TIMEOUT(lab.allRefined() && !lab.refiner()->running(), 60000);
}

}  // namespace

class TestLayoutLab : public QObject {
    Q_OBJECT
private slots:
    void modelsPassTheTester()
    {
        LayoutLab lab;
        LayoutComparisonModel comparison(&lab);
        QAbstractItemModelTester comparisonTester(&comparison, QAbstractItemModelTester::FailureReportingMode::QtTest);
        DifferenceTableModel differences;
        QAbstractItemModelTester differencesTester(&differences, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QVERIFY(lab.setScenario(shaped(20, 4)));
        QCOMPARE(comparison.rowCount(), 3);
        QCOMPARE(comparison.columnCount(), int(LayoutComparisonModel::ColumnCount));
        differences.setOffsets(lab.candidate(LayoutCandidate::Role::Golomb).offsets, 20);
        QCOMPARE(differences.rowCount(), 6);
        QCOMPARE(differences.repeatedCount(), 0);
        differences.setOffsets({0, 1, 2, 3}, 20);
        QCOMPARE(differences.repeatedCount(), 5);  // only 0-3 occurs once
        QString error;
        QVERIFY(lab.setCustomOffsetsText(QStringLiteral("0 2 3 7"), &error));
        QVERIFY(lab.setShape(21, 3, &error));
        waitUntilRefined(lab);
        const QModelIndex consecutive = comparison.index(1, LayoutComparisonModel::IndependentColumn);
        QCOMPARE(comparison.data(consecutive).toString(), QStringLiteral("no"));
        QVERIFY(comparison.data(comparison.index(1, LayoutComparisonModel::MuColumn)).toString().contains(QStringLiteral("exact")));
    }

    void typedOffsetsUpdatePropertiesAtOnce()
    {
        LayoutLabView view;
        view.setScenario(shaped(12, 3));
        QCOMPARE(view.shownRole(), LayoutCandidate::Role::Golomb);
        QVERIFY(view.differenceSummary().contains(QStringLiteral("at most one type")));
        QTest::keyClicks(view.offsetsEdit(), QString());  // focus only
        view.offsetsEdit()->clear();
        QTest::keyClicks(view.offsetsEdit(), QStringLiteral("0 1 2"));
        QCOMPARE(view.message(), QString());
        QCOMPARE(view.shownRole(), LayoutCandidate::Role::Custom);
        const LayoutCandidate& custom = view.lab()->candidate(LayoutCandidate::Role::Custom);
        QCOMPARE(custom.offsets, (std::vector<int>{0, 1, 2}));
        QCOMPARE(custom.maxOverlap(), 2);
        QCOMPARE(view.differences()->repeatedCount(), 2);
        QVERIFY(view.differenceSummary().contains(QStringLiteral("share up to 2 types")));
        QVERIFY(!custom.figures.mu);  // not independent: no closed-form mu until the Monte-Carlo (or exact) arrives

        view.offsetsEdit()->clear();
        QTest::keyClicks(view.offsetsEdit(), QStringLiteral("0 1 12"));
        QVERIFY2(view.message().contains(QStringLiteral("'12'")) && view.message().contains(QStringLiteral("0 .. 11")),
                 qPrintable(view.message()));
        view.offsetsEdit()->clear();
        QTest::keyClicks(view.offsetsEdit(), QStringLiteral("0 4 4"));
        QVERIFY(view.message().contains(QStringLiteral("offset 4 is given twice")));
        view.offsetsEdit()->clear();
        QTest::keyClicks(view.offsetsEdit(), QStringLiteral("0 4"));
        QVERIFY(view.message().contains(QStringLiteral("r = 3")));
        // The last valid offsets stay in force.
        QCOMPARE(view.lab()->candidate(LayoutCandidate::Role::Custom).offsets, (std::vector<int>{0, 1, 2}));

        QString error;
        QVERIFY(!view.lab()->setShape(12, 13, &error));
        QVERIFY(error.contains(QStringLiteral("r = 13")) && error.contains(QStringLiteral("2 .. 12")));
        QVERIFY(!view.lab()->setShape(LayoutLabSettings::kMaxGroups + 1, 3, &error));
        QVERIFY(error.contains(QStringLiteral("N = %1").arg(LayoutLabSettings::kMaxGroups + 1)));
    }

    void draggingAMarkMovesTheOffset()
    {
        LayoutLabView view;
        view.resize(1200, 800);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.setScenario(shaped(40, 4));
        RulerWidget* ruler = view.ruler();
        const std::vector<int> before = ruler->offsets();
        QCOMPARE(before, view.lab()->candidate(LayoutCandidate::Role::Golomb).offsets);
        QSignalSpy edited(ruler, &RulerWidget::offsetsEdited);
        const QPoint from = ruler->markPosition(3);
        int target = -1;
        QPoint to;
        for (int x = from.x() + 1; x < ruler->width(); ++x)
            if (const int v = ruler->valueAt(x); v > before[3] && std::find(before.begin(), before.end(), v) == before.end()) {
                target = v;
                to = QPoint(x, from.y());
                break;
            }
        QVERIFY(target > 0);
        QTest::mousePress(ruler, Qt::LeftButton, Qt::NoModifier, from);
        QMouseEvent move(QEvent::MouseMove, QPointF(to), ruler->mapToGlobal(QPointF(to)), Qt::NoButton, Qt::LeftButton,
                         Qt::NoModifier);
        QApplication::sendEvent(ruler, &move);
        QTest::mouseRelease(ruler, Qt::LeftButton, Qt::NoModifier, to);
        QCOMPARE(edited.count(), 1);
        std::vector<int> expected = before;
        expected[3] = target;
        QCOMPARE(view.shownRole(), LayoutCandidate::Role::Custom);
        const LayoutCandidate& custom = view.lab()->candidate(LayoutCandidate::Role::Custom);
        QCOMPARE(custom.offsets, expected);
        QCOMPARE(ruler->offsets(), expected);
        // Properties follow the drag at once: the overlap equals a direct count on the new layout.
        int maxShared = 0;
        for (int b = 1; b < 40; ++b)
            maxShared = std::max(maxShared, directShared(*custom.layout, 0, b));
        QCOMPARE(custom.maxOverlap(), maxShared);
    }

    void overlapMatrixMatchesADirectCount()
    {
        for (const char* name : {"consecutive", "golomb"}) {
            LayoutLab lab;
            QVERIFY(lab.setScenario(shaped(24, 4, name)));
            const LayoutCandidate& c = lab.candidate(lab.scenarioRole());
            const ChartSpec spec = LayoutLabCharts::overlapMatrix(c);
            QCOMPARE(spec.heatMap.rows, 24);
            for (int a = 0; a < 24; ++a)
                for (int b = 0; b < 24; ++b)
                    QCOMPARE(spec.heatMap.values[a * 24 + b], a == b ? 0 : directShared(*c.layout, a, b));
            // Consecutive: the band next to the diagonal holds r - 1; golomb: never more than one.
            if (QLatin1String(name) == QLatin1String("consecutive"))
                QCOMPARE(spec.heatMap.values[0 * 24 + 1], 3);
            else
                QCOMPARE(*std::max_element(spec.heatMap.values.begin(), spec.heatMap.values.end()), 1);
            const QStringList lines = csvLines(ChartExporter::csvText(spec));
            QCOMPARE(lines.front(), QStringLiteral("row_first,row_last,column_first,column_last,max_shared"));
            QCOMPARE(lines.size(), 1 + 24 * 24);
            QCOMPARE(lines[2], QStringLiteral("0,0,1,1,%1").arg(directShared(*c.layout, 0, 1)));
        }
        // The on-screen heat map shows the same cells.
        LayoutLabView view;
        view.resize(1400, 900);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.setScenario(shaped(12, 3, "consecutive"));
        BlockMatrixView* matrix = view.overlapView();
        matrix->show();
        QVERIFY(QTest::qWaitForWindowExposed(matrix));
        const Layout& layout = *view.lab()->candidate(LayoutCandidate::Role::Consecutive).layout;
        const int side = std::min(matrix->width(), matrix->height() - 20);
        const double cell = side / 12.0;
        const double left = (matrix->width() - side) / 2.0;
        for (int a = 0; a < 12; ++a)
            for (int b = 0; b < 12; ++b)
                QCOMPARE(matrix->valueAt(QPointF(left + (b + 0.5) * cell, 20 + (a + 0.5) * cell)),
                         a == b ? 0 : directShared(layout, a, b));
    }

    void largeMatricesAggregateAndZoom()
    {
        LayoutLab lab;
        QVERIFY(lab.setScenario(shaped(1000, 10, "consecutive")));
        const LayoutCandidate& c = lab.candidate(LayoutCandidate::Role::Consecutive);
        const ChartSpec spec = LayoutLabCharts::overlapMatrix(c);
        QCOMPARE(spec.heatMap.rows, LayoutLabCharts::kMatrixBlocks);
        QCOMPARE(spec.heatMap.values[0], 9);  // block (0, 0) holds the pair (0, 1)
        BlockMatrixView view;
        view.resize(300, 320);
        const auto overlap = c.overlap;
        view.setMatrix([overlap](MatrixWindow w, int rows, int columns) { return overlap->blockMaxima(w, rows, columns); },
                       1000, LayoutLabCharts::overlapColors(10), LayoutLabCharts::overlapNames(10), QStringLiteral("group"),
                       QStringLiteral("group"));
        QCOMPARE(view.window().rows, 1000);
        view.zoomAt(QPointF(150, 170), 0.5);
        QVERIFY(view.window().rows < 1000 && view.window().rows >= 400);
        for (int i = 0; i < 10; ++i)
            view.zoomAt(QPointF(150, 170), 0.5);
        QCOMPARE(view.window().rows, 4);
        view.fit();
        QCOMPARE(view.window().columns, 1000);
    }

    void tradeoffCsvHasTheColumnsAndTheEngineValues()
    {
        LayoutLab lab;
        const Scenario scenario = scenarioFile("teaching-12.json");
        QVERIFY(lab.setScenario(scenario));
        lab.refineNow();
        QVERIFY(lab.allRefined());
        const ChartSpec spec = LayoutLabCharts::tradeoff(lab.candidates(), lab.settings());
        const QString csv = ChartExporter::csvText(spec);
        const QStringList lines = csvLines(csv);
        QCOMPARE(lines.front(), QStringLiteral("layout,independent,max_overlap,mu,mu_ci_low,mu_ci_high,s_bar,s_bar_ci_low,"
                                               "s_bar_ci_high,ttt_ratio_model"));
        QCOMPARE(lines.size(), 3);  // the custom layout equals golomb: one row
        const int n = scenario.groups;
        const int r = scenario.redundancy;
        MonteCarloOptions options;
        options.trials = LayoutLabSettings::kTrials;
        options.seed = scenario.seed;
        options.device = Device::Cpu;
        const MonteCarloResult golomb = MonteCarlo::run(Layout::golomb(n, r), options);
        const MonteCarloResult consecutive = MonteCarlo::run(Layout::consecutive(n, r), options);
        const double exactMu = *muExactConsecutive(n, r);
        const auto num = [](double v) { return QString::number(v, 'g', 10); };
        QCOMPARE(lines[1], QStringList({QStringLiteral("golomb"), QStringLiteral("true"), QStringLiteral("1"), num(golomb.mu),
                                        num(golomb.muCi95.low), num(golomb.muCi95.high), num(golomb.sbar),
                                        num(golomb.sbarCi95.low), num(golomb.sbarCi95.high),
                                        num(tttRatio(golomb.sbar, golomb.mu, scenario.systemMtbfS,
                                                     scenario.checkpointWriteS, scenario.restartS))})
                                 .join(QLatin1Char(',')));
        QCOMPARE(lines[2], QStringList({QStringLiteral("consecutive"), QStringLiteral("false"),
                                        QString::number(Layout::consecutive(n, r).maxOverlap()), num(exactMu), num(exactMu),
                                        num(exactMu), num(consecutive.sbar), num(consecutive.sbarCi95.low),
                                        num(consecutive.sbarCi95.high),
                                        num(tttRatio(consecutive.sbar, exactMu, scenario.systemMtbfS,
                                                     scenario.checkpointWriteS, scenario.restartS))})
                                 .join(QLatin1Char(',')));
        // The same settings give the same file; every format writes.
        LayoutLab again;
        again.setScenario(scenario);
        again.refineNow();
        QCOMPARE(ChartExporter::csvText(LayoutLabCharts::tradeoff(again.candidates(), again.settings())), csv);
        QTemporaryDir dir;
        for (const char* ext : {"png", "svg", "pdf", "csv"}) {
            const QString path = dir.filePath(QStringLiteral("tradeoff.") + QLatin1String(ext));
            QString error;
            QVERIFY2(ChartExporter::writeByExtension(spec, path, &error), qPrintable(error));
            QVERIFY(QFileInfo(path).size() > 100);
        }
        QVERIFY(LayoutLabCharts::tradeoffExplanation(lab.candidates()).contains(QStringLiteral("model TTT/T0")));
    }

    void aScenarioLayoutFileIsTheCustomLayout()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("ruler-0-2-5.json"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        QStringList stacks;
        for (int w = 0; w < 12; ++w)
            stacks << QStringLiteral("[%1, %2, %3]").arg(w).arg((w + 2) % 12).arg((w + 5) % 12);
        file.write(QStringLiteral("{\"stacks\": [%1]}").arg(stacks.join(QStringLiteral(", "))).toUtf8());
        file.close();
        Scenario scenario = shaped(12, 3, path.toStdString());
        LayoutLab lab;
        QVERIFY(lab.setScenario(scenario));
        QCOMPARE(lab.scenarioProblem(), QString());
        QCOMPARE(lab.scenarioRole(), LayoutCandidate::Role::Custom);
        const LayoutCandidate& custom = lab.candidate(LayoutCandidate::Role::Custom);
        QCOMPARE(custom.offsets, (std::vector<int>{0, 2, 5}));
        lab.refineNow();
        const QStringList lines = csvLines(ChartExporter::csvText(LayoutLabCharts::tradeoff(lab.candidates(), lab.settings())));
        QCOMPARE(lines.size(), 4);
        QVERIFY(lines[3].startsWith(QStringLiteral("ruler-0-2-5,true,1,")));

        scenario.layout = dir.filePath(QStringLiteral("missing.json")).toStdString();
        QVERIFY(lab.setScenario(scenario));
        QVERIFY(lab.scenarioProblem().contains(QStringLiteral("missing.json")));
        QCOMPARE(lab.scenarioRole(), LayoutCandidate::Role::Golomb);
        lab.refiner()->cancel();
    }

    void monteCarloRefinesInTheBackground()
    {
        LayoutLab lab;
        QSignalSpy refined(&lab, &LayoutLab::candidateRefined);
        QSignalSpy progress(lab.refiner(), &LayoutRefiner::progress);
        QSignalSpy finished(lab.refiner(), &LayoutRefiner::finished);
        QVERIFY(lab.setScenario(shaped(30, 4)));
        // The cheap properties are there before any refinement.
        QVERIFY(lab.candidate(LayoutCandidate::Role::Golomb).figures.mu);
        QCOMPARE(lab.candidate(LayoutCandidate::Role::Golomb).figures.muSource, QStringLiteral("asymptotic"));
        QVERIFY(lab.refiner()->running());
        QVERIFY(finished.wait(60000));
        QCOMPARE(finished.last().at(0).toBool(), false);
        QCOMPARE(refined.count(), 3);  // custom (= golomb) and golomb from one job, consecutive
        QVERIFY(progress.count() >= 2);
        const auto last = progress.last();
        QCOMPARE(last.at(0).toULongLong(), last.at(1).toULongLong());
        for (const LayoutCandidate& c : lab.candidates())
            QVERIFY(c.figures.sbar && c.figures.mu && c.figures.tttRatio);
        QCOMPARE(lab.candidate(LayoutCandidate::Role::Consecutive).figures.muSource, QStringLiteral("exact"));
        // Back to known offsets: served from the cache at once, no new job.
        QString error;
        QVERIFY(lab.setCustomOffsetsText(QStringLiteral("0 1 2 3"), &error));
        QVERIFY(lab.candidate(LayoutCandidate::Role::Custom).refinement.has_value());
        QVERIFY(!lab.refiner()->running());
    }

    void monteCarloTextFitsOneLine_data()
    {
        QTest::addColumn<bool>("cancel");
        QTest::addColumn<QString>("text");
        QTest::newRow("done") << false << QStringLiteral("Monte-Carlo done");
        QTest::newRow("cancelled") << true << QStringLiteral("Monte-Carlo cancelled");
    }

    // At the window's default width the Monte-Carlo bar is wide enough for its text on one line.
    void monteCarloTextFitsOneLine()
    {
        QFETCH(bool, cancel);
        QFETCH(QString, text);
        LayoutLabView view;
        view.resize(1370, 760);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        auto* bar = view.findChild<QProgressBar*>(QStringLiteral("labMonteCarlo"));
        QVERIFY(bar);
        QSignalSpy finished(view.lab()->refiner(), &LayoutRefiner::finished);
        view.setScenario(shaped(12, 3));
        if (cancel)
            view.lab()->refiner()->cancel();
        QTRY_COMPARE_WITH_TIMEOUT(bar->text(), text, 60000);
        const int needed = bar->fontMetrics().horizontalAdvance(text);
        QTRY_VERIFY2(bar->contentsRect().width() >= needed,
                     qPrintable(QStringLiteral("%1 < %2").arg(bar->contentsRect().width()).arg(needed)));
    }

    void cancelAndNewerEditsSupersede()
    {
        // A cancelled computation stops after its chunk and is not complete.
        const std::atomic<bool> cancelled{true};
        LayoutLabSettings settings;
        settings.groups = 600;
        settings.redundancy = 8;
        const LayoutRefinement cut = LayoutRefiner::refine(
            {QStringLiteral("k"), std::make_shared<const Layout>(Layout::golomb(600, 8)), false}, settings, cancelled);
        QVERIFY(!cut.complete);
        QVERIFY(cut.monteCarlo.trials < settings.trials);

        LayoutLab lab;
        QSignalSpy refined(lab.refiner(), &LayoutRefiner::refined);
        QSignalSpy finished(lab.refiner(), &LayoutRefiner::finished);
        QVERIFY(lab.setScenario(shaped(600, 8)));
        lab.refiner()->cancel();
        QCOMPARE(finished.count(), 1);
        QCOMPARE(finished.last().at(0).toBool(), true);
        QVERIFY(!lab.refiner()->running());
        // A newer edit cancels the older one: only the latest custom layout gets refined.
        QString error;
        QVERIFY(lab.setCustomOffsetsText(QStringLiteral("0 1 2 3 4 5 6 8"), &error));
        const QString older = lab.candidate(LayoutCandidate::Role::Custom).key;
        QVERIFY(lab.setCustomOffsetsText(QStringLiteral("0 1 3 7 12 20 30 44"), &error));
        const QString newer = lab.candidate(LayoutCandidate::Role::Custom).key;
        QTRY_VERIFY_WITH_TIMEOUT(lab.candidate(LayoutCandidate::Role::Custom).refinement.has_value(), 60000);
        lab.refiner()->cancel();
        QVERIFY(lab.candidate(LayoutCandidate::Role::Custom).refinement->key == newer);
        for (const auto& signal : refined)
            QVERIFY(signal.at(0).value<LayoutRefinement>().key != older);
    }

    void windowStatesANonIndependentLayout()
    {
        StudioOptions options;
        options.scenarioPath = QStringLiteral(SPARE_SOURCE_DIR "/scenarios/tour-teaching.json");  // consecutive, N = 8, r = 3
        MainWindow window(options);
        window.show();
        auto* integration = window.findChild<LayoutLabIntegration*>();
        QVERIFY(integration);
        QStringList tabs;
        for (int i = 0; i < window.tabs()->count(); ++i)
            tabs << window.tabs()->tabText(i);
        QCOMPARE(tabs, QStringList({QStringLiteral("Run"), QStringLiteral("Race"), QStringLiteral("Layout"),
                                    QStringLiteral("Analysis"), QStringLiteral("Campaign"), QStringLiteral("Compare"),
                                    QStringLiteral("Plan")}));
        QTRY_VERIFY(integration->statusNotice().contains(QStringLiteral("max overlap 2, 8 pairs")));
        QVERIFY(integration->statusNotice().contains(QStringLiteral("closed-form mu does not hold")));
        window.tabs()->setCurrentWidget(integration->view());
        QVERIFY(integration->view()->noticeText().contains(QStringLiteral("not independent")));
        QVERIFY(integration->view()->noticeText().contains(QStringLiteral("does not hold")));
        integration->view()->lab()->refiner()->cancel();
        // An independent layout: nothing to say.
        window.startRun(shaped(12, 3, "golomb"));
        QTRY_VERIFY(integration->statusNotice().isEmpty());
        QTRY_VERIFY(integration->view()->noticeText().isEmpty());
        integration->view()->lab()->refiner()->cancel();

        QTemporaryDir dir;
        QString error;
        const QString csv = dir.filePath(QStringLiteral("tradeoff.csv"));
        QVERIFY2(integration->exportChart(QStringLiteral("layout-tradeoff"), csv, &error), qPrintable(error));
        QFile file(csv);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QVERIFY(file.readLine().startsWith("layout,independent,max_overlap,mu,"));
        QVERIFY(!integration->exportChart(QStringLiteral("overlap-matrix"), dir.filePath(QStringLiteral("m.txt")), &error));
        QVERIFY(error.contains(QStringLiteral("m.txt")));
    }
};

QTEST_MAIN(TestLayoutLab)
#include "tst_ui_layout_lab.moc"
