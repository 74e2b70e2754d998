#include "ui/campaign/CampaignView.h"

#include "ui/campaign/CampaignCharts.h"
#include "ui/campaign/CampaignData.h"
#include "ui/campaign/CampaignHeatmapModel.h"
#include "ui/campaign/CampaignResultsLoader.h"
#include "ui/campaign/CampaignRunJob.h"
#include "ui/charts/ChartPanel.h"
#include "ui/export/ChartExportDialog.h"

#include <QComboBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

namespace spare {

namespace {

QPushButton* browseButton(QWidget* parent, QLineEdit* field, bool folder)
{
    auto* button = new QPushButton(QObject::tr("Browse..."), parent);
    QObject::connect(button, &QPushButton::clicked, parent, [parent, field, folder] {
        const QString path = folder ? QFileDialog::getExistingDirectory(parent, QObject::tr("Results folder"), field->text())
                                    : QFileDialog::getOpenFileName(parent, QObject::tr("Campaign file"), field->text(),
                                                                   QObject::tr("Campaign (*.json)"));
        if (!path.isEmpty())
            field->setText(path);
    });
    return button;
}

}  // namespace

CampaignView::CampaignView(QWidget* parent)
    : QWidget(parent), loader_(new CampaignResultsLoader(this)), runJob_(new CampaignRunJob(this)),
      heatmapModel_(new CampaignHeatmapModel(this))
{
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(buildRunBox());

    auto* openRow = new QHBoxLayout;
    auto* open = new QPushButton(tr("Open campaign results..."));
    source_ = new QLabel(tr("No campaign results open: open a merged table (spare-cli campaign merge) or run a campaign."));
    source_->setWordWrap(true);
    openRow->addWidget(open);
    openRow->addWidget(source_, 1);
    layout->addLayout(openRow);

    auto* selectors = new QHBoxLayout;
    metric_ = new QComboBox;
    for (const QString& name : CampaignMetric::names())
        metric_->addItem(CampaignMetric::label(*CampaignMetric::parse(name)), name);
    xKey_ = new QComboBox;
    yKey_ = new QComboBox;
    for (QComboBox* combo : {metric_, xKey_, yKey_}) {
        combo->setSizeAdjustPolicy(QComboBox::AdjustToContents);
        combo->setEnabled(false);  // until results are open
    }
    selectors->addWidget(new QLabel(tr("Metric")));
    selectors->addWidget(metric_);
    selectors->addWidget(new QLabel(tr("x")));
    selectors->addWidget(xKey_);
    selectors->addWidget(new QLabel(tr("y / curves")));
    selectors->addWidget(yKey_);
    selectors->addStretch(1);
    auto* exportButton = new QPushButton(tr("Export chart..."));
    selectors->addWidget(exportButton);
    layout->addLayout(selectors);

    pointRow_ = new QHBoxLayout;
    layout->addLayout(pointRow_);
    problem_ = new QLabel;
    problem_->setStyleSheet(QStringLiteral("color: #b00"));
    problem_->hide();
    layout->addWidget(problem_);

    charts_ = new QTabWidget;
    heatmapTable_ = new QTableView;
    heatmapTable_->setModel(heatmapModel_);
    heatmapTable_->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    heatmapTable_->verticalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    tornado_ = new ChartPanel;
    ciBands_ = new ChartPanel;
    charts_->addTab(heatmapTable_, tr("Heatmap"));
    charts_->addTab(tornado_, tr("Sensitivity (tornado)"));
    charts_->addTab(ciBands_, tr("CI bands"));
    layout->addWidget(charts_, 1);

    connect(open, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Open campaign results"), {},
                                                          tr("Merged campaign table (*.csv *.json)"));
        if (!path.isEmpty())
            openResults(path);
    });
    connect(exportButton, &QPushButton::clicked, this, &CampaignView::exportCurrentChart);
    connect(loader_, &CampaignResultsLoader::loaded, this,
            [this](const QString&, std::shared_ptr<const CampaignData> data) { setData(std::move(data)); });
    connect(loader_, &CampaignResultsLoader::failed, this, &CampaignView::openFailed);
    for (QComboBox* combo : {metric_, xKey_, yKey_})
        connect(combo, &QComboBox::currentIndexChanged, this, [this, combo] {
            if (updating_)
                return;
            if (combo == metric_) {
                // Another metric frees other keys: start from its default axes, keep the base point.
                const QVector<int> point = selection_.point;
                selection_ = CampaignSelection::defaults(*data_, *CampaignMetric::parse(metric_->currentData().toString()));
                selection_.point = point;
                rebuildSelectors();
            } else {
                readSelectors();
            }
            refresh();
        });
    connect(charts_, &QTabWidget::currentChanged, this, &CampaignView::refresh);
}

CampaignView::~CampaignView() = default;

QWidget* CampaignView::buildRunBox()
{
    auto* box = new QGroupBox(tr("Run a campaign on this machine"));
    auto* form = new QFormLayout(box);
    campaignFile_ = new QLineEdit;
    campaignFile_->setPlaceholderText(tr("campaigns/NAME.json"));
    outDir_ = new QLineEdit;
    outDir_->setPlaceholderText(tr("results folder (running again resumes it)"));
    auto* fileRow = new QHBoxLayout;
    fileRow->addWidget(campaignFile_, 1);
    fileRow->addWidget(browseButton(this, campaignFile_, false));
    auto* dirRow = new QHBoxLayout;
    dirRow->addWidget(outDir_, 1);
    dirRow->addWidget(browseButton(this, outDir_, true));
    form->addRow(tr("Campaign file"), fileRow);
    form->addRow(tr("Results folder"), dirRow);
    auto* controls = new QHBoxLayout;
    run_ = new QPushButton(tr("Run / resume"));
    cancel_ = new QPushButton(tr("Cancel"));
    cancel_->setEnabled(false);
    progress_ = new QProgressBar;
    progress_->setRange(0, 1);
    progress_->setValue(0);
    runStatus_ = new QLabel;
    controls->addWidget(run_);
    controls->addWidget(cancel_);
    controls->addWidget(progress_, 1);
    form->addRow(controls);
    form->addRow(runStatus_);
    connect(run_, &QPushButton::clicked, this, [this] { startRun(campaignFile_->text(), outDir_->text()); });
    connect(cancel_, &QPushButton::clicked, this, &CampaignView::cancelRun);
    connect(runJob_, &CampaignRunJob::progressed, this, [this](qulonglong done, qulonglong total) {
        progress_->setRange(0, static_cast<int>(total));
        progress_->setValue(static_cast<int>(done));
        runStatus_->setText(tr("%1 of %2 runs done").arg(done).arg(total));
    });
    connect(runJob_, &CampaignRunJob::finished, this, &CampaignView::runFinished);
    return box;
}

void CampaignView::openResults(const QString& path)
{
    source_->setText(tr("Opening %1...").arg(path));
    loader_->open(path);
}

void CampaignView::setData(std::shared_ptr<const CampaignData> data)
{
    data_ = std::move(data);
    selection_ = CampaignSelection::defaults(*data_, CampaignMetric::Kind::TttRatio);
    source_->setText(tr("%1 (%2): %3 ok runs, %4 failed; grid keys %5")
                         .arg(data_->campaignName(), data_->source())
                         .arg(data_->okRuns())
                         .arg(data_->failedRuns())
                         .arg([this] {
                             QStringList names;
                             for (const CampaignKey& key : data_->keys())
                                 names.append(key.name);
                             return names.join(QStringLiteral(", "));
                         }()));
    rebuildSelectors();
    refresh();
    emit dataChanged();
}

void CampaignView::setSelection(const CampaignSelection& selection)
{
    selection_ = selection;
    rebuildSelectors();
    refresh();
}

void CampaignView::rebuildSelectors()
{
    updating_ = true;
    metric_->setEnabled(data_ != nullptr);
    xKey_->setEnabled(data_ != nullptr);
    yKey_->setEnabled(data_ != nullptr);
    metric_->setCurrentIndex(static_cast<int>(selection_.metric));
    xKey_->clear();
    yKey_->clear();
    yKey_->addItem(tr("(none)"), -1);
    for (QComboBox* combo : pointCombos_)
        combo->parentWidget()->deleteLater();
    pointCombos_.clear();
    if (data_) {
        for (int k : CampaignMetric::freeKeys(selection_.metric, *data_)) {
            xKey_->addItem(data_->keys()[k].name, k);
            yKey_->addItem(data_->keys()[k].name, k);
        }
        xKey_->setCurrentIndex(xKey_->findData(selection_.xKey));
        yKey_->setCurrentIndex(yKey_->findData(selection_.yKey));
        for (int k = 0; k < data_->keys().size(); ++k) {
            auto* holder = new QWidget;
            auto* row = new QHBoxLayout(holder);
            row->setContentsMargins(0, 0, 0, 0);
            auto* combo = new QComboBox;
            combo->addItems(data_->keys()[k].values);
            combo->setCurrentIndex(selection_.point.value(k));
            const bool reduced = CampaignMetric::reducedKeys(selection_.metric).contains(data_->keys()[k].name);
            combo->setEnabled(!reduced);
            combo->setToolTip(reduced ? tr("%1 reduces over %2").arg(CampaignMetric::name(selection_.metric), data_->keys()[k].name)
                                      : tr("Base point: the value of %1 wherever it is not an axis (the tornado's centre)")
                                            .arg(data_->keys()[k].name));
            row->addWidget(new QLabel(data_->keys()[k].name));
            row->addWidget(combo);
            pointRow_->addWidget(holder);
            pointCombos_.append(combo);
            connect(combo, &QComboBox::currentIndexChanged, this, [this] {
                if (updating_)
                    return;
                readSelectors();
                refresh();
            });
        }
    }
    updating_ = false;
}

void CampaignView::readSelectors()
{
    selection_.xKey = xKey_->currentData().toInt();
    selection_.yKey = yKey_->currentData().toInt();
    for (qsizetype k = 0; k < pointCombos_.size(); ++k)
        selection_.point[k] = pointCombos_[k]->currentIndex();
}

void CampaignView::refresh()
{
    if (!data_)
        return;
    const QString problem = selection_.problem(*data_);
    problem_->setText(problem);
    problem_->setVisible(!problem.isEmpty());
    heatmapModel_->setContent(data_, selection_);
    if (!problem.isEmpty())
        return;
    // Only the visible chart is rebuilt; the others follow when their tab is shown.
    if (charts_->currentWidget() == tornado_)
        tornado_->setSpec(CampaignCharts::tornado(*data_, selection_));
    else if (charts_->currentWidget() == ciBands_)
        ciBands_->setSpec(CampaignCharts::ciBands(*data_, selection_));
}

QString CampaignView::currentChart() const { return CampaignCharts::names()[charts_->currentIndex()]; }

void CampaignView::showChart(const QString& name)
{
    charts_->setCurrentIndex(static_cast<int>(std::max<qsizetype>(0, CampaignCharts::names().indexOf(name))));
}

ChartSpec CampaignView::chartSpec(const QString& name) const
{
    if (!data_ || !selection_.problem(*data_).isEmpty())
        return {};
    return CampaignCharts::build(name, *data_, selection_);
}

void CampaignView::exportCurrentChart()
{
    const ChartSpec spec = chartSpec(currentChart());
    if (spec.id.isEmpty()) {
        QMessageBox::information(this, tr("Export chart"), tr("Open campaign results first."));
        return;
    }
    ChartExportDialog::run(this, spec, data_ ? data_->campaignName() : QString());
}

void CampaignView::startRun(const QString& campaignPath, const QString& outDir)
{
    if (!QFileInfo(campaignPath).isFile()) {
        runStatus_->setText(tr("Campaign file '%1': no such file").arg(campaignPath));
        emit runFailed(runStatus_->text());
        return;
    }
    if (outDir.trimmed().isEmpty()) {
        runStatus_->setText(tr("Results folder: choose a folder (a new one, or the one to resume)"));
        emit runFailed(runStatus_->text());
        return;
    }
    campaignFile_->setText(campaignPath);
    outDir_->setText(outDir);
    if (!runJob_->start(campaignPath, outDir))
        return;
    run_->setEnabled(false);
    cancel_->setEnabled(true);
    progress_->setRange(0, 0);
    runStatus_->setText(tr("Starting %1...").arg(campaignPath));
}

void CampaignView::cancelRun()
{
    runJob_->cancel();
    runStatus_->setText(tr("Cancelling: runs stop at their next step..."));
}

void CampaignView::runFinished(const CampaignRunOutcome& outcome)
{
    run_->setEnabled(true);
    cancel_->setEnabled(false);
    if (progress_->maximum() == 0)
        progress_->setRange(0, 1);
    if (!outcome.error.isEmpty()) {
        runStatus_->setText(tr("Failed: %1").arg(outcome.error));
        emit runFailed(outcome.error);
        return;
    }
    if (outcome.cancelled) {
        runStatus_->setText(tr("Cancelled after %1 runs (%2 were done before): Run / resume continues").arg(outcome.ran).arg(outcome.skipped));
        return;
    }
    if (!outcome.merged) {
        runStatus_->setText(tr("%1 runs failed: see spare-cli campaign status %2; Run / resume retries them")
                                .arg(outcome.failed)
                                .arg(outDir_->text()));
        return;
    }
    runStatus_->setText(tr("Done: %1 runs now, %2 before; merged into %3").arg(outcome.ran).arg(outcome.skipped).arg(outcome.mergedPath));
    setData(outcome.merged);
}

}  // namespace spare
