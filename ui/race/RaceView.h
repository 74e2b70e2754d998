#pragma once

#include "engine/planning/RegimeContender.h"
#include "engine/sim/FailureTrace.h"
#include "engine/sim/ProgressReplay.h"
#include "engine/sim/RunMetrics.h"
#include "engine/sim/Scenario.h"
#include "ui/charts/TimeBreakdownChart.h"

#include <QWidget>

#include <optional>
#include <vector>

class QCheckBox;
class QComboBox;
class QGridLayout;
class QLabel;
class QProgressBar;
class QToolButton;
class QVBoxLayout;

namespace spare {

class ChartPanel;
class ClusterView;
class PlaybackClock;
class PlaybackCursor;
class ProgressChart;
class SimulationWorker;
class TimelineWidget;

// The same scenario and seed under 2 to 6 contenders side by side on one simulated clock (the engine's
// common random numbers give the runs the same failure clocks). The lane bar picks each lane's contender
// (a policy, with or without the in-memory checkpoint tier); each lane runs its contenderScenario: its own
// best r unless "same r for all" is ticked, and names its r and checkpoint interval. Per lane: a compact
// cluster strip, progress, down time, restarts and failures (elastic lanes: the batch fraction now and
// progress by the scenario's measure), a line of the live progress-vs-time chart and timeline rows.
// Beside the chart, where each lane's time went so far (TimeBreakdownChart, from the lane's latest engine
// snapshot, exact once the clock reaches its end) and, once a SPARe lane has finished, its reorder
// controller's phases counted per decision and per executed step.
class RaceView : public QWidget {
    Q_OBJECT
public:
    static constexpr int kMinLanes = 2;
    static constexpr int kMaxLanes = 6;

    // CKPT-only, Rep+CKPT and SPARe+CKPT: the line-up until another is chosen.
    static std::vector<RegimeContender> classicLanes();

    explicit RaceView(QWidget* parent = nullptr);
    ~RaceView() override;

    // Starts every lane's run; `trace` replaces the trace file.
    void start(const Scenario& scenario, const std::optional<std::vector<TraceFailure>>& trace = std::nullopt);
    // Cancels the runs; what they recorded stays and plays.
    void stop();
    // The contenders the next start() races (kMinLanes .. kMaxLanes, else std::invalid_argument).
    void setLanes(const std::vector<RegimeContender>& lanes);
    const std::vector<RegimeContender>& lanes() const { return contenders_; }
    int laneCount() const { return static_cast<int>(lanes_.size()); }
    // The lane bar: adds the first contender not racing yet / removes the last lane (within the limits);
    // a started race starts again with the new line-up.
    void addLane();
    void removeLane();
    QComboBox* laneChoice(int lane) const { return choices_[static_cast<std::size_t>(lane)]; }
    QToolButton* addLaneButton() const { return addLane_; }
    QToolButton* removeLaneButton() const { return removeLane_; }

    void setSameRedundancy(bool same);
    bool sameRedundancy() const;
    // The checkpoint interval (steps) a lane runs with; 0 when the lane could not start.
    int checkpointInterval(int lane) const { return at(lane).checkpointInterval; }
    // "r = 3, T_c = 8 steps" (or why the lane did not start).
    QString laneInfo(int lane) const;
    // "down 1.2 h | availability 97.0% | ..." as the lane shows it now.
    QString laneFigures(int lane) const;
    // The lane's run's metrics once it ended.
    const std::optional<RunMetrics>& laneMetrics(int lane) const { return at(lane).finalMetrics; }
    PlaybackClock* clock() const { return clock_; }
    PlaybackCursor* cursor(int lane) const { return at(lane).cursor; }
    SimulationWorker* worker(int lane) const { return at(lane).worker; }
    ProgressChart* chart() const { return chart_; }
    // One compact timeline row pair per lane, on the race clock.
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
        RegimeContender contender;
        QString name;  // contenderDisplayName
        PlaybackCursor* cursor = nullptr;
        SimulationWorker* worker = nullptr;
        QWidget* left = nullptr;   // name and info
        QWidget* right = nullptr;  // progress and figures
        ClusterView* strip = nullptr;
        QLabel* info = nullptr;
        int checkpointInterval = 0;
        QProgressBar* progress = nullptr;
        QLabel* figures = nullptr;
        int chartLine = -1;
        int failuresSeen = 0;
        std::optional<ProgressReplay> measure;  // elastic lanes under a measure other than steps
        std::optional<RunMetrics> finalMetrics;  // the run's metrics once it ended
    };
    const Lane& at(int lane) const { return lanes_[static_cast<std::size_t>(lane)]; }
    void buildLanes();
    Lane makeLane(const RegimeContender& contender, int index);
    void syncLaneBar();
    void chooseLane(int lane, int choice);
    // setLanes, then the race again from the start when it had started.
    void restartWith(const std::vector<RegimeContender>& lanes);
    void refresh();
    void refreshLane(Lane& lane, double time);
    void rebuildChart(double time);
    void refreshBreakdown(double time);
    void showControllerPhases();

    std::vector<RegimeContender> contenders_;
    std::vector<Lane> lanes_;
    int generation_ = 0;  // bumped when the lanes are rebuilt: signals of older lanes' workers are dropped
    std::vector<QComboBox*> choices_;
    QToolButton* addLane_ = nullptr;
    QToolButton* removeLane_ = nullptr;
    QGridLayout* lanesLayout_ = nullptr;
    QVBoxLayout* outer_ = nullptr;
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
