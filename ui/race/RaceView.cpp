#include "ui/race/RaceView.h"

#include "engine/layout/Layout.h"
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
#include <QComboBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QSplitter>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <stdexcept>

namespace spare {

namespace {

QColor laneColour(const RegimeContender& contender)
{
    const QColor colour = ChartPalette::policy(contender.policy);
    return contender.memoryTier ? colour.darker(150) : colour;
}

}  // namespace

std::vector<RegimeContender> RaceView::classicLanes()
{
    std::vector<RegimeContender> lanes;
    for (const Policy p : {Policy::Ckpt, Policy::Rep, Policy::Spare})
        lanes.push_back({policyName(p), p, false});
    return lanes;
}

RaceView::RaceView(QWidget* parent) : QWidget(parent), contenders_(classicLanes())
{
    clock_ = new PlaybackClock(this);
    outer_ = new QVBoxLayout(this);
    timeLabel_ = new QLabel;
    sameRedundancy_ = new QCheckBox(tr("Same r for all"));
    sameRedundancy_->setObjectName(QStringLiteral("sameRedundancy"));
    sameRedundancy_->setToolTip(tr("Off: each policy races at its own best r (Rep+CKPT: run.rep_redundancy). "
                                   "On: SPARe+CKPT and Rep+CKPT both at cluster.redundancy."));
    auto* top = new QHBoxLayout;
    top->addWidget(timeLabel_, 1);
    top->addWidget(sameRedundancy_);
    outer_->addLayout(top);
    // The lane bar: a contender per lane, add / remove a lane.
    auto* bar = new QHBoxLayout;
    bar->addWidget(new QLabel(tr("Lanes:")));
    for (int i = 0; i < kMaxLanes; ++i) {
        auto* choice = new QComboBox;
        choice->setObjectName(QStringLiteral("laneChoice%1").arg(i));
        choice->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        choice->setMinimumContentsLength(8);
        for (const RegimeContender& c : allRegimeContenders())
            choice->addItem(QString::fromStdString(contenderDisplayName(c)), QString::fromStdString(c.name));
        connect(choice, &QComboBox::activated, this, [this, i](int index) { chooseLane(i, index); });
        choices_.push_back(choice);
        bar->addWidget(choice);
    }
    addLane_ = new QToolButton;
    addLane_->setObjectName(QStringLiteral("addLane"));
    addLane_->setText(tr("+ lane"));
    addLane_->setToolTip(tr("Race one more contender (at most %1)").arg(kMaxLanes));
    connect(addLane_, &QToolButton::clicked, this, &RaceView::addLane);
    removeLane_ = new QToolButton;
    removeLane_->setObjectName(QStringLiteral("removeLane"));
    removeLane_->setText(tr("- lane"));
    removeLane_->setToolTip(tr("Drop the last lane (at least %1 stay)").arg(kMinLanes));
    connect(removeLane_, &QToolButton::clicked, this, &RaceView::removeLane);
    bar->addWidget(addLane_);
    bar->addWidget(removeLane_);
    bar->addStretch(1);
    outer_->addLayout(bar);
    connect(sameRedundancy_, &QCheckBox::toggled, this, [this] {
        if (started_)
            start(base_, trace_);
    });
    auto* splitter = new QSplitter(Qt::Vertical);
    auto* lanesHost = new QWidget;
    lanesLayout_ = new QGridLayout(lanesHost);
    lanesLayout_->setContentsMargins(0, 0, 0, 0);
    lanesLayout_->setColumnStretch(1, 3);
    lanesLayout_->setColumnStretch(2, 2);
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
    outer_->addWidget(splitter, 1);
    // Outside the splitter: a splitter gives a wrapped label less height than it needs, squeezing the chart above it.
    phases_ = new QLabel;
    phases_->setObjectName(QStringLiteral("controllerPhases"));
    phases_->setWordWrap(true);
    phases_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    outer_->addWidget(phases_);
    buildLanes();
    connect(clock_, &PlaybackClock::ticked, this, &RaceView::refresh);
    connect(clock_, &PlaybackClock::seeked, this, &RaceView::rebuildChart);
}

RaceView::~RaceView() = default;

RaceView::Lane RaceView::makeLane(const RegimeContender& contender, int index)
{
    Lane lane;
    lane.contender = contender;
    lane.name = QString::fromStdString(contenderDisplayName(contender));
    lane.cursor = new PlaybackCursor(this);
    lane.worker = new SimulationWorker(this);
    connect(lane.worker, &SimulationWorker::chunkReady, lane.cursor, &PlaybackCursor::append);
    connect(lane.worker, &SimulationWorker::chunkReady, this, &RaceView::recordingGrew);
    const int generation = generation_;
    connect(lane.worker, &SimulationWorker::finished, this, [this, index, generation](const RunMetrics& metrics) {
        if (generation != generation_)
            return;
        Lane& l = lanes_[static_cast<std::size_t>(index)];
        l.finalMetrics = metrics;
        timeline_->setUnfinished(index, metrics.completed ? QString()
                                                          : tr("%1 unfinished at %2 x T0").arg(l.name).arg(metrics.tttRatio, 0, 'g', 3));
        showControllerPhases();
        refreshBreakdown(clock_->time());
    });
    connect(lane.worker, &SimulationWorker::failed, this, [this, index, generation](const QString& message) {
        if (generation == generation_)
            emit laneFailed(tr("%1: %2").arg(lanes_[static_cast<std::size_t>(index)].name, message));
    });
    clock_->addCursor(lane.cursor);
    auto* name = new QLabel(QStringLiteral("<b>%1</b>").arg(lane.name.toHtmlEscaped()));
    name->setStyleSheet(QStringLiteral("color: %1;").arg(laneColour(contender).name()));
    lane.info = new QLabel;
    lane.info->setObjectName(QStringLiteral("laneInfo%1").arg(index));
    lane.left = new QWidget;
    auto* left = new QVBoxLayout(lane.left);
    left->setContentsMargins(0, 0, 0, 0);
    left->addWidget(name);
    left->addWidget(lane.info);
    left->addStretch(1);
    lane.strip = new ClusterView(lane.cursor);
    lane.strip->setCompact(true);
    lane.strip->setMinimumHeight(48);
    lane.progress = new QProgressBar;
    lane.figures = new QLabel;
    lane.figures->setObjectName(QStringLiteral("laneFigures%1").arg(index));
    lane.figures->setWordWrap(true);
    lane.right = new QWidget;
    auto* right = new QVBoxLayout(lane.right);
    right->setContentsMargins(0, 0, 0, 0);
    right->addWidget(lane.progress);
    right->addWidget(lane.figures);
    lanesLayout_->addWidget(lane.left, index, 0);
    lanesLayout_->addWidget(lane.strip, index, 1);
    lanesLayout_->addWidget(lane.right, index, 2);
    return lane;
}

void RaceView::buildLanes()
{
    ++generation_;
    for (Lane& lane : lanes_) {
        clock_->removeCursor(lane.cursor);
        delete lane.left;
        delete lane.strip;
        delete lane.right;
        delete lane.worker;  // cancels and joins its run
        delete lane.cursor;
    }
    lanes_.clear();
    for (std::size_t i = 0; i < contenders_.size(); ++i)
        lanes_.push_back(makeLane(contenders_[i], static_cast<int>(i)));
    for (int row = 0; row < kMaxLanes; ++row)
        lanesLayout_->setRowStretch(row, row < laneCount() ? 1 : 0);
    // The timeline has no way to drop a run: a new one, in the old one's place.
    const int timelineIndex = timeline_ ? outer_->indexOf(timeline_) : outer_->count();
    delete timeline_;
    timeline_ = new TimelineWidget(clock_);
    for (const Lane& lane : lanes_)
        timeline_->addRun(lane.name, lane.cursor, true);
    outer_->insertWidget(timelineIndex, timeline_);
    syncLaneBar();
}

void RaceView::syncLaneBar()
{
    const std::vector<RegimeContender> all = allRegimeContenders();
    for (std::size_t i = 0; i < choices_.size(); ++i) {
        const bool used = i < contenders_.size();
        choices_[i]->setVisible(used);
        if (used)
            choices_[i]->setCurrentIndex(
                static_cast<int>(std::find(all.begin(), all.end(), contenders_[i]) - all.begin()));
    }
    addLane_->setEnabled(laneCount() < kMaxLanes);
    removeLane_->setEnabled(laneCount() > kMinLanes);
}

void RaceView::setLanes(const std::vector<RegimeContender>& lanes)
{
    if (lanes.size() < static_cast<std::size_t>(kMinLanes) || lanes.size() > static_cast<std::size_t>(kMaxLanes))
        throw std::invalid_argument("RaceView::setLanes: " + std::to_string(lanes.size()) + " lanes; allowed: 2 .. 6");
    contenders_ = lanes;
    buildLanes();
}

void RaceView::restartWith(const std::vector<RegimeContender>& lanes)
{
    setLanes(lanes);
    if (started_)
        start(base_, trace_);
}

void RaceView::addLane()
{
    if (laneCount() >= kMaxLanes)
        return;
    std::vector<RegimeContender> lanes = contenders_;
    const std::vector<RegimeContender> all = allRegimeContenders();
    const auto fresh = std::find_if(all.begin(), all.end(), [&](const RegimeContender& c) {
        return std::find(lanes.begin(), lanes.end(), c) == lanes.end();
    });
    lanes.push_back(*fresh);
    restartWith(lanes);
}

void RaceView::removeLane()
{
    if (laneCount() <= kMinLanes)
        return;
    std::vector<RegimeContender> lanes = contenders_;
    lanes.pop_back();
    restartWith(lanes);
}

void RaceView::chooseLane(int lane, int choice)
{
    const std::vector<RegimeContender> all = allRegimeContenders();
    if (choice < 0 || choice >= static_cast<int>(all.size()) || lane >= laneCount())
        return;
    std::vector<RegimeContender> lanes = contenders_;
    lanes[static_cast<std::size_t>(lane)] = all[static_cast<std::size_t>(choice)];
    if (lanes != contenders_)
        restartWith(lanes);
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
    return at(lane).info->text();
}

QString RaceView::laneFigures(int lane) const
{
    return at(lane).figures->text();
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
        const RunSetup setup = RunSetup::prepare(contenderScenario(scenario, lane.contender, contenders_, sameRedundancy()), trace);
        lane.failuresSeen = 0;
        lane.finalMetrics.reset();
        lane.measure.reset();
        const ProgressMeasure measure = setup.scenario.progress.value_or(ProgressModel{}).measure;
        if (setup.scenario.policy == Policy::Elastic && measure != ProgressMeasure::Steps)
            lane.measure.emplace(setup.scenario);
        timeline_->setUnfinished(static_cast<int>(i), QString());
        lane.progress->setRange(0, setup.scenario.steps);
        lane.progress->setValue(0);
        lane.progress->setFormat(lane.measure ? tr("%v / %m %1 steps").arg(QString::fromLatin1(progressMeasureName(measure)))
                                              : tr("%v / %m steps"));
        lane.chartLine = chart_->addLine(lane.name, laneColour(lane.contender));
        if (!setup.ok()) {
            lane.worker->cancel();
            lane.cursor->reset(setup.scenario, nullptr);
            lane.cursor->endRecording(setup.problems.join(QLatin1Char('\n')).toStdString());
            lane.checkpointInterval = 0;
            lane.info->setText(tr("not run: %1").arg(setup.problems.join(QStringLiteral("; "))));
            emit laneFailed(tr("%1: %2").arg(lane.name, setup.problems.join(QStringLiteral("; "))));
            continue;
        }
        const PreparedRun& run = *setup.run;
        lane.checkpointInterval = run.checkpointIntervalSteps;
        lane.info->setText(tr("r = %1, T_c = %2 steps").arg(run.scenario.redundancy).arg(run.checkpointIntervalSteps));
        lane.cursor->reset(run);
        lane.worker->start(run);
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
    chart_->reset(lanes_.front().cursor->scenario().steps);
    chart_->ensureTimeRange(time);
    for (Lane& lane : lanes_) {
        lane.chartLine = chart_->addLine(lane.name, laneColour(lane.contender));
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
        lane.failuresSeen = lane.cursor->state().snapshot().failures;
    }
    refresh();
    chart_->flush();
}

void RaceView::refresh()
{
    const double t = clock_->time();
    timeLabel_->setText(tr("Race on one clock: %1 simulated (h:mm:ss), %2 real time. "
                           "Same scenario, same seed, %3 contenders.")
                            .arg(EventLogModel::formatTime(t))
                            .arg(PlaybackClock::speedText(clock_->speed()))
                            .arg(laneCount()));
    for (Lane& lane : lanes_)
        refreshLane(lane, t);
    refreshBreakdown(t);
}

void RaceView::refreshLane(Lane& lane, double time)
{
    const RunFigures f = lane.cursor->state().figures();
    QString progress;
    if (lane.measure) {
        // Elastic under samples or effective progress: the fold of the events played so far.
        const Recording& r = lane.cursor->recording();
        const std::size_t count = r.eventsUpTo(time);
        if (count < lane.measure->applied())
            lane.measure.emplace(lane.cursor->scenario());
        for (std::size_t k = lane.measure->applied(); k < count; ++k)
            lane.measure->apply(r.event(k));
        const double done = lane.measure->measured();
        lane.progress->setValue(std::min(static_cast<int>(done), lane.progress->maximum()));
        progress = tr(" | batch %1 | %2 %3 in %4 steps")
                       .arg(lane.measure->batchFraction(), 0, 'f', 3)
                       .arg(QString::fromLatin1(progressMeasureName(lane.cursor->scenario().progress.value_or(ProgressModel{}).measure)))
                       .arg(done, 0, 'f', 1)
                       .arg(f.stepsDone);
    } else {
        lane.progress->setValue(std::min(f.stepsDone, lane.progress->maximum()));
    }
    lane.figures->setText(tr("down %1 h | availability %2% | restarts %3 | failures %4%5%6")
                              .arg(f.downTimeS / 3600.0, 0, 'f', 1)
                              .arg(100.0 * f.availability, 0, 'f', 1)
                              .arg(f.restarts)
                              .arg(f.failures)
                              .arg(progress)
                              .arg(f.finished ? tr(" | DONE at %1 h").arg(f.timeS / 3600.0, 0, 'f', 1) : QString()));
    chart_->addPoint(lane.chartLine, f.timeS, f.stepsDone);
    if (f.failures > lane.failuresSeen) {
        chart_->addFailureMarker(lane.chartLine, f.timeS, f.stepsDone);
        lane.failuresSeen = f.failures;
    }
}

void RaceView::refreshBreakdown(double time)
{
    QVector<TimeBreakdownChart::Bar> bars;
    for (const Lane& lane : lanes_) {
        if (lane.checkpointInterval == 0)
            continue;
        TimeBreakdownChart::Bar bar{lane.contender.policy, lane.cursor->scenario().redundancy, 0.0, {}, true,
                                    lane.contender.memoryTier};
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
    const auto percent = [](std::int64_t part, std::int64_t whole) {
        return whole > 0 ? 100.0 * static_cast<double>(part) / static_cast<double>(whole) : 0.0;
    };
    QStringList lines;
    for (const Lane& lane : lanes_) {
        if (lane.contender.policy != Policy::Spare || !lane.finalMetrics)
            continue;
        const RunMetrics& m = *lane.finalMetrics;
        const std::int64_t decisions = m.phase0Decisions + m.phase2Decisions + m.wipeouts;
        const std::int64_t withoutReorder = m.executedSteps - m.stepsReordered;
        lines << tr("%1's reorder controller: the fixed check settles %2% of decisions (%3 of %4); "
                    "%5% of executed steps need no reorder (%6 of %7).")
                     .arg(lane.name)
                     .arg(percent(m.phase0Decisions, decisions), 0, 'f', 1)
                     .arg(m.phase0Decisions)
                     .arg(decisions)
                     .arg(percent(withoutReorder, m.executedSteps), 0, 'f', 1)
                     .arg(withoutReorder)
                     .arg(m.executedSteps);
    }
    phases_->setText(lines.join(QLatin1Char('\n')));
    phases_->setVisible(!lines.isEmpty());
}

}  // namespace spare
