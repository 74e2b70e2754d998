#include "ui/planning/FitResultsPanel.h"

#include "ui/base/ErrorText.h"
#include "ui/charts/ChartPanel.h"
#include "ui/export/ChartExportDialog.h"
#include "ui/planning/FitCharts.h"
#include "ui/planning/FitFamiliesModel.h"
#include "ui/planning/PlanText.h"

#include <QComboBox>
#include <QDateTime>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QVBoxLayout>

#include <cmath>
#include <exception>

namespace spare {

namespace {

QString utcText(double epochS)
{
    return QDateTime::fromSecsSinceEpoch(static_cast<qint64>(std::floor(epochS)), Qt::UTC).toString(QStringLiteral("yyyy-MM-dd HH:mm:ss")) +
           QStringLiteral(" UTC");
}

QString percent(double share) { return QStringLiteral("%1%").arg(share * 100.0, 0, 'f', 1); }

}  // namespace

FitResultsPanel::FitResultsPanel(QWidget* parent) : QWidget(parent), families_(new FitFamiliesModel(this))
{
    auto* layout = new QVBoxLayout(this);
    counts_ = new QLabel(tr("Read and fit a failure log to see its lifetime models."));
    counts_->setWordWrap(true);
    counts_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(counts_);
    familiesTable_ = new QTableView;
    familiesTable_->setModel(families_);
    familiesTable_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    familiesTable_->horizontalHeader()->setStretchLastSection(true);
    familiesTable_->verticalHeader()->hide();
    familiesTable_->setMaximumHeight(130);
    layout->addWidget(familiesTable_);

    auto* split = new QSplitter(Qt::Horizontal);
    auto* chartsBox = new QWidget;
    auto* chartsLayout = new QVBoxLayout(chartsBox);
    chartsLayout->setContentsMargins(0, 0, 0, 0);
    charts_ = new QTabWidget;
    const QStringList labels{tr("Weibull plot"), tr("CDFs"), tr("Failures per week"), tr("Hazard")};
    for (qsizetype i = 0; i < labels.size(); ++i) {
        auto* panel = new ChartPanel;
        panel->setObjectName(FitCharts::names()[i]);
        chartPanels_.append(panel);
        charts_->addTab(panel, labels[i]);
    }
    chartsLayout->addWidget(charts_, 1);
    auto* exportChart = new QPushButton(tr("Export chart..."));
    chartsLayout->addWidget(exportChart, 0, Qt::AlignRight);
    split->addWidget(chartsBox);
    auto* side = new QWidget;
    auto* sideLayout = new QVBoxLayout(side);
    sideLayout->setContentsMargins(0, 0, 0, 0);
    sideLayout->addWidget(buildModelBox());
    sideLayout->addWidget(buildClusteringBox(), 1);
    split->addWidget(side);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    split->setSizes({600, 400});
    layout->addWidget(split, 1);

    auto* commandRow = new QHBoxLayout;
    command_ = new QLineEdit;
    command_->setReadOnly(true);
    command_->setToolTip(tr("The spare-cli command that reads and fits the log the same way"));
    commandRow->addWidget(new QLabel(tr("Same with spare-cli")));
    commandRow->addWidget(command_, 1);
    layout->addLayout(commandRow);

    connect(exportChart, &QPushButton::clicked, this, [this] {
        auto* panel = chartPanels_[charts_->currentIndex()];
        if (!panel->spec().id.isEmpty())
            ChartExportDialog::run(this, panel->spec(), QStringLiteral("failure-log"));
    });
}

QWidget* FitResultsPanel::buildModelBox()
{
    auto* box = new QGroupBox(tr("Failures for the current scenario"));
    auto* layout = new QVBoxLayout(box);
    modelText_ = new QLabel;
    modelText_->setWordWrap(true);
    modelText_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(modelText_);
    use_ = new QPushButton(tr("Use in scenario"));
    use_->setEnabled(false);
    use_->setToolTip(tr("Write the fitted failures section into the scenario editor and run it"));
    layout->addWidget(use_, 0, Qt::AlignLeft);
    applied_ = new QLabel;
    applied_->setWordWrap(true);
    applied_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(applied_);
    connect(use_, &QPushButton::clicked, this, &FitResultsPanel::useRequested);
    return box;
}

QWidget* FitResultsPanel::buildClusteringBox()
{
    clusteringBox_ = new QGroupBox(tr("Clustering by location"));
    auto* layout = new QVBoxLayout(clusteringBox_);
    clusteringTable_ = new QTableWidget(0, 6);
    clusteringTable_->setHorizontalHeaderLabels(
        {tr("Level"), tr("Domains"), tr("Most hit (failures)"), tr("Observed"), tr("Independent (95%)"), tr("Excess")});
    clusteringTable_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    clusteringTable_->verticalHeader()->hide();
    clusteringTable_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    layout->addWidget(clusteringTable_, 1);
    auto* rackRow = new QHBoxLayout;
    rackLevel_ = new QComboBox;
    rackLevel_->setToolTip(tr("The location level that closes a rack"));
    rackRow->addWidget(new QLabel(tr("Rack level")));
    rackRow->addWidget(rackLevel_);
    rackRow->addStretch(1);
    layout->addLayout(rackRow);
    rackEvidence_ = new QLabel;
    rackEvidence_->setWordWrap(true);
    rackEvidence_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(rackEvidence_);
    clusteringBox_->setVisible(false);
    connect(rackLevel_, &QComboBox::currentIndexChanged, this, &FitResultsPanel::refreshRackShare);
    return clusteringBox_;
}

void FitResultsPanel::setOutcome(const FitOutcome& outcome)
{
    outcome_ = outcome;
    families_->setFits(outcome.fits);
    applied_->clear();
    const FailureLog& log = *outcome.log;
    const FailureLogCounts& c = log.counts;
    QString counts = tr("%1: %2 lines (%3 header, %4 comments, %5 blank); %6 failures kept, %7 filtered out, %8 outside the "
                        "window, %9 malformed (skipped)")
                         .arg(outcome.request.logPath)
                         .arg(c.lines)
                         .arg(c.headerLines)
                         .arg(c.commentLines)
                         .arg(c.emptyLines)
                         .arg(c.failures)
                         .arg(c.filteredOut)
                         .arg(c.outsideWindow)
                         .arg(c.malformedRows);
    counts += tr("; %1 ties (two failures in one tick), %2 unsorted rows (sorted). Window %3 .. %4 (%5), resolution %6.")
                  .arg(c.tiedFailures)
                  .arg(c.unsortedRows)
                  .arg(utcText(log.windowStartS), utcText(log.windowEndS), PlanText::duration(log.windowEndS - log.windowStartS),
                       PlanText::duration(log.resolutionS));
    for (const std::string& example : c.malformedExamples)
        counts += QStringLiteral("\n") + tr("skipped: %1").arg(QString::fromStdString(example));
    counts_->setText(counts);
    for (qsizetype i = 0; i < chartPanels_.size(); ++i)
        chartPanels_[i]->setSpec(FitCharts::build(FitCharts::names()[i], log, *outcome.fits));

    clusteringBox_->setVisible(outcome.clustering != nullptr);
    const QString keep = rackLevel_->currentText();
    const QSignalBlocker block(rackLevel_);
    rackLevel_->clear();
    clusteringTable_->setRowCount(0);
    if (outcome.clustering) {
        const FailureClustering& clustering = *outcome.clustering;
        clusteringBox_->setTitle(tr("Clustering by location: failures within %1 of another in the same domain (%2 "
                                    "permutations)")
                                     .arg(PlanText::duration(clustering.windowS))
                                     .arg(clustering.permutations));
        clusteringTable_->setRowCount(static_cast<int>(clustering.levels.size()));
        for (std::size_t i = 0; i < clustering.levels.size(); ++i) {
            const FailureClusteringLevel& l = clustering.levels[i];
            const QStringList cells{QString::fromStdString(l.name),
                                    QString::number(l.domains),
                                    QStringLiteral("%1 (%2)").arg(QString::fromStdString(l.mostHitDomain)).arg(l.mostHitFailures),
                                    percent(l.observedShare),
                                    QStringLiteral("%1 (%2 .. %3)").arg(percent(l.baselineMean), percent(l.baselineLow), percent(l.baselineHigh)),
                                    percent(l.excessShare)};
            for (qsizetype column = 0; column < cells.size(); ++column)
                clusteringTable_->setItem(static_cast<int>(i), static_cast<int>(column), new QTableWidgetItem(cells[column]));
        }
        for (const FailureClusteringLevel& l : clustering.levels)
            rackLevel_->addItem(QString::fromStdString(l.name));
        // A rack is usually the second level (col, row); "row" or "rack" by name when present.
        int level = rackLevel_->findText(keep);
        for (const char* name : {"rack", "row"})
            if (level < 0)
                level = rackLevel_->findText(QLatin1String(name));
        rackLevel_->setCurrentIndex(level >= 0 ? level : std::min(1, rackLevel_->count() - 1));
    }
    refreshRackShare();
    refreshModel();
}

std::optional<RackShareSuggestion> FitResultsPanel::rackShare() const
{
    if (!outcome_.clustering || rackLevel_->currentIndex() < 0)
        return std::nullopt;
    try {
        return suggestRackShare(*outcome_.clustering, rackLevel_->currentText().toStdString());
    } catch (const std::exception&) {
        return std::nullopt;
    }
}

void FitResultsPanel::refreshRackShare()
{
    const auto suggestion = rackShare();
    rackEvidence_->setText(suggestion ? tr("Suggested rack share %1 (level %2): %3")
                                            .arg(suggestion->share, 0, 'f', 2)
                                            .arg(QString::fromStdString(suggestion->level), QString::fromStdString(suggestion->evidence))
                                      : QString());
}

void FitResultsPanel::setScenario(const Scenario& scenario)
{
    scenario_ = scenario;
    refreshModel();
}

void FitResultsPanel::refreshModel()
{
    model_.reset();
    use_->setEnabled(false);
    if (!outcome_.ok()) {
        modelText_->setText(tr("No fit yet."));
        return;
    }
    const auto fleet = outcome_.request.fleet();
    if (!fleet) {
        modelText_->setText(tr("Fleet units: give the size of the fleet the log covers (GPUs or nodes) to scale the fit "
                               "to the scenario's %1 x %2 GPUs, then read and fit again.")
                                .arg(scenario_.groups)
                                .arg(scenario_.gpusPerGroup));
        return;
    }
    try {
        model_ = clusterFailureModel(*outcome_.fits, *fleet, PlannedCluster{scenario_.groups, scenario_.gpusPerGroup});
    } catch (const std::exception& e) {
        modelText_->setText(errorText(e));
        return;
    }
    const ClusterFailureModel& m = *model_;
    QStringList lines;
    lines << tr("Fleet of %1 GPUs: fleet MTBF %2; per GPU %3; %4 failures per 1000 GPU-days.")
                 .arg(PlanText::value(fleet->gpus()), PlanText::estimate(m.fleetMtbfS, true), PlanText::estimate(m.perGpuMtbfS, true),
                      PlanText::estimate(m.failuresPer1000GpuDays, false));
    lines << tr("Scenario %1 (%2 x %3 = %4 GPUs): system MTBF %5, model %6%7.")
                 .arg(QString::fromStdString(scenario_.name))
                 .arg(scenario_.groups)
                 .arg(scenario_.gpusPerGroup)
                 .arg(static_cast<qlonglong>(scenario_.groups) * scenario_.gpusPerGroup)
                 .arg(PlanText::estimate(m.systemMtbfS, true), QString::fromLatin1(lifetimeFamilyName(m.family)),
                      m.family == LifetimeFamily::Weibull ? tr(", shape k = %1").arg(PlanText::value(m.weibullShape)) : QString());
    for (const std::string& note : m.notes)
        lines << tr("Note: %1.").arg(QString::fromStdString(note));
    modelText_->setText(lines.join(QLatin1Char('\n')));
    use_->setEnabled(true);
}

std::optional<Scenario> FitResultsPanel::fittedScenario() const
{
    if (!model_)
        return std::nullopt;
    try {
        return withFittedFailures(scenario_, model_->failures);
    } catch (const std::exception&) {
        return std::nullopt;
    }
}

void FitResultsPanel::setFitCommand(const QString& command) { command_->setText(command); }

void FitResultsPanel::showApplied(const QString& text, bool ok)
{
    applied_->setStyleSheet(ok ? QString() : QStringLiteral("color: #b00"));
    applied_->setText(text);
}

ChartPanel* FitResultsPanel::chart(const QString& name) const
{
    const auto index = FitCharts::names().indexOf(name);
    return index >= 0 ? chartPanels_[index] : nullptr;
}

}  // namespace spare
