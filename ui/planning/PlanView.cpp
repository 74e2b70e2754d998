#include "ui/planning/PlanView.h"

#include "engine/sim/ScenarioJson.h"
#include "ui/base/ErrorText.h"
#include "ui/export/SaveFile.h"
#include "ui/planning/FitResultsPanel.h"
#include "ui/planning/FittedFailuresText.h"
#include "ui/planning/LogImportPanel.h"
#include "ui/planning/PlanReportExporter.h"
#include "ui/planning/PlannerPanel.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QMessageBox>
#include <QPushButton>
#include <QScrollArea>
#include <QSplitter>
#include <QTabWidget>

#include <exception>

namespace spare {

namespace {

// The steps scroll rather than make the window taller than a small screen.
QScrollArea* scrolling(QWidget* content)
{
    auto* scroll = new QScrollArea;
    scroll->setWidget(content);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    return scroll;
}

// NAME-suffix beside `path`: the files a report or a fit writes next to their source.
QString besideWithSuffix(const QString& path, const QString& suffix)
{
    const QFileInfo info(path);
    return info.dir().filePath(info.completeBaseName() + suffix);
}

}  // namespace

PlanView::PlanView(QWidget* parent)
    : QWidget(parent), import_(new LogImportPanel), fit_(new FitResultsPanel), planner_(new PlannerPanel)
{
    auto* layout = new QHBoxLayout(this);
    auto* split = new QSplitter(Qt::Horizontal);
    split->addWidget(scrolling(import_));
    steps_ = new QTabWidget;
    steps_->addTab(scrolling(fit_), tr("Fit"));
    steps_->addTab(scrolling(planner_), tr("Plan"));
    split->addWidget(steps_);
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 3);
    layout->addWidget(split);

    connect(import_, &LogImportPanel::fitFinished, this, &PlanView::fitFinished);
    connect(fit_, &FitResultsPanel::useRequested, this, &PlanView::useFittedFailures);
    connect(planner_->exportButton(), &QPushButton::clicked, this, &PlanView::chooseReportPath);
}

void PlanView::showFit() { steps_->setCurrentIndex(0); }

void PlanView::showPlanner() { steps_->setCurrentIndex(1); }

void PlanView::openLog(const QString& path) { import_->openLog(path); }

void PlanView::setScenario(const Scenario& scenario, const QString& path)
{
    QString holder = path;
    if (fitted_ && scenario == *fitted_) {
        // The fit command writes this scenario when it names a base file.
        if (holder.isEmpty() && !fitBasePath_.isEmpty())
            holder = besideWithSuffix(fit_->outcome().request.logPath, QStringLiteral("-fitted.json"));
    } else {
        fitBase_ = scenario;
        fitBasePath_ = path;
    }
    scenario_ = scenario;
    scenarioPath_ = holder;
    fit_->setScenario(scenario);
    planner_->setScenario(scenario, holder);
    refreshFitCommand();
}

// A failed or cancelled fit leaves the last good one on show; the import panel says what happened.
void PlanView::fitFinished(const FitOutcome& outcome)
{
    if (!outcome.ok())
        return;
    fit_->setOutcome(outcome);
    fitted_.reset();
    refreshFitCommand();
    showFit();
}

QString PlanView::fitCommand() const
{
    const FitOutcome& outcome = fit_->outcome();
    if (!outcome.ok())
        return {};
    const PlannedCluster cluster = fitBase_ ? PlannedCluster{fitBase_->groups, fitBase_->gpusPerGroup} : PlannedCluster{};
    return outcome.request.commandLine(fitBasePath_, cluster, besideWithSuffix(outcome.request.logPath, QStringLiteral("-fitted.json")));
}

void PlanView::refreshFitCommand() { fit_->setFitCommand(fitCommand()); }

void PlanView::useFittedFailures()
{
    const auto fitted = fit_->fittedScenario();
    if (!fitted || !scenario_) {
        fit_->showApplied(tr("Nothing to apply: fit a log with the fleet's units first."), false);
        return;
    }
    const Scenario before = *scenario_;
    fitted_ = *fitted;
    // The editor applies it at once: scenarioChanged comes back through setScenario before this returns.
    emit scenarioRequested(*fitted);
    if (!(FittedFailuresText::editorFields(*scenario_) == FittedFailuresText::editorFields(*fitted))) {
        fitted_.reset();
        fit_->showApplied(tr("Not applied: the scenario editor did not accept the fitted failures (see its messages)."), false);
        return;
    }
    QStringList lines;
    const QStringList changes = FittedFailuresText::changes(before, *scenario_);
    lines << (changes.isEmpty() ? tr("Applied to %1: the failures were already these.").arg(QString::fromStdString(scenario_->name))
                                : tr("Applied to %1 and running:").arg(QString::fromStdString(scenario_->name)));
    lines << changes;
    if (!(*scenario_ == *fitted))
        lines << tr("The scenario editor's other pending edits were applied with them.");
    if (fit_->model())
        for (const std::string& note : fit_->model()->notes)
            lines << tr("Note: %1.").arg(QString::fromStdString(note));
    fit_->showApplied(lines.join(QLatin1Char('\n')), true);
}

bool PlanView::exportReport(const QString& markdownPath, QString* error)
{
    const auto& plan = planner_->lastOutcome();
    if (!plan) {
        *error = tr("Export report: no finished plan yet; press Plan first.");
        return false;
    }
    try {
        QString scenarioFile = planner_->planScenarioPath();
        if (scenarioFile.isEmpty()) {
            scenarioFile = besideWithSuffix(markdownPath, QStringLiteral("-scenario.json"));
            saveFileAtomically(scenarioFile, QByteArray::fromStdString(scenarioToJsonText(plan->spec->base)));
        }
        QString fitSection;
        const FitOutcome& fit = fit_->outcome();
        if (fit.ok()) {
            std::optional<ClusterFailureModel> model;
            if (const auto fleet = fit.request.fleet())
                model = clusterFailureModel(*fit.fits, *fleet, PlannedCluster{plan->spec->base.groups, plan->spec->base.gpusPerGroup});
            fitSection = PlanReportExporter::fitMarkdown(fit, model, fit_->rackShare(), fitCommand());
        }
        const QString markdown = PlanReportExporter::markdown(*plan, planner_->commandLine(scenarioFile), fitSection);
        PlanReportExporter::writeMarkdown(markdownPath, markdown);
        PlanReportExporter::writePdf(besideWithSuffix(markdownPath, QStringLiteral(".pdf")), markdown);
    } catch (const std::exception& e) {
        *error = errorText(e);
        return false;
    }
    return true;
}

void PlanView::chooseReportPath()
{
    const QString name = scenario_ ? QString::fromStdString(scenario_->name) : QStringLiteral("plan");
    const QString path = QFileDialog::getSaveFileName(this, tr("Export plan report"), name + QStringLiteral("-plan.md"),
                                                      tr("Markdown (*.md)"));
    if (path.isEmpty())
        return;
    QString error;
    if (!exportReport(path, &error))
        QMessageBox::warning(this, tr("Export plan report"), error);
}

}  // namespace spare
