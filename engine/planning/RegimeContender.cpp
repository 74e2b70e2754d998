#include "engine/planning/RegimeContender.h"

#include "engine/base/InputError.h"
#include "engine/sim/PreparedRun.h"

#include <fmt/core.h>

#include <algorithm>
#include <sstream>
#include <string_view>

namespace spare {

namespace {

constexpr std::string_view kMemorySuffix = "-memory";

bool needsExactSemantics(const RegimeContender& c)
{
    return c.memoryTier || c.policy == Policy::Elastic || c.policy == Policy::Rebalance;
}

}  // namespace

RegimeContender parseRegimeContender(const std::string& name, const char* argument)
{
    RegimeContender c;
    c.name = name;
    std::string policy = name;
    if (policy.size() > kMemorySuffix.size() && policy.ends_with(kMemorySuffix)) {
        c.memoryTier = true;
        policy.resize(policy.size() - kMemorySuffix.size());
    }
    const std::optional<Policy> parsed = parsePolicy(policy);
    if (!parsed)
        throw InputError({{{}, argument,
                           fmt::format("\"{}\" is not a contender; allowed: spare, rep, ckpt, elastic, rebalance, each "
                                       "optionally with -memory",
                                       name.substr(0, 60))}});
    c.policy = *parsed;
    return c;
}

std::vector<RegimeContender> parseRegimeContenders(const std::string& list, const char* argument)
{
    std::vector<RegimeContender> contenders;
    std::stringstream stream(list);
    std::string name;
    while (std::getline(stream, name, ','))
        contenders.push_back(parseRegimeContender(name, argument));
    if (contenders.size() < 2 || contenders.size() > 6)
        throw InputError(fmt::format("{} {}: {} contenders; allowed: 2 .. 6", argument, list.substr(0, 60),
                                     contenders.size()));
    return contenders;
}

std::vector<RegimeContender> allRegimeContenders()
{
    std::vector<RegimeContender> all;
    for (const Policy p : kPolicies)
        for (const bool memory : {false, true})
            all.push_back({fmt::format("{}{}", policyName(p), memory ? kMemorySuffix : ""), p, memory});
    return all;
}

std::string contenderDisplayName(const RegimeContender& contender)
{
    return fmt::format("{}{}", policyDisplayName(contender.policy), contender.memoryTier ? " + memory" : "");
}

Scenario contenderScenario(const Scenario& base, const RegimeContender& contender,
                           const std::vector<RegimeContender>& lineup, bool sameRedundancy)
{
    Scenario lane = base;
    lane.policy = contender.policy;
    if (contender.memoryTier && !lane.memoryCheckpoint)
        lane.memoryCheckpoint = MemoryCheckpoint{};
    if (!contender.memoryTier)
        lane.memoryCheckpoint.reset();
    if (std::any_of(lineup.begin(), lineup.end(), needsExactSemantics))
        lane.checkpointSemantics = CheckpointSemantics::Exact;
    switch (contender.policy) {
    case Policy::Spare: break;
    case Policy::Rep:
        lane.layout = "consecutive";
        if (!sameRedundancy)
            lane.redundancy = resolvedRepRedundancy(base);
        break;
    case Policy::Ckpt:
    case Policy::Elastic:
    case Policy::Rebalance:
        lane.layout = "consecutive";
        lane.redundancy = 1;
        break;
    }
    return lane;
}

}  // namespace spare
