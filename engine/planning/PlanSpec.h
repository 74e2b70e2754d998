#pragma once

#include "engine/sim/Scenario.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace spare {

// One configuration the planner may choose: a policy, its redundancy (1 for CKPT-only) and a
// checkpoint interval in steps (nullopt: the scenario's "auto" rule at that r).
struct PlanCandidate {
    Policy policy = Policy::Spare;
    int redundancy = 1;
    std::optional<int> checkpointIntervalSteps;

    std::string label() const;  // "spare r=8 T_c=auto", "rep r=3 T_c=12 steps"
    friend bool operator==(const PlanCandidate&, const PlanCandidate&) = default;
};

// What `spare-cli plan` is asked: choose, for each policy, the (r, T_c) with the smallest expected
// TTT/T0 on the base scenario, with probability `confidence` of being right whenever the best is at
// least `indifference` (relative to the best first-stage mean) better than the rest.
struct PlanSpec {
    Scenario base;
    std::vector<Policy> policies{Policy::Spare, Policy::Rep};
    std::vector<int> redundancies;
    std::vector<std::optional<int>> checkpointIntervals{std::nullopt};
    double confidence = 0.95;
    double indifference = 0.01;
    int firstStage = 10;      // n0 replicates of every candidate
    int batch = 5;            // replicates per later round
    int maxReplicates = 2000; // no candidate runs more (a guard; reported when reached)
    static constexpr int kMostReplicates = 100000;  // the largest maxReplicates allowed
    double maxTttRatio = 100.0;

    // Every candidate of `policy` (CKPT-only: r = 1), in r then interval order.
    std::vector<PlanCandidate> candidates(Policy policy) const;
    // The candidate's scenario for replicate k: common random numbers, the seed depends on k alone.
    Scenario scenario(const PlanCandidate& candidate, int replicate) const;
    // Problems with the spec (flag-level checks happen in the CLI): one "key: message" line each.
    std::vector<std::string> validate() const;

    nlohmann::json toJson() const;
    // Throws InputError naming the key when a plan file's spec is malformed.
    static PlanSpec fromJson(const nlohmann::json& doc, const std::string& origin);
};

// "auto" or an integer count of steps per candidate interval list entry.
std::string checkpointIntervalText(const std::optional<int>& steps);

}  // namespace spare
