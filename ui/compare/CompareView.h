#pragma once

#include "engine/sim/FailureTrace.h"
#include "engine/sim/RunMetrics.h"
#include "engine/sim/Scenario.h"
#include "ui/compare/CompareSetup.h"

#include <QWidget>

#include <array>
#include <optional>
#include <vector>

class QLabel;
class QProgressBar;
class QTableView;

namespace spare {

class ClusterView;
class CompareChooser;
class MetricDifferenceModel;
class PlaybackClock;
class PlaybackCursor;
class SimulationWorker;

// Two runs side by side on one simulated clock: the window's scenario varied in one respect
// (CompareSetup: r, checkpoint interval, layout, seed) or two scenario files. Each side has its cluster
// view, its simulation progress and its figures at the clock's time; below them the metric differences
// (MetricDifferenceModel) once the runs have finished. Each run is simulated by a SimulationWorker of
// its own; a new choice cancels the runs in progress and starts the new pair. The table follows the
// clock: what each run has reached at its time, every metric once the clock is past the run's end.
class CompareView : public QWidget {
    Q_OBJECT
public:
    explicit CompareView(QWidget* parent = nullptr);
    ~CompareView() override;

    // The scenario the comparison varies and its failure trace (the window's); restarts the runs when
    // they were started.
    void setBase(const Scenario& base, const std::optional<std::vector<TraceFailure>>& trace = std::nullopt);
    // Shows `setup` in the chooser; restarts the runs when they were started.
    void setSetup(const CompareSetup& setup);
    // Starts the two runs of the chooser's setup. On a bad value nothing runs, problems() lists why
    // (one line each, naming the run, the key, the value and the allowed range) and false is returned.
    bool start();
    // Cancels both runs; what they recorded stays and plays.
    void stop();
    bool started() const { return started_; }

    CompareSetup setup() const;
    QString problems() const;
    // "A: seed 1": the side's name and what sets it apart.
    QString sideTitle(int side) const;
    // The side's figures at the clock's time, as shown under its cluster view.
    QString sideFigures(int side) const;
    PlaybackClock* clock() const { return clock_; }
    PlaybackCursor* cursor(int side) const { return sides_[static_cast<std::size_t>(side)].cursor; }
    SimulationWorker* worker(int side) const { return sides_[static_cast<std::size_t>(side)].worker; }
    ClusterView* clusterView(int side) const { return sides_[static_cast<std::size_t>(side)].view; }
    // The checkpoint interval (steps) a side runs with, "auto" resolved; 0 when it did not start.
    int checkpointInterval(int side) const { return sides_[static_cast<std::size_t>(side)].checkpointInterval; }
    CompareChooser* chooser() const { return chooser_; }
    MetricDifferenceModel* differences() const { return differences_; }
    QTableView* table() const { return table_; }

signals:
    void recordingGrew();
    // Both runs have been simulated (the table is complete once the clock has reached both ends).
    void bothFinished();
    // The choice cannot be run, or a run stopped with an error.
    void runFailed(const QString& message);

private:
    struct Side {
        PlaybackCursor* cursor = nullptr;
        SimulationWorker* worker = nullptr;
        ClusterView* view = nullptr;
        QLabel* title = nullptr;
        QLabel* details = nullptr;
        QLabel* simulation = nullptr;
        QProgressBar* progress = nullptr;
        QLabel* figures = nullptr;
        std::optional<RunMetrics> finalMetrics;  // once the run has been simulated
        std::int64_t moves = 0;
        int checkpointInterval = 0;
    };
    QWidget* buildSide(std::size_t index);
    void runFinished(std::size_t index, const RunMetrics& metrics);
    void showSimulation(std::size_t index);
    void refresh();

    std::array<Side, 2> sides_;
    PlaybackClock* clock_ = nullptr;
    CompareChooser* chooser_ = nullptr;
    QLabel* problems_ = nullptr;
    QLabel* timeLabel_ = nullptr;
    MetricDifferenceModel* differences_ = nullptr;
    QTableView* table_ = nullptr;
    std::optional<Scenario> base_;  // none until the window has a scenario
    std::optional<std::vector<TraceFailure>> trace_;
    bool started_ = false;
};

}  // namespace spare
