#pragma once

#include "engine/analysis/ClosedForms.h"
#include "engine/analysis/MonteCarlo.h"
#include "engine/layout/LayoutIndependence.h"

#include <nlohmann/json_fwd.hpp>

#include <optional>

namespace spare {

// The inputs of `spare-cli analyze`. The defaults are the paper setting (docs/method.md section 7):
// m = 300 s, T_r = 3600 s, T_s = 20 TB / 340 GB/s, and a SPARe step of two stacks plus the all-reduce,
// 2 x 64 s + 2 s (T_a at N = 200).
struct ClosedFormInputs {
    int groups = 0;
    int redundancy = 0;
    double mtbfS = 300.0;
    double restartS = 3600.0;
    double checkpointWriteS = 20000.0 / 340.0;
    double stepS = 2 * 64.0 + 2.0;
};

// Every closed form at one (N, r) for the golomb layout; NaN where a figure is not computed (too
// costly, or not defined), and a short Monte-Carlo mu where the layout is not independent.
struct ClosedFormReport {
    ClosedFormInputs inputs;
    double muAsymptotic = 0.0;
    double muExactConsecutive = 0.0;
    double muExactReplicaSets = 0.0;
    double sbarLowerBound = 0.0;
    int optimalRedundancy = 0;
    CheckpointSteps checkpointSteps;
    double availabilityOpt = 0.0;
    double tttRatioModel = 0.0;
    LayoutIndependence independence;
    std::optional<MonteCarloResult> muMonteCarlo;

    // Where the closed forms stop describing a training run: a checkpoint period of more steps than a run
    // can have, an availability below 10^-6 or a TTT/T0 above 10^6 (the simulator stops there too), or
    // no finite number at all.
    bool checkpointInModelRange() const;
    bool availabilityInModelRange() const;
    bool tttRatioInModelRange() const;
};

// Computes the report; groups and redundancy must be in range (2 .. 10^7, 1 .. min(groups, 64)).
ClosedFormReport closedFormReport(const ClosedFormInputs& inputs);

// What `spare-cli analyze --json` prints: figures outside the model's range are null and listed under
// "outside_model_range".
nlohmann::json closedFormReportToJson(const ClosedFormReport& report);

}  // namespace spare
