#include "ui/export/RunExportActions.h"

#include "ui/export/ExportLocation.h"
#include "ui/export/RunExporter.h"
#include "ui/export/TraceExportDialog.h"
#include "ui/studio/CurrentRun.h"
#include "ui/studio/StudioContext.h"
#include "ui/timeline/TimelineWidget.h"

#include <QFileDialog>
#include <QMainWindow>
#include <QMenu>
#include <QStatusBar>

namespace spare {

RunExportActions::RunExportActions(const StudioContext& context)
    : QObject(context.window), window_(context.window), run_(context.run), timeline_(context.runTab.timeline)
{
    setObjectName(QStringLiteral("runExportActions"));
    context.menus.exports->addAction(tr("Run as &Perfetto trace (JSON)..."), this, [this] { exportInBackground(true); });
    context.menus.exports->addAction(tr("Run as &event log (CSV)..."), this, [this] { exportInBackground(false); });
}

void RunExportActions::showResult(const QString& message)
{
    window_->statusBar()->showMessage(message, 8000);
}

void RunExportActions::exportInBackground(bool perfetto)
{
    if (!run_->hasScenario())
        return;
    RunExportPaths paths;
    if (perfetto) {
        // Window and lanes as spare-cli's --trace-window and --trace-groups; the window starts as the
        // timeline's selected range.
        TraceExportDialog dialog(ExportLocation::suggest(run_->name(), QStringLiteral("trace"), QStringLiteral("json")),
                                 run_->scenario().groups, timeline_->viewport().selection(), window_);
        if (dialog.exec() != QDialog::Accepted)
            return;
        paths = *dialog.paths();
    } else {
        paths.eventsCsv = QFileDialog::getSaveFileName(window_, tr("Export event log"),
                                                       ExportLocation::suggest(run_->name(), QStringLiteral("events"), QStringLiteral("csv")),
                                                       tr("CSV (*.csv)"));
        if (paths.eventsCsv.isEmpty())
            return;
    }
    const QString path = perfetto ? paths.perfettoTrace : paths.eventsCsv;
    ExportLocation::remember(path);
    const Scenario scenario = run_->scenario();
    const auto trace = run_->trace();
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

}  // namespace spare
