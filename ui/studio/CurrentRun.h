#pragma once

#include "engine/sim/FailureTrace.h"
#include "engine/sim/Scenario.h"

#include <QObject>
#include <QString>

#include <optional>
#include <vector>

namespace spare {

// The scenario the Run tab plays, as the window's features follow it: MainWindow sets it before the
// run's playback is reset (views read it) and announces it once the run has started; the features
// read it and watch changed().
class CurrentRun : public QObject {
    Q_OBJECT
public:
    using QObject::QObject;

    // False until a scenario the user chose (or the default one) could be run.
    bool hasScenario() const { return hasScenario_; }
    const Scenario& scenario() const { return scenario_; }
    // The scenario's name, empty while there is none (export file names start with it).
    QString name() const;
    // The failure trace of the current run (trace failure model), if any.
    const std::optional<std::vector<TraceFailure>>& trace() const { return trace_; }
    // The checkpoint interval (steps) of the current run, "auto" resolved.
    int checkpointInterval() const { return checkpointInterval_; }

    void set(const Scenario& scenario, const std::optional<std::vector<TraceFailure>>& trace, int checkpointInterval);
    void announce() { emit changed(scenario_); }

signals:
    // A run started on this scenario (opened, applied, reset or the tour's).
    void changed(const spare::Scenario& scenario);

private:
    Scenario scenario_;
    std::optional<std::vector<TraceFailure>> trace_;
    int checkpointInterval_ = 0;
    bool hasScenario_ = false;
};

}  // namespace spare
