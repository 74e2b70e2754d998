// The rejoin rule's names (declared in Scenario.h) until the repair section's keys define them with the
// other names in ScenarioValidation.cpp; this file goes when they do.
#include "sim/Scenario.h"

namespace spare {

const char* rejoinRuleName(RejoinRule rule) { return rule == RejoinRule::AtStep ? "at_step" : "none"; }

std::optional<RejoinRule> parseRejoinRule(std::string_view name)
{
    for (const RejoinRule rule : {RejoinRule::None, RejoinRule::AtStep})
        if (name == rejoinRuleName(rule))
            return rule;
    return std::nullopt;
}

const char* rejoinRuleNames() { return "none | at_step"; }

}  // namespace spare
