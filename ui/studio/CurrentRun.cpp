#include "ui/studio/CurrentRun.h"

namespace spare {

QString CurrentRun::name() const
{
    return hasScenario_ ? QString::fromStdString(scenario_.name) : QString();
}

void CurrentRun::set(const Scenario& scenario, const std::optional<std::vector<TraceFailure>>& trace, int checkpointInterval)
{
    scenario_ = scenario;
    trace_ = trace;
    checkpointInterval_ = checkpointInterval;
    hasScenario_ = true;
}

}  // namespace spare
