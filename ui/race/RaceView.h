#pragma once

#include "engine/planning/RegimeContender.h"
#include "engine/sim/FailureTrace.h"
#include "engine/sim/RunMetrics.h"
#include "engine/sim/Scenario.h"
#include "ui/charts/TimeBreakdownChart.h"

#include <QWidget>

#include <array>
#include <optional>
#include <vector>

class QCheckBox;
class QLabel;
class QProgressBar;

namespace spare {

class ChartPanel;
class ClusterView;
class PlaybackClock;
class PlaybackCursor;
class ProgressChart;
class SimulationWorker;
class TimelineWidget;

// The same scenario and seed under CKPT-only, Rep+CKPT and SPARe+CKPT side by side on one simulated
// clock (the engine's common random numbers give the three runs the same failure clocks): a compact
// cluster strip, progress and down time per policy, and a live progress-vs-time chart. Each policy
// races at its own best r unless "same r for all" is ticked; every lane names its r and
// checkpoint interval (contenderScenario). Beside the chart, where each lane's time went so far (TimeBreakdownChart, from
// the lane's latest engine snapshot, exact once the clock reaches its end) and, once SPARe+CKPT has
// finished, its reorder controller's phases counted per decision and per executed step.
class RaceView : public QWidget {
    Q_OBJECT
public:
    static constexpr std::array<Policy, 3> kPolicies{Policy::Ckpt, Policy::Rep, Policy::Spare};

    // kPolicies as contenders, without the in-memory tier.
    static std::vector<RegimeContender> classicLanes();

    explicit RaceView(QWidget* parent = nullptr);
    ~RaceView() override;

    // Starts the three runs (policy and r per lane, contenderScenario); `trace` replaces the trace file.
    void start(const Scenario& scenario, const std::optional<std::vector<TraceFailure>>& trace = std::nullopt);
    // Cancels the three runs; what they recorded stays and plays.
    void stop();
    void setSameRedundancy(bool same);
    bool sameRedundancy() const;
    // The checkpoint interval (steps) a lane runs with; 0 when the lane could not start.
    int checkpointInterval(int lane) const { return lanes_[static_cast<std::size_t>(lane)].checkpointInterval; }
    // "r = 3, T_c = 8 steps" (or why the lane did not start).
    QString laneInfo(int lane) const;
    PlaybackClock* clock() const { return clock_; }
    PlaybackCursor* cursor(int lane) const { return lanes_[static_cast<std::size_t>(lane)].cursor; }
    SimulationWorker* worker(int lane) const { return lanes_[static_cast<std::size_t>(lane)].worker; }
    ProgressChart* chart() const { return chart_; }
    // One compact timeline row pair per policy, on the race clock.
    TimelineWidget* timeline() const { return timeline_; }
    ChartPanel* timeBreakdownChart() const { return breakdown_; }
    QLabel* controllerPhases() const { return phases_; }
    bool started() const { return started_; }

signals:
    void recordingGrew();
    // A lane could not start or its run stopped with an error.
    void laneFailed(const QString& message);

private:
    struct Lane {
        PlaybackCursor* cursor = nullptr;
        SimulationWorker* worker = nullptr;
        ClusterView* strip = nullptr;
        QLabel* info = nullptr;
        int checkpointInterval = 0;
        QProgressBar* progress = nullptr;
        QLabel* figures = nullptr;
        int chartLine = -1;
        int failuresSeen = 0;
        std::optional<RunMetrics> finalMetrics;  // the run's metrics once it ended
    };
    void refresh();
    void rebuildChart(double time);
    void refreshBreakdown(double time);
    void showControllerPhases();

    std::array<Lane, 3> lanes_;
    PlaybackClock* clock_ = nullptr;
    ProgressChart* chart_ = nullptr;
    TimelineWidget* timeline_ = nullptr;
    ChartPanel* breakdown_ = nullptr;
    QLabel* phases_ = nullptr;
    QVector<TimeBreakdownChart::Bar> shownBars_;
    QLabel* timeLabel_ = nullptr;
    QCheckBox* sameRedundancy_ = nullptr;
    Scenario base_;
    std::optional<std::vector<TraceFailure>> trace_;
    bool started_ = false;
};

}  // namespace spare
