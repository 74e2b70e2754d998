#include "ui/analysis/AnalysisIntegration.h"

#include "ui/analysis/AnalysisRunner.h"
#include "ui/analysis/AnalysisView.h"
#include "ui/analysis/RegimeMapPage.h"
#include "ui/analysis/ReportExporter.h"
#include "ui/export/ChartExportDialog.h"
#include "ui/export/ExportLocation.h"
#include "ui/studio/CurrentRun.h"
#include "ui/studio/PresentationMode.h"
#include "ui/studio/StudioContext.h"

#include <QFileDialog>
#include <QMainWindow>
#include <QMenu>
#include <QMessageBox>
#include <QStatusBar>
#include <QTabWidget>

namespace spare {

AnalysisIntegration::AnalysisIntegration(const StudioContext& context)
    : QObject(context.window), window_(context.window), tabs_(context.tabs), run_(context.run), view_(new AnalysisView)
{
    setObjectName(QStringLiteral("analysisIntegration"));
    view_->setObjectName(QStringLiteral("analysisView"));
    tabs_->addTab(view_, tr("Analysis"));
    view_->regimeMapPage()->setShowRace(context.showRace);
    // Computed when the tab is shown, and again when the scenario changes while it is on screen
    // (queued: after the run has started).
    auto refreshIfShown = [this] {
        if (tabs_->currentWidget() == view_)
            refreshAnalysis();
    };
    connect(tabs_, &QTabWidget::currentChanged, this, refreshIfShown);
    connect(run_, &CurrentRun::changed, this, refreshIfShown, Qt::QueuedConnection);
    connect(context.presentation, &PresentationMode::toggled, this, [this](bool active) {
        view_->setChartStyle(active ? ChartStyle::presentation() : ChartStyle{});
    });
    buildActions(context);
}

void AnalysisIntegration::refreshAnalysis()
{
    if (!run_->hasScenario())
        return;
    // Same scenario: keep the grid the user may have changed (chosen r, compared layout).
    if (!view_->request().redundancies.empty() && view_->request().scenario == run_->scenario())
        return;
    view_->setScenario(run_->scenario());
}

void AnalysisIntegration::showResult(const QString& message)
{
    window_->statusBar()->showMessage(message, 8000);
}

void AnalysisIntegration::buildActions(const StudioContext& context)
{
    QMenu* exports = context.menus.exports;
    exports->addAction(tr("Analysis &report (folder)..."), this, [this] {
        // A save dialog, so that a new folder can be named by typing it; the report creates it.
        const QString folder = QFileDialog::getSaveFileName(window_, tr("Export report as a folder"),
                                                            ExportLocation::suggest(run_->name(), QStringLiteral("report"), QString()),
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
        ChartExportDialog::run(window_, *spec, QString::fromStdString(run_->scenario().name));
    });
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
            if (!ok)
                QMessageBox::warning(window_, tr("Export report"), message);
            emit reportWritten(ok, message);
        };
        // The charts are drawn here (Qt Charts lives on the GUI thread); metrics.json, a full
        // simulation, is written on a worker thread.
        try {
            ReportExporter::writeDocuments(folder, request, results, view_->regimeMapPage()->mapFor(request.scenario));
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

}  // namespace spare
