#include "engine/sim/RunFiguresJson.h"

namespace spare {

nlohmann::json runFiguresJson(const Scenario& scenario, int checkpointIntervalSteps, const RunFigures& f)
{
    return nlohmann::json{
        {"policy", policyName(scenario.policy)},
        {"redundancy", scenario.redundancy},
        {"checkpoint_interval_steps", checkpointIntervalSteps},
        {"steps_done", f.stepsDone},
        {"total_steps", f.totalSteps},
        {"failures", f.failures},
        {"restarts", f.restarts},
        {"rejoins", f.rejoins},
        {"availability", f.availability},
        {"down_time_s", f.downTimeS},
        {"stack_number", f.stackNumber},
    };
}

}  // namespace spare
