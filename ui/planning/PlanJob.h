#pragma once

#include "engine/planning/ConfigurationPlanner.h"
#include "ui/base/JobRunner.h"

#include <QObject>
#include <QString>

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

    // False when a plan is already going.
    bool start(std::shared_ptr<const PlanSpec> spec, int threads = 0);
    // Running runs stop at their next step; the race stops before its next round.
    void cancel() { runner_.cancel(); }
    bool isRunning() const { return runner_.running(); }

signals:
    // In the GUI thread: runs of the current round done so far, of `total`; the state after each round
    // (round 0: every candidate, nothing run yet); the outcome.
    void progressed(qulonglong done, qulonglong total);
    void roundFinished(const spare::PlanResult& result);
    void finished(const spare::PlanOutcome& outcome);

private:
    JobRunner<PlanOutcome> runner_{this, QStringLiteral("spare-plan")};
};

}  // namespace spare
