#include "engine/sim/SparePolicy.h"

namespace spare {

SparePolicy::SparePolicy(Layout layout, double computeS)
    : controller_(std::move(layout)), computeS_(computeS)
{
}

FailureResponse SparePolicy::onFailures(std::span<const int> groups)
{
    FailureResponse response;
    ReorderDecision decision = controller_.onFailures(groups);
    if (decision.wipeout) {
        response.action = FailureResponse::Action::Restart;
        response.cause = RestartCause::Wipeout;
    } else if (decision.phase == ReorderDecision::Phase::FixedCheck) {
        response.action = FailureResponse::Action::Commit;
    } else {
        response.action = FailureResponse::Action::Patch;
        response.patchGroups = static_cast<int>(decision.patchComputes);
    }
    response.decision = std::move(decision);
    return response;
}

void SparePolicy::appendStacks(std::vector<int>& out) const
{
    for (int g = 0; g < controller_.layout().groups(); ++g) {
        const auto stack = controller_.stack(g);
        out.insert(out.end(), stack.begin(), stack.end());
    }
}

}  // namespace spare
