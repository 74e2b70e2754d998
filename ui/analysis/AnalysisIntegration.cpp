#include "analysis/AnalysisIntegration.h"

#include "MainWindow.h"
#include "analysis/AnalysisRunner.h"
#include "analysis/AnalysisView.h"
#include "export/ChartExportDialog.h"
#include "export/ExportLocation.h"
#include "export/ReportExporter.h"
#include "export/RunExporter.h"
#include "export/TraceExportDialog.h"
#include "tour/PresentationMode.h"
#include "tour/TourController.h"
#include "timeline/TimelineWidget.h"
#include "tour/TourScript.h"
#include "views/ClusterView.h"
#include "views/StackView.h"

#include <QAction>
#include <QFileDialog>
#include <QMenu>
#include <QMessageBox>
#include <QStatusBar>
#include <QTabWidget>

namespace spare {

AnalysisIntegration::AnalysisIntegration(MainWindow* window)
    : QObject(window), window_(window), view_(new AnalysisView), presentation_(new PresentationMode(window))
{
    setObjectName(QStringLiteral("analysisIntegration"));
    view_->setObjectName(QStringLiteral("analysisView"));
    window->tabs()->addTab(view_, tr("Analysis"));
    // Computed when the tab is shown, and again when the scenario changes while it is on screen
    // (queued: after the run has started).
    auto refreshIfShown = [this] {
        if (window_ && window_->tabs()->currentWidget() == view_)
            refreshAnalysis();
    };
    connect(window->tabs(), &QTabWidget::currentChanged, this, refreshIfShown);
    connect(window, &MainWindow::scenarioChanged, this, refreshIfShown, Qt::QueuedConnection);
    connect(presentation_, &PresentationMode::toggled, this, [this](bool active) {
        view_->setChartStyle(active ? ChartStyle::presentation() : ChartStyle{});
    });
    buildActions();
}

AnalysisIntegration::~AnalysisIntegration() = default;

TourController* AnalysisIntegration::tour()
{
    if (!tour_) {
        tour_ = new TourController(TourScript::load(), this, window_, this);
        connect(tour_, &TourController::finished, this, &AnalysisIntegration::restoreUserScenario);
    }
    return tour_;
}

void AnalysisIntegration::refreshAnalysis()
{
    if (!window_ || !window_->hasScenario())
        return;
    // Same scenario: keep the grid the user may have changed (chosen r, compared layout).
    if (!view_->request().redundancies.empty() && view_->request().scenario == window_->scenario())
        return;
    view_->setScenario(window_->scenario());
}

void AnalysisIntegration::showResult(const QString& message)
{
    if (window_)
        window_->statusBar()->showMessage(message, 8000);
}

void AnalysisIntegration::buildActions()
{
    QMenu* exports = window_->exportMenu();
    exports->addAction(tr("Analysis &report (folder)..."), this, [this] {
        // A save dialog, so that a new folder can be named by typing it; the report creates it.
        const QString folder = QFileDialog::getSaveFileName(window_, tr("Export report as a folder"), suggestion(QStringLiteral("report"), QString()),
                                                            QString(), nullptr, QFileDialog::ShowDirsOnly);
        ExportLocation::remember(folder);
        if (!folder.isEmpty())
            exportReportWhenReady(folder);
    });
    exports->addAction(tr("Current analysis &chart..."), this, [this] {
        refreshAnalysis();
        const auto spec = view_->currentChartSpec();
        if (!spec)
            return;
        ChartExportDialog::run(window_, *spec, QString::fromStdString(window_->scenario().name));
    });
    exports->addAction(tr("Run as &Perfetto trace (JSON)..."), this, [this] { exportRunInBackground(true); });
    exports->addAction(tr("Run as &event log (CSV)..."), this, [this] { exportRunInBackground(false); });

    QAction* present = window_->viewMenu()->addAction(tr("&Presentation mode"));
    present->setCheckable(true);
    present->setShortcut(QKeySequence(Qt::Key_F11));
    present->setShortcutContext(Qt::ApplicationShortcut);
    connect(present, &QAction::toggled, presentation_, &PresentationMode::setActive);
    connect(presentation_, &PresentationMode::toggled, present, &QAction::setChecked);

    window_->helpMenu()->addAction(tr("Guided &tour"), this, &AnalysisIntegration::startTour);
}

void AnalysisIntegration::startTour()
{
    try {
        tour()->start();
    } catch (const std::exception& e) {
        QMessageBox::warning(window_, tr("Guided tour"), QString::fromUtf8(e.what()));
    }
}

void AnalysisIntegration::exportReportWhenReady(const QString& folder)
{
    refreshAnalysis();
    AnalysisRunner* runner = view_->runner();
    const auto write = [this, folder](const AnalysisRequest& request, const AnalysisResults& results) {
        if (!results.complete) {
            const QString message = tr("Report not written: the analysis was cancelled");
            showResult(message);
            emit reportWritten(false, message);
            return;
        }
        auto report = [this](bool ok, const QString& message) {
            showResult(message);
            if (!ok && window_)
                QMessageBox::warning(window_, tr("Export report"), message);
            emit reportWritten(ok, message);
        };
        // The charts are drawn here (Qt Charts lives on the GUI thread); metrics.json, a full
        // simulation, is written on a worker thread.
        try {
            ReportExporter::writeDocuments(folder, request, results);
        } catch (const std::exception& e) {
            report(false, tr("Report not written: %1").arg(QString::fromUtf8(e.what())));
            return;
        }
        showResult(tr("Writing the report's metrics to %1...").arg(folder));
        reportMetrics_.start({}, [folder, request](Written& written, const auto& job) {
            try {
                written.ok = ReportExporter::writeMetrics(folder, request, &job.cancelFlag());
                written.message = written.ok ? tr("Report written to %1").arg(folder) : tr("Report's metrics.json cancelled");
            } catch (const std::exception& e) {
                written.ok = false;
                written.message = tr("Report's metrics.json not written: %1").arg(QString::fromUtf8(e.what()));
            }
        }, [report](const Written& written) { report(written.ok, written.message); });
    };
    if (!runner->running() && runner->results().complete) {
        write(runner->request(), runner->results());
        return;
    }
    // The analysis computes on its worker; the report is written when it finishes.
    showResult(tr("Computing the analysis before writing the report..."));
    auto connection = std::make_shared<QMetaObject::Connection>();
    *connection = connect(runner, &AnalysisRunner::finished, this, [connection, write, runner](const AnalysisResults& results) {
        QObject::disconnect(*connection);
        write(runner->request(), results);
    });
    if (!runner->running())
        runner->start(view_->request());
}

QString AnalysisIntegration::suggestion(const QString& what, const QString& extension) const
{
    return ExportLocation::suggest(window_->hasScenario() ? QString::fromStdString(window_->scenario().name) : QString(), what,
                                   extension);
}

void AnalysisIntegration::exportRunInBackground(bool perfetto)
{
    if (!window_->hasScenario())
        return;
    RunExportPaths paths;
    if (perfetto) {
        // Window and lanes as spare-cli's --trace-window and --trace-groups; the window starts as the
        // timeline's selected range.
        TraceExportDialog dialog(suggestion(QStringLiteral("trace"), QStringLiteral("json")), window_->scenario().groups,
                                 window_->timeline()->viewport().selection(), window_);
        if (dialog.exec() != QDialog::Accepted)
            return;
        paths = *dialog.paths();
    } else {
        paths.eventsCsv = QFileDialog::getSaveFileName(window_, tr("Export event log"),
                                                       suggestion(QStringLiteral("events"), QStringLiteral("csv")), tr("CSV (*.csv)"));
        if (paths.eventsCsv.isEmpty())
            return;
    }
    const QString path = perfetto ? paths.perfettoTrace : paths.eventsCsv;
    ExportLocation::remember(path);
    const Scenario scenario = window_->scenario();
    const auto trace = window_->trace();
    showResult(tr("Exporting the run to %1...").arg(path));
    runExport_.start({}, [scenario, trace, paths, path](QString& message, const auto& job) {
        try {
            message = RunExporter::write(scenario, paths, &job.cancelFlag(), trace) ? tr("Run exported to %1").arg(path)
                                                                                   : tr("Run export cancelled");
        } catch (const std::exception& e) {
            message = tr("Run export failed: %1").arg(QString::fromUtf8(e.what()));
        }
    }, [this](const QString& message) { showResult(message); });
}

void AnalysisIntegration::showTourState(const Scenario& scenario, const std::vector<TraceFailure>& trace,
                                        const TourState& state)
{
    if (!window_)
        return;
    if (!userScenario_ && window_->hasScenario()) {
        userScenario_ = window_->scenario();
        userTrace_ = window_->trace();
    }
    window_->tabs()->setCurrentIndex(0);
    // The tour's trace goes to the run in memory: no file, and the editor keeps the user's scenario.
    if (!(window_->scenario() == scenario))
        window_->startRun(scenario, trace);
    RunUntil until;
    until.kind = RunUntil::Kind::Time;
    until.value = state.timeS;
    window_->runUntil(until, [] {}, true);  // a step on a decision shows its moves
}

void AnalysisIntegration::restoreUserScenario()
{
    if (window_ && userScenario_)
        window_->startRun(*userScenario_, userTrace_);
    userScenario_.reset();
    userTrace_.reset();
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
        return window_->timeline();
    return nullptr;
}

QRect AnalysisIntegration::tourFocus(const QString& name, const TourState& state)
{
    if (!window_)
        return {};
    // A step on a failure points at the failed group's row of the cluster view.
    if (name == QLatin1String("cluster") && state.event.kind == EventKind::Failure && state.event.group >= 0)
        return window_->clusterView()->groupRect(state.event.group);
    // A step on a decision that moved cells points at the first moved cell, where it landed.
    if (name == QLatin1String("stack") && state.event.decision && !state.event.decision->stackMoves.empty()) {
        const StackMove& move = state.event.decision->stackMoves.front();
        return window_->stackView()->cellGeometry(move.group, move.toPosition);
    }
    return {};
}

}  // namespace spare
