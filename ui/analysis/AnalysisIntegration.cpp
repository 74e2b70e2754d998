#include "analysis/AnalysisIntegration.h"

#include "MainWindow.h"
#include "StudioOptions.h"
#include "analysis/AnalysisCharts.h"
#include "analysis/AnalysisComputation.h"
#include "analysis/AnalysisRunner.h"
#include "analysis/AnalysisView.h"
#include "charts/ChartExporter.h"
#include "charts/ChartPanel.h"
#include "editor/ScenarioEditor.h"
#include "export/ReportExporter.h"
#include "export/RunExporter.h"
#include "tour/PresentationMode.h"
#include "tour/TourController.h"
#include "tour/TourScript.h"
#include "views/ClusterView.h"
#include "views/StackView.h"

#include <QAction>
#include <QFile>
#include <QFileDialog>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QSlider>
#include <QStatusBar>
#include <QTabWidget>

#include <cstdio>
#include <memory>

namespace spare {
namespace {

bool sameRequest(const AnalysisRequest& a, const AnalysisRequest& b)
{
    return a.cacheKey() == b.cacheKey();
}

}  // namespace

AnalysisIntegration::AnalysisIntegration(MainWindow* window)
    : QObject(window), window_(window), view_(new AnalysisView), presentation_(new PresentationMode(window))
{
    setObjectName(QStringLiteral("analysisIntegration"));
    view_->setObjectName(QStringLiteral("analysisView"));
    window->tabs()->addTab(view_, tr("Analysis"));
    connect(window->tabs(), &QTabWidget::currentChanged, this, [this] {
        if (window_ && window_->tabs()->currentWidget() == view_)
            refreshAnalysis();
    });
    // A scenario applied or opened while the tab is on screen re-runs it (queued: after startRun).
    auto refreshIfShown = [this] {
        if (window_ && window_->tabs()->currentWidget() == view_)
            refreshAnalysis();
    };
    connect(window->editor(), &ScenarioEditor::applied, this, refreshIfShown, Qt::QueuedConnection);
    connect(window, &QWidget::windowTitleChanged, this, refreshIfShown, Qt::QueuedConnection);
    connect(presentation_, &PresentationMode::toggled, this, [this](bool active) {
        view_->setChartStyle(active ? ChartStyle::presentation() : ChartStyle{});
    });
    buildActions();
}

AnalysisIntegration::~AnalysisIntegration()
{
    runExportCancel_ = true;
    if (runExport_.joinable())
        runExport_.join();
}

TourController* AnalysisIntegration::tour()
{
    if (!tour_)
        tour_ = new TourController(TourScript::load(), this, window_, this);
    return tour_;
}

void AnalysisIntegration::refreshAnalysis()
{
    if (!window_)
        return;
    // Same scenario: keep the grid the user may have changed (chosen r, compared layout).
    if (!view_->request().redundancies.empty() && view_->request().scenario == window_->scenario())
        return;
    view_->setScenario(window_->scenario());
}

void AnalysisIntegration::buildActions()
{
    QMenu* exports = window_->exportMenu();
    exports->addAction(tr("Analysis &report (folder)..."), this, [this] {
        const QString folder = QFileDialog::getExistingDirectory(window_, tr("Export report into"));
        if (!folder.isEmpty())
            exportReportWhenReady(folder);
    });
    exports->addAction(tr("Current analysis &chart..."), this, [this] {
        refreshAnalysis();
        auto* splitter = view_->findChild<QTabWidget*>()->currentWidget();
        const auto* panel = splitter ? splitter->findChild<ChartPanel*>() : nullptr;
        if (!panel)
            return;
        const QString path = QFileDialog::getSaveFileName(window_, tr("Export chart"), panel->spec().id + QStringLiteral(".png"),
                                                          tr("Charts (*.png *.svg *.pdf *.csv)"));
        QString error;
        if (!path.isEmpty() && !ChartExporter::writeByExtension(panel->spec(), path, &error))
            QMessageBox::warning(window_, tr("Export chart"), error);
    });
    exports->addAction(tr("Run as &Perfetto trace (JSON)..."), this, [this] { exportRunInBackground(true); });
    exports->addAction(tr("Run as &event log (CSV)..."), this, [this] { exportRunInBackground(false); });

    QAction* present = window_->viewMenu()->addAction(tr("&Presentation mode"));
    present->setCheckable(true);
    present->setShortcut(QKeySequence(Qt::Key_F11));
    present->setShortcutContext(Qt::ApplicationShortcut);
    connect(present, &QAction::toggled, presentation_, &PresentationMode::setActive);
    connect(presentation_, &PresentationMode::toggled, present, &QAction::setChecked);

    for (QAction* menu : window_->menuBar()->actions())
        if (menu->menu() && menu->text().remove(QLatin1Char('&')) == tr("Help")) {
            menu->menu()->addAction(tr("Guided &tour"), this, [this] {
                try {
                    tour()->start();
                } catch (const std::exception& e) {
                    QMessageBox::warning(window_, tr("Guided tour"), QString::fromUtf8(e.what()));
                }
            });
        }
}

bool AnalysisIntegration::computeBlocking(QString* error)
{
    const AnalysisRequest wanted = AnalysisRequest::interactiveDefaults(window_->scenario());
    if (sameRequest(view_->request(), wanted) && view_->results().complete)
        return true;
    view_->runner()->cancel();
    const std::atomic<bool> never{false};
    const AnalysisResults results = AnalysisComputation::run(wanted, never);
    if (!results.error.isEmpty()) {
        *error = results.error;
        return false;
    }
    // Hand the finished results to the view through its cache so the tab shows the same numbers.
    view_->runner()->adopt(wanted, results);
    return true;
}

bool AnalysisIntegration::exportReport(const QString& folder, QString* error)
{
    if (!computeBlocking(error))
        return false;
    try {
        ReportExporter::write(folder, view_->request(), view_->results());
    } catch (const std::exception& e) {
        *error = QString::fromUtf8(e.what());
        return false;
    }
    return true;
}

void AnalysisIntegration::exportReportWhenReady(const QString& folder)
{
    refreshAnalysis();
    AnalysisRunner* runner = view_->runner();
    const auto write = [this, folder](const AnalysisResults& results) {
        if (!window_)
            return;
        if (!results.complete) {
            window_->statusBar()->showMessage(tr("Report not written: the analysis was cancelled"), 8000);
            return;
        }
        try {
            ReportExporter::write(folder, view_->request(), results);
            window_->statusBar()->showMessage(tr("Report written to %1").arg(folder), 5000);
        } catch (const std::exception& e) {
            QMessageBox::warning(window_, tr("Export report"), QString::fromUtf8(e.what()));
        }
    };
    if (!runner->running() && runner->results().complete) {
        write(runner->results());
        return;
    }
    // The analysis computes on its worker; the report is written when it finishes.
    window_->statusBar()->showMessage(tr("Computing the analysis before writing the report..."));
    auto connection = std::make_shared<QMetaObject::Connection>();
    *connection = connect(runner, &AnalysisRunner::finished, this, [connection, write](const AnalysisResults& results) {
        QObject::disconnect(*connection);
        write(results);
    });
    if (!runner->running())
        runner->start(view_->request());
}

bool AnalysisIntegration::exportChart(const QString& name, const QString& path, QString* error)
{
    if (!AnalysisCharts::names().contains(name)) {
        *error = QStringLiteral("--export-chart '%1': allowed %2").arg(name, AnalysisCharts::names().join(QStringLiteral(", ")));
        return false;
    }
    ChartExporter::Format format;
    if (!ChartExporter::formatForPath(path, &format)) {
        *error = QStringLiteral("--out '%1': allowed a file name ending in .png, .svg, .pdf or .csv").arg(path);
        return false;
    }
    if (!computeBlocking(error))
        return false;
    return ChartExporter::write(*view_->chartSpec(name), path, format, error);
}

int AnalysisIntegration::runScriptedExports(const StudioOptions& options)
{
    QString error;
    if (!options.exportChart.isEmpty() && !exportChart(options.exportChart, options.exportChartOut, &error)) {
        std::fprintf(stderr, "spare-studio: %s\n", qUtf8Printable(error));
        return AnalysisCharts::names().contains(options.exportChart) ? 1 : 2;
    }
    if (!options.exportReportDir.isEmpty() && !exportReport(options.exportReportDir, &error)) {
        std::fprintf(stderr, "spare-studio: %s\n", qUtf8Printable(error));
        return 1;
    }
    return 0;
}

void AnalysisIntegration::exportRunInBackground(bool perfetto)
{
    const QString path = perfetto ? QFileDialog::getSaveFileName(window_, tr("Export Perfetto trace"), QStringLiteral("run.json"),
                                                                 tr("Chrome trace JSON (*.json)"))
                                  : QFileDialog::getSaveFileName(window_, tr("Export event log"), QStringLiteral("events.csv"),
                                                                 tr("CSV (*.csv)"));
    if (path.isEmpty())
        return;
    runExportCancel_ = true;
    if (runExport_.joinable())
        runExport_.join();
    runExportCancel_ = false;
    RunExportPaths paths;
    (perfetto ? paths.perfettoTrace : paths.eventsCsv) = path;
    const Scenario scenario = window_->scenario();
    window_->statusBar()->showMessage(tr("Exporting the run to %1...").arg(path));
    runExport_ = std::thread([this, scenario, paths, path] {
        QString message;
        try {
            message = RunExporter::write(scenario, paths, &runExportCancel_) ? tr("Run exported to %1").arg(path)
                                                                             : tr("Run export cancelled");
        } catch (const std::exception& e) {
            message = tr("Run export failed: %1").arg(QString::fromUtf8(e.what()));
        }
        QMetaObject::invokeMethod(
            this, [this, message] {
                if (window_)
                    window_->statusBar()->showMessage(message, 8000);
            },
            Qt::QueuedConnection);
    });
}

void AnalysisIntegration::showTourState(const Scenario& scenario, const std::vector<TraceFailure>& trace,
                                        const TourState& state)
{
    if (!window_ || !tourFolder_.isValid())
        return;
    // The run tab simulates from files: write the tour's trace next to a copy of its scenario.
    const QString tracePath = tourFolder_.filePath(QStringLiteral("tour-failures.csv"));
    QFile file(tracePath);
    if (!file.exists() && file.open(QIODevice::WriteOnly)) {
        file.write("time_s,group\n");
        for (const TraceFailure& failure : trace)
            file.write(QStringLiteral("%1,%2\n").arg(failure.timeS, 0, 'g', 17).arg(failure.group).toUtf8());
        file.close();
    }
    Scenario onDisk = scenario;
    onDisk.failureTrace = tracePath.toStdString();
    window_->tabs()->setCurrentIndex(0);
    if (!(window_->scenario() == onDisk)) {
        window_->editor()->setScenario(onDisk, QString());
        window_->startRun(onDisk);
    }
    RunUntil until;
    until.kind = RunUntil::Kind::Time;
    until.value = state.timeS;
    window_->runUntil(until, [] {});
}

QWidget* AnalysisIntegration::tourTarget(const QString& name)
{
    if (!window_)
        return nullptr;
    if (name == QLatin1String("cluster"))
        return window_->clusterView();
    if (name == QLatin1String("stack"))
        return window_->stackView();
    if (name == QLatin1String("timeline"))
        return window_->findChild<QSlider*>(QStringLiteral("timeline"));
    return nullptr;
}

}  // namespace spare
