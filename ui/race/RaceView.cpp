#include "ui/race/RaceView.h"

#include "engine/layout/Layout.h"
#include "engine/planning/RegimeContender.h"
#include "ui/charts/ChartPalette.h"
#include "ui/charts/ChartPanel.h"
#include "ui/charts/ProgressChart.h"
#include "ui/models/EventLogModel.h"
#include "ui/playback/PlaybackClock.h"
#include "ui/playback/PlaybackCursor.h"
#include "ui/playback/RunSetup.h"
#include "ui/playback/SimulationWorker.h"
#include "ui/timeline/TimelineWidget.h"
#include "ui/views/ClusterView.h"

#include <QCheckBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QSplitter>
#include <QVBoxLayout>

#include <algorithm>

namespace spare {

RaceView::RaceView(QWidget* parent) : QWidget(parent)
{
    clock_ = new PlaybackClock(this);
    auto* outer = new QVBoxLayout(this);
    timeLabel_ = new QLabel;
    sameRedundancy_ = new QCheckBox(tr("Same r for all"));
    sameRedundancy_->setObjectName(QStringLiteral("sameRedundancy"));
    sameRedundancy_->setToolTip(tr("Off: each policy races at its own best r (Rep+CKPT: run.rep_redundancy). "
                                   "On: SPARe+CKPT and Rep+CKPT both at cluster.redundancy."));
    auto* top = new QHBoxLayout;
    top->addWidget(timeLabel_, 1);
    top->addWidget(sameRedundancy_);
    outer->addLayout(top);
    connect(sameRedundancy_, &QCheckBox::toggled, this, [this] {
        if (started_)
            start(base_, trace_);
    });
    auto* splitter = new QSplitter(Qt::Vertical);
    auto* lanesHost = new QWidget;
    auto* grid = new QGridLayout(lanesHost);
    grid->setColumnStretch(1, 3);
    grid->setColumnStretch(2, 2);
    for (std::size_t i = 0; i < lanes_.size(); ++i) {
        Lane& lane = lanes_[i];
        lane.cursor = new PlaybackCursor(this);
        lane.worker = new SimulationWorker(this);
        connect(lane.worker, &SimulationWorker::chunkReady, lane.cursor, &PlaybackCursor::append);
        connect(lane.worker, &SimulationWorker::chunkReady, this, &RaceView::recordingGrew);
        connect(lane.worker, &SimulationWorker::finished, this, [this, i](const RunMetrics& metrics) {
            lanes_[i].finalMetrics = metrics;
            timeline_->setUnfinished(static_cast<int>(i),
                                     metrics.completed ? QString()
                                                       : tr("%1 unfinished at %2 x T0")
                                                             .arg(QString::fromLatin1(policyDisplayName(kPolicies[i])))
                                                             .arg(metrics.tttRatio, 0, 'g', 3));
            showControllerPhases();
            refreshBreakdown(clock_->time());
        });
        connect(lane.worker, &SimulationWorker::failed, this, [this, i](const QString& message) {
            emit laneFailed(tr("%1: %2").arg(QString::fromLatin1(policyDisplayName(kPolicies[i])), message));
        });
        clock_->addCursor(lane.cursor);
        auto* name = new QLabel(QStringLiteral("<b>%1</b>").arg(QString::fromLatin1(policyDisplayName(kPolicies[i]))));
        name->setStyleSheet(QStringLiteral("color: %1;").arg(ChartPalette::policy(kPolicies[i]).name()));
        lane.info = new QLabel;
        lane.info->setObjectName(QStringLiteral("laneInfo%1").arg(i));
        auto* left = new QVBoxLayout;
        left->addWidget(name);
        left->addWidget(lane.info);
        left->addStretch(1);
        lane.strip = new ClusterView(lane.cursor);
        lane.strip->setCompact(true);
        lane.strip->setMinimumHeight(48);
        lane.progress = new QProgressBar;
        lane.progress->setFormat(tr("%v / %m steps"));
        lane.figures = new QLabel;
        auto* right = new QVBoxLayout;
        right->addWidget(lane.progress);
        right->addWidget(lane.figures);
        const int row = static_cast<int>(i);
        grid->addLayout(left, row, 0);
        grid->addWidget(lane.strip, row, 1);
        grid->addLayout(right, row, 2);
        grid->setRowStretch(row, 1);
    }
    splitter->addWidget(lanesHost);
    auto* charts = new QSplitter(Qt::Horizontal);
    chart_ = new ProgressChart;
    charts->addWidget(chart_);
    breakdown_ = new ChartPanel;
    breakdown_->setObjectName(QString::fromLatin1(TimeBreakdownChart::kId));
    charts->addWidget(breakdown_);
    charts->setStretchFactor(0, 1);
    charts->setStretchFactor(1, 1);
    splitter->addWidget(charts);
    splitter->setStretchFactor(0, 2);
    splitter->setStretchFactor(1, 3);
    outer->addWidget(splitter, 1);
    // Outside the splitter: a splitter gives a wrapped label less height than it needs, squeezing the chart above it.
    phases_ = new QLabel;
    phases_->setObjectName(QStringLiteral("controllerPhases"));
    phases_->setWordWrap(true);
    phases_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    outer->addWidget(phases_);
    timeline_ = new TimelineWidget(clock_);
    for (std::size_t i = 0; i < lanes_.size(); ++i)
        timeline_->addRun(QString::fromLatin1(policyDisplayName(kPolicies[i])), lanes_[i].cursor, true);
    outer->addWidget(timeline_);
    connect(clock_, &PlaybackClock::ticked, this, &RaceView::refresh);
    connect(clock_, &PlaybackClock::seeked, this, &RaceView::rebuildChart);
}

RaceView::~RaceView() = default;

std::vector<RegimeContender> RaceView::classicLanes()
{
    std::vector<RegimeContender> lanes;
    for (const Policy p : kPolicies)
        lanes.push_back({policyName(p), p, false});
    return lanes;
}

void RaceView::setSameRedundancy(bool same)
{
    sameRedundancy_->setChecked(same);
}

bool RaceView::sameRedundancy() const
{
    return sameRedundancy_->isChecked();
}

QString RaceView::laneInfo(int lane) const
{
    return lanes_[static_cast<std::size_t>(lane)].info->text();
}

void RaceView::start(const Scenario& scenario, const std::optional<std::vector<TraceFailure>>& trace)
{
    base_ = scenario;
    trace_ = trace;
    clock_->pause();
    chart_->reset(scenario.steps);
    shownBars_.clear();
    phases_->clear();
    for (std::size_t i = 0; i < lanes_.size(); ++i) {
        Lane& lane = lanes_[i];
        const std::vector<RegimeContender> lineup = classicLanes();
        const RunSetup setup = RunSetup::prepare(contenderScenario(scenario, lineup[i], lineup, sameRedundancy()), trace);
        lane.failuresSeen = 0;
        lane.finalMetrics.reset();
        timeline_->setUnfinished(static_cast<int>(i), QString());
        lane.progress->setRange(0, setup.scenario.steps);
        lane.progress->setValue(0);
        lane.chartLine = chart_->addLine(QString::fromLatin1(policyDisplayName(kPolicies[i])), ChartPalette::policy(kPolicies[i]));
        lane.checkpointInterval = setup.checkpointIntervalSteps;
        if (!setup.ok()) {
            lane.worker->cancel();
            lane.cursor->reset(setup.scenario, nullptr);
            lane.cursor->endRecording(setup.problems.join(QLatin1Char('\n')).toStdString());
            lane.checkpointInterval = 0;
            lane.info->setText(tr("not run: %1").arg(setup.problems.join(QStringLiteral("; "))));
            emit laneFailed(tr("%1: %2").arg(QString::fromLatin1(policyDisplayName(kPolicies[i])),
                                             setup.problems.join(QStringLiteral("; "))));
            continue;
        }
        lane.info->setText(tr("r = %1, T_c = %2 steps").arg(setup.scenario.redundancy).arg(setup.checkpointIntervalSteps));
        lane.cursor->reset(setup);
        lane.worker->start(setup);
    }
    clock_->syncTo(0.0);
    started_ = true;
    clock_->play();
}

void RaceView::stop()
{
    for (Lane& lane : lanes_) {
        lane.worker->cancel();
        lane.cursor->endRecording("stopped by the user");
    }
}

void RaceView::rebuildChart(double time)
{
    // After a seek the chart is redrawn from the recordings: every commit and rollback up to `time`.
    chart_->reset(lanes_[0].cursor->scenario().steps);
    chart_->ensureTimeRange(time);
    for (std::size_t i = 0; i < lanes_.size(); ++i) {
        Lane& lane = lanes_[i];
        lane.chartLine = chart_->addLine(QString::fromLatin1(policyDisplayName(kPolicies[i])), ChartPalette::policy(kPolicies[i]));
        const Recording& r = lane.cursor->recording();
        const std::size_t count = r.eventsUpTo(time);
        int steps = 0;
        chart_->addPoint(lane.chartLine, 0.0, 0);
        for (std::size_t k = 0; k < count; ++k) {
            const Event& e = r.event(k);
            if (e.kind == EventKind::StepEnd) {
                steps = e.step + 1;
                chart_->addPoint(lane.chartLine, e.time, steps);
            } else if (e.kind == EventKind::Rollback) {
                steps = e.step;
                chart_->addPoint(lane.chartLine, e.time, steps);
            } else if (e.kind == EventKind::Failure) {
                chart_->addFailureMarker(lane.chartLine, e.time, steps);
            }
        }
        lane.failuresSeen = lane.cursor->state().failures();
    }
    refresh();
    chart_->flush();
}

void RaceView::refresh()
{
    const double t = clock_->time();
    timeLabel_->setText(tr("Race on one clock: %1 simulated (h:mm:ss), %2 real time. "
                           "Same scenario, same seed, three policies.")
                            .arg(EventLogModel::formatTime(t))
                            .arg(PlaybackClock::speedText(clock_->speed())));
    for (Lane& lane : lanes_) {
        const DisplayedFigures f = lane.cursor->state().figures();
        lane.progress->setValue(f.stepsDone);
        lane.figures->setText(tr("down %1 h | availability %2% | restarts %3 | failures %4%5")
                                  .arg(f.downTimeS / 3600.0, 0, 'f', 1)
                                  .arg(100.0 * f.availability, 0, 'f', 1)
                                  .arg(f.restarts)
                                  .arg(f.failures)
                                  .arg(f.finished ? tr(" | DONE at %1 h").arg(f.timeS / 3600.0, 0, 'f', 1) : QString()));
        chart_->addPoint(lane.chartLine, f.timeS, f.stepsDone);
        if (f.failures > lane.failuresSeen) {
            chart_->addFailureMarker(lane.chartLine, f.timeS, f.stepsDone);
            lane.failuresSeen = f.failures;
        }
    }
    refreshBreakdown(t);
}

void RaceView::refreshBreakdown(double time)
{
    QVector<TimeBreakdownChart::Bar> bars;
    for (std::size_t i = 0; i < lanes_.size(); ++i) {
        const Lane& lane = lanes_[i];
        if (lane.checkpointInterval == 0)
            continue;
        TimeBreakdownChart::Bar bar{kPolicies[i], lane.cursor->scenario().redundancy, 0.0, {}, true};
        const Recording& recording = lane.cursor->recording();
        if (lane.finalMetrics && time >= lane.finalMetrics->tttS) {
            bar.tttS = lane.finalMetrics->tttS;
            bar.parts = lane.finalMetrics->timeBreakdown;
            bar.completed = lane.finalMetrics->completed;
        } else if (const IndexedSnapshot* indexed = recording.snapshotAtOrBefore(recording.eventsUpTo(time))) {
            bar.tttS = indexed->snapshot.time;
            bar.parts = indexed->snapshot.timeBreakdown;
        }
        bars.append(bar);
    }
    if (bars == shownBars_)
        return;
    shownBars_ = bars;
    breakdown_->setSpec(TimeBreakdownChart::build(
        bars, tr("%1, seed %2, so far")
                  .arg(QString::fromStdString(base_.name))
                  .arg(base_.seed)));
}

void RaceView::showControllerPhases()
{
    const Lane& spare = lanes_[static_cast<std::size_t>(std::find(kPolicies.begin(), kPolicies.end(), Policy::Spare) -
                                                        kPolicies.begin())];
    if (!spare.finalMetrics)
        return;
    const RunMetrics& m = *spare.finalMetrics;
    const std::int64_t decisions = m.phase0Decisions + m.phase2Decisions + m.wipeouts;
    const std::int64_t withoutReorder = m.executedSteps - m.stepsReordered;
    const auto percent = [](std::int64_t part, std::int64_t whole) {
        return whole > 0 ? 100.0 * static_cast<double>(part) / static_cast<double>(whole) : 0.0;
    };
    phases_->setText(tr("SPARe+CKPT's reorder controller: the fixed check settles %1% of decisions (%2 of %3); "
                        "%4% of executed steps need no reorder (%5 of %6).")
                         .arg(percent(m.phase0Decisions, decisions), 0, 'f', 1)
                         .arg(m.phase0Decisions)
                         .arg(decisions)
                         .arg(percent(withoutReorder, m.executedSteps), 0, 'f', 1)
                         .arg(withoutReorder)
                         .arg(m.executedSteps));
}

}  // namespace spare
