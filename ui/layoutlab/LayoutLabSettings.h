#pragma once

#include "engine/sim/Scenario.h"

#include <cstdint>

namespace spare {

// The shape and model parameters the layout lab compares layouts at, taken from a scenario. The
// Monte-Carlo uses run.seed and a fixed trial count, so the view and the headless exports agree.
struct LayoutLabSettings {
    static constexpr int kMaxGroups = 10000;
    static constexpr int kMaxRedundancy = 16;
    static constexpr std::uint64_t kTrials = 20000;

    int groups = 12;
    int redundancy = 3;
    std::uint64_t seed = 1;
    std::uint64_t trials = kTrials;
    double systemMtbfS = 300.0;
    double checkpointWriteS = 59.0;
    double restartS = 3600.0;

    static LayoutLabSettings fromScenario(const Scenario& scenario)
    {
        LayoutLabSettings s;
        s.groups = scenario.groups;
        s.redundancy = scenario.redundancy;
        s.seed = scenario.seed;
        s.systemMtbfS = scenario.systemMtbfS;
        s.checkpointWriteS = scenario.checkpointWriteS;
        s.restartS = scenario.restartS;
        return s;
    }
    friend bool operator==(const LayoutLabSettings&, const LayoutLabSettings&) = default;
};

}  // namespace spare
