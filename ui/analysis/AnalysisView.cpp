#include "ui/analysis/AnalysisView.h"

#include "engine/layout/Layout.h"
#include "engine/study/AnalysisSummary.h"
#include "ui/analysis/AnalysisCharts.h"
#include "ui/analysis/AnalysisRunner.h"
#include "ui/analysis/RegimeMapPage.h"
#include "ui/base/ErrorText.h"
#include "ui/charts/ChartPanel.h"

#include <QElapsedTimer>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QMessageBox>
#include <QProgressBar>
#include <QSpinBox>
#include <QPushButton>
#include <QSplitter>
#include <QTabWidget>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace spare {
namespace {

// Tab title -> the chart ids it shows (two side by side for the layout comparison).
const std::pair<const char*, QStringList> kTabs[] = {
    {"Throughput vs r", {QStringLiteral("throughput-vs-r")}},
    {"Availability", {QStringLiteral("availability-vs-r"), QStringLiteral("ettr-vs-r")}},
    {"Stack number", {QStringLiteral("stack-number-vs-r")}},
    {"Endured failures", {QStringLiteral("mu-vs-r")}},
    {"TTT vs N", {QStringLiteral("ttt-vs-n")}},
    {"Checkpoint period", {QStringLiteral("checkpoint-period")}},
    {"Layouts", {QStringLiteral("layouts-mu"), QStringLiteral("layouts-sbar")}},
    {"Time breakdown", {QStringLiteral("time-breakdown")}},
    {"Correlated failures", {QStringLiteral("correlated-failures"), QStringLiteral("correlated-availability")}},
    {"Repair what-if", {QStringLiteral("repair-spares"), QStringLiteral("repair-swap")}},
};

// While results stream in, the progress bar follows at most every kProgressMs and the charts are
// rebuilt at most every kMinRefreshMs, and never more often than kRefreshCostFactor times the last
// rebuild took: the sweep's workers share the cores with the GUI thread, so every rebuild and repaint
// slows the sweep down (one queued update per finished run would otherwise repaint each time).
constexpr int kProgressMs = 200;
constexpr int kMinRefreshMs = 1000;
constexpr int kRefreshCostFactor = 30;

}  // namespace

AnalysisView::AnalysisView(QWidget* parent)
    : QWidget(parent), runner_(new AnalysisRunner(this)), tabs_(new QTabWidget(this)), status_(new QLabel(this)),
      summary_(new QLabel(this)), progressBar_(new QProgressBar(this)), cancel_(new QPushButton(tr("Cancel"), this)),
      rerun_(new QPushButton(tr("Run again"), this)), loadLayout_(new QPushButton(tr("Compare layout..."), this)),
      chosenRedundancy_(new QSpinBox(this)), rackSharePercent_(new QSpinBox(this)), progressTimer_(new QTimer(this)), refreshTimer_(new QTimer(this))
{
    auto* layout = new QVBoxLayout(this);
    auto* bar = new QHBoxLayout;
    bar->addWidget(status_, 1);
    bar->addWidget(new QLabel(tr("r for N / T_c:"), this));
    bar->addWidget(chosenRedundancy_);
    bar->addWidget(rackSharePercent_);
    bar->addWidget(loadLayout_);
    bar->addWidget(progressBar_);
    bar->addWidget(cancel_);
    bar->addWidget(rerun_);
    layout->addLayout(bar);
    summary_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    summary_->setWordWrap(true);
    layout->addWidget(summary_);
    layout->addWidget(tabs_, 1);

    for (const auto& [title, ids] : kTabs) {
        auto* splitter = new QSplitter(Qt::Horizontal, tabs_);
        for (const QString& id : ids) {
            auto* chart = new ChartPanel(splitter);
            chart->setObjectName(id);
            panels_.insert(id, chart);
            splitter->addWidget(chart);
        }
        tabs_->addTab(splitter, tr(title));
    }
    regimeMap_ = new RegimeMapPage(tabs_);
    regimeMap_->setObjectName(QStringLiteral("regimeMapPage"));
    tabs_->addTab(regimeMap_, tr("Regime map"));  // after kTabs: currentChartSpec() counts on their order
    progressBar_->setRange(0, 1);
    progressBar_->setValue(0);
    cancel_->setEnabled(false);
    status_->setText(tr("No scenario yet"));

    progressTimer_->setSingleShot(true);
    progressTimer_->setInterval(kProgressMs);
    connect(progressTimer_, &QTimer::timeout, this, &AnalysisView::showProgress);
    refreshTimer_->setSingleShot(true);
    refreshTimer_->setInterval(kMinRefreshMs);
    connect(refreshTimer_, &QTimer::timeout, this, &AnalysisView::refreshCharts);
    connect(tabs_, &QTabWidget::currentChanged, this, [this] {
        for (const QString& name : QSet<QString>(stale_))
            if (panels_.value(name)->parentWidget() == tabs_->currentWidget())
                refreshPanel(name);
    });
    chosenRedundancy_->setRange(1, 64);
    chosenRedundancy_->setToolTip(tr("Redundancy of the TTT vs N sweep and the checkpoint-period explorer"));
    connect(chosenRedundancy_, &QSpinBox::editingFinished, this, [this] { setChosenRedundancy(chosenRedundancy_->value()); });
    rackSharePercent_->setObjectName(QStringLiteral("rackShare"));
    rackSharePercent_->setRange(0, 90);
    rackSharePercent_->setPrefix(tr("racks "));
    rackSharePercent_->setSuffix(tr(" %"));
    rackSharePercent_->setToolTip(tr("Correlated failures what-if: the share of the failure rate that comes as whole-rack "
                                      "failures, at the same rate per GPU (0 % turns it off; needs a topology)"));
    connect(rackSharePercent_, &QSpinBox::editingFinished, this,
            [this] { setRackShare(rackSharePercent_->value() / 100.0); });
    loadLayout_->setToolTip(tr("Add a layout JSON file to the layout comparison"));
    connect(loadLayout_, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Layout to compare"), QString(), tr("Layout JSON (*.json)"));
        QString error;
        if (!path.isEmpty() && !setComparedLayout(path, &error)) {
            auto* box = new QMessageBox(QMessageBox::Warning, tr("Compare layout"),
                                        tr("%1 is not a usable layout; nothing was recomputed.").arg(path), QMessageBox::Ok, this);
            box->setInformativeText(error);
            box->setAttribute(Qt::WA_DeleteOnClose);
            box->open();
        }
    });
    connect(cancel_, &QPushButton::clicked, this, &AnalysisView::cancel);
    connect(rerun_, &QPushButton::clicked, this, &AnalysisView::rerun);
    connect(runner_, &AnalysisRunner::updated, this, &AnalysisView::onUpdated);
    connect(runner_, &AnalysisRunner::finished, this, &AnalysisView::onFinished);
}

AnalysisView::~AnalysisView() = default;

void AnalysisView::setScenario(const Scenario& scenario)
{
    setRequest(AnalysisRequest::interactiveDefaults(scenario));
}

void AnalysisView::setRequest(const AnalysisRequest& request)
{
    regimeMap_->setScenario(request.scenario);
    {
        const QSignalBlocker blocker(chosenRedundancy_);
        chosenRedundancy_->setRange(1, std::min(request.scenario.groups, 64));
        chosenRedundancy_->setValue(request.chosenRedundancy);
        const QSignalBlocker shareBlocker(rackSharePercent_);
        rackSharePercent_->setValue(static_cast<int>(std::lround(100.0 * request.rackShare)));
    }
    status_->setText(tr("%1: computing").arg(QString::fromStdString(request.scenario.name)));
    cancel_->setEnabled(true);
    progressTimer_->stop();
    progress_ = AnalysisProgress{0, AnalysisStudy::totalUnits(request), {}};
    progressBar_->setRange(0, std::max(1, progress_.total));
    progressBar_->setValue(0);
    runner_->start(request);
    refreshCharts();
}

const AnalysisRequest& AnalysisView::request() const
{
    return runner_->request();
}

const AnalysisResults& AnalysisView::results() const
{
    return runner_->results();
}

bool AnalysisView::running() const
{
    return runner_->running();
}

QStringList AnalysisView::chartNames() const
{
    return AnalysisCharts::names();
}

std::optional<ChartSpec> AnalysisView::chartSpec(const QString& name) const
{
    return AnalysisCharts::build(name, runner_->request(), runner_->results());
}

std::optional<ChartSpec> AnalysisView::currentChartSpec() const
{
    const int index = tabs_->currentIndex();  // the tabs are kTabs, in order
    if (index < 0 || index >= static_cast<int>(std::size(kTabs)))
        return std::nullopt;
    return chartSpec(kTabs[index].second.front());
}

void AnalysisView::setChartStyle(const ChartStyle& style)
{
    for (ChartPanel* chart : std::as_const(panels_))
        chart->setChartStyle(style);
}

QString AnalysisView::summaryText() const
{
    return summary_->text();
}

void AnalysisView::rerun()
{
    if (runner_->request().redundancies.empty())
        return;
    setRequest(runner_->request());
}

void AnalysisView::setChosenRedundancy(int redundancy)
{
    if (runner_->request().redundancies.empty() || redundancy == runner_->request().chosenRedundancy)
        return;
    AnalysisRequest request = runner_->request();
    request.chosenRedundancy = redundancy;
    setRequest(request);
}

void AnalysisView::setRackShare(double share)
{
    share = std::clamp(share, 0.0, 0.9);
    if (runner_->request().redundancies.empty() || share == runner_->request().rackShare)
        return;
    AnalysisRequest request = runner_->request();
    request.rackShare = share;
    setRequest(request);
}

bool AnalysisView::setComparedLayout(const QString& path, QString* error)
{
    if (runner_->request().redundancies.empty())
        return false;
    // Checked before anything is recomputed: a bad file costs nothing but its message.
    try {
        Layout::fromJsonFile(path.toStdString());
    } catch (const std::exception& e) {
        *error = errorText(e);
        return false;
    }
    AnalysisRequest request = runner_->request();
    request.extraLayoutPath = path.toStdString();
    setRequest(request);
    return true;
}

void AnalysisView::cancel()
{
    runner_->cancel();
    cancel_->setEnabled(false);
}

void AnalysisView::onUpdated(const AnalysisResults&, const AnalysisProgress& progress)
{
    progress_ = progress;
    if (!progressTimer_->isActive())
        progressTimer_->start();
    if (!refreshTimer_->isActive())
        refreshTimer_->start();
}

void AnalysisView::showProgress()
{
    // A cancelled or failed computation keeps the bar where it stopped, not at 100%.
    if (runner_->running() || runner_->results().complete) {
        progressBar_->setRange(0, std::max(1, progress_.total));
        progressBar_->setValue(progress_.done);
    }
    if (!progress_.stage.empty())
        status_->setText(tr("%1: %2").arg(QString::fromStdString(runner_->request().scenario.name),
                                          QString::fromStdString(progress_.stage)));
}

void AnalysisView::onFinished(const AnalysisResults& results)
{
    progressTimer_->stop();
    refreshTimer_->stop();
    showProgress();
    refreshCharts();
    cancel_->setEnabled(false);
    const QString name = QString::fromStdString(runner_->request().scenario.name);
    if (results.error)
        status_->setText(tr("%1: stopped: %2").arg(name, errorText(results.error)));
    else if (results.cancelled)
        status_->setText(tr("%1: cancelled (partial results shown)").arg(name));
    else
        status_->setText(tr("%1: done").arg(name));
    emit analysisFinished();
}

// Only the charts on the current tab are rebuilt while results stream in; the others are marked stale
// and rebuilt when their tab is shown, which keeps the GUI thread's work per update small.
void AnalysisView::refreshCharts()
{
    QElapsedTimer cost;
    cost.start();
    const QWidget* current = tabs_->currentWidget();
    for (auto it = panels_.constBegin(); it != panels_.constEnd(); ++it) {
        if (it.value()->parentWidget() == current)
            refreshPanel(it.key());
        else
            stale_.insert(it.key());
    }
    summary_->setText(QString::fromStdString(AnalysisSummary::oneLine(runner_->request(), runner_->results())));
    refreshTimer_->setInterval(static_cast<int>(std::max<qint64>(kMinRefreshMs, kRefreshCostFactor * cost.elapsed())));
}

void AnalysisView::refreshPanel(const QString& name)
{
    stale_.remove(name);
    if (const auto spec = chartSpec(name))
        panels_.value(name)->setSpec(*spec);
}

}  // namespace spare
