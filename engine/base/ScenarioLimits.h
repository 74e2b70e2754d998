#pragma once

namespace spare {

// The allowed ranges of every scenario field: the one source of truth for validateScenario(),
// the JSON parser, the GUI editor (spin-box ranges, tooltips) and docs/scenario-format.md. The key
// table that describes each field (sim/ScenarioKeyTable.h) quotes these numbers.
struct ScenarioLimits {
    static constexpr int minGroups = 2;
    static constexpr int maxGroups = 10'000'000;
    static constexpr int minGpusPerGroup = 1;
    static constexpr int maxGpusPerGroup = 100'000;
    static constexpr int minRedundancy = 1;
    static constexpr int maxRedundancy = 64;  // and at most groups
    static constexpr int minRepRedundancy = 2;  // a replica set of one is CKPT-only
    static constexpr int minSteps = 1;
    static constexpr int maxSteps = 10'000'000;
    // Lower bounds keep every derived number finite: T0 = steps x (T_comp + T_a) and TTT / T0 stay
    // far from underflow, and failures stay far apart compared with the time resolution of a double.
    static constexpr double minComputeS = 1e-3;          // 1 ms: the shortest compute of one stack
    static constexpr double maxComputeS = 1e6;
    static constexpr double maxDurationS = 1e9;          // every other duration (>= 0), about 32 years
    static constexpr double minSystemMtbfS = 1e-3;       // 1 ms
    static constexpr double maxSystemMtbfS = 1e12;
    static constexpr double maxFailedAllReduceFactor = 10.0;
    static constexpr double maxJitterSd = 1.0;
    static constexpr double maxJitterMin = 1.0;
    static constexpr double minWeibullShape = 0.05;
    static constexpr double maxWeibullShape = 20.0;
    static constexpr int minCheckpointIntervalSteps = 1;  // and at most steps
    static constexpr int maxGpusPerNode = 1024;
    static constexpr int maxNodesPerRack = 100'000;
    static constexpr int maxRacksPerPod = 100'000;
    static constexpr int maxNodes = 10'000'000;  // nodes the groups may occupy
    static constexpr int maxDomainProcesses = 64;    // failures.domains entries
    static constexpr int maxFailureCategories = 64;  // failures.categories entries
    static constexpr int maxCategoryNameLength = 80;  // bytes
    static constexpr double maxDomainRate = 1e9;     // per 1,000 domain-days
    static constexpr double maxCategoryShare = 1e12;
    static constexpr int maxSpareNodes = 10'000'000;  // repair.spare_nodes
    static constexpr double maxRepairSigma = 5.0;     // repair.repair_sigma (log space)
    static constexpr double maxProneFactor = 1000.0;  // hosts.prone_factor
    static constexpr int maxRemoveAfter = 1'000'000;  // hosts.remove_after
    static constexpr double maxSlowFactor = 100.0;    // hosts.slow_factor
    static constexpr int maxHostNodes = 10'000'000;   // nodes of all groups, with a hosts section
    static constexpr int maxMaintenanceTimes = 1000;  // maintenance.at_s entries
};

}  // namespace spare
