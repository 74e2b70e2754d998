#pragma once

#include "engine/sim/Scenario.h"

#include <nlohmann/json_fwd.hpp>

#include <optional>
#include <string>
#include <vector>

namespace spare {

// The failures a fitted log gives a scenario: a typed value that withFittedFailures() applies field by
// field (spare-cli fit --scenario-out, Python's fit, the Plan tab's "Use in scenario").
struct FittedFailures {
    FailureModel model = FailureModel::Exponential;  // weibull or exponential (the simulator has no lognormal)
    double systemMtbfS = 300.0;                      // within ScenarioLimits
    ClockStart start = ClockStart::Stationary;       // a log is a snapshot of a cluster in mid-life
    std::optional<double> weibullShape;              // Weibull only

    // The scenario keys withFittedFailures() sets, in the scenario's order ("failures.model", ...,
    // "failures.trace", which it clears).
    static std::vector<std::string> keys();

    friend bool operator==(const FittedFailures&, const FittedFailures&) = default;
};

// The scenario "failures" keys of a fit, as spare-cli fit --json prints them.
nlohmann::json fittedFailuresToJson(const FittedFailures& fitted);

// The base scenario with the fitted failures (they replace any failure trace); throws ScenarioError
// listing every problem when the result is not a valid scenario.
Scenario withFittedFailures(const Scenario& base, const FittedFailures& fitted);

}  // namespace spare
