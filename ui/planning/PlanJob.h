#pragma once

#include "BackgroundJobs.h"
#include "planning/ConfigurationPlanner.h"

#include <QObject>
#include <QString>

#include <atomic>
#include <memory>

namespace spare {

// How a plan started from the GUI ended.
struct PlanOutcome {
    std::shared_ptr<const PlanSpec> spec;
    PlanResult result;  // the last round's state (complete, or where a cancel stopped it)
    QString error;
};

// Runs the planner (runPlan, rounds in this process through LocalPlanRoundRunner) in one background
// thread with a cancel flag: the same rounds, seeds and decisions as spare-cli plan on the same spec.
// After every round the race's state comes back to the GUI thread.
class PlanJob : public QObject {
    Q_OBJECT
public:
    using QObject::QObject;
    ~PlanJob() override;

    // False when a plan is already going.
    bool start(std::shared_ptr<const PlanSpec> spec, int threads = 0);
    // Running runs stop at their next step; the race stops before its next round.
    void cancel();
    bool isRunning() const { return running_; }

signals:
    // From the worker thread (connect with the default connection to get it queued): runs of the
    // current round done so far, of `total`.
    void progressed(qulonglong done, qulonglong total);
    // In the GUI thread: the state after each round (round 0: every candidate, nothing run yet).
    void roundFinished(const spare::PlanResult& result);
    void finished(const spare::PlanOutcome& outcome);

private:
    BackgroundJobs jobs_;
    std::shared_ptr<std::atomic<bool>> cancel_;
    bool running_ = false;
};

}  // namespace spare
