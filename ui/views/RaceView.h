#pragma once

#include "sim/Scenario.h"

#include <QWidget>

#include <array>

class QLabel;
class QProgressBar;

namespace spare {

class ClusterView;
class PlaybackClock;
class PlaybackCursor;
class ProgressChart;
class SimulationWorker;

// The same scenario and seed under CKPT-only, Rep+CKPT and SPARe+CKPT side by side on one simulated
// clock (the engine's common random numbers give the three runs the same failure clocks): a compact
// cluster strip, progress and down time per policy, and a live progress-vs-time chart.
class RaceView : public QWidget {
    Q_OBJECT
public:
    static constexpr std::array<Policy, 3> kPolicies{Policy::Ckpt, Policy::Rep, Policy::Spare};

    explicit RaceView(QWidget* parent = nullptr);
    ~RaceView() override;

    // Starts the three runs (policy overridden per lane).
    void start(const Scenario& scenario);
    PlaybackClock* clock() const { return clock_; }
    PlaybackCursor* cursor(int lane) const { return lanes_[static_cast<std::size_t>(lane)].cursor; }
    SimulationWorker* worker(int lane) const { return lanes_[static_cast<std::size_t>(lane)].worker; }
    ProgressChart* chart() const { return chart_; }
    bool started() const { return started_; }

signals:
    void recordingGrew();

private:
    struct Lane {
        PlaybackCursor* cursor = nullptr;
        SimulationWorker* worker = nullptr;
        ClusterView* strip = nullptr;
        QProgressBar* progress = nullptr;
        QLabel* figures = nullptr;
        int chartLine = -1;
        int failuresSeen = 0;
    };
    void refresh();
    void rebuildChart(double time);

    std::array<Lane, 3> lanes_;
    PlaybackClock* clock_ = nullptr;
    ProgressChart* chart_ = nullptr;
    QLabel* timeLabel_ = nullptr;
    bool started_ = false;
};

}  // namespace spare
