#include "engine/planning/ClosedFormReport.h"

#include "engine/base/ScenarioLimits.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <limits>

namespace spare {

namespace {

constexpr double kMaxModelTttRatio = 1e6;

// The exact consecutive-layout mu costs O(N) per quadrature node: skip it where that gets slow.
constexpr int kExactMuMaxGroups = 200'000;

// Where the golomb layout is not independent the closed-form mu does not hold: a short Monte-Carlo gives it.
constexpr std::uint64_t kMonteCarloMuTrials = 20'000;
constexpr int kMonteCarloMuMaxGroups = 100'000;

// NaN (not computed) becomes JSON null.
nlohmann::json numberOrNull(double value) { return std::isnan(value) ? nlohmann::json() : nlohmann::json(value); }

}  // namespace

bool ClosedFormReport::checkpointInModelRange() const
{
    return std::isfinite(checkpointSteps.exact) && checkpointSteps.exact <= ScenarioLimits::maxSteps;
}

bool ClosedFormReport::availabilityInModelRange() const
{
    return std::isfinite(availabilityOpt) && availabilityOpt >= 1.0 / kMaxModelTttRatio;
}

bool ClosedFormReport::tttRatioInModelRange() const
{
    return std::isfinite(tttRatioModel) && tttRatioModel <= kMaxModelTttRatio;
}

ClosedFormReport closedFormReport(const ClosedFormInputs& in)
{
    const int n = in.groups;
    const int r = in.redundancy;
    constexpr double notComputed = std::numeric_limits<double>::quiet_NaN();
    const bool exactAffordable = n <= kExactMuMaxGroups;
    ClosedFormReport out;
    out.inputs = in;
    out.muAsymptotic = muAsymptotic(n, r);
    out.muExactConsecutive = exactAffordable ? muExactConsecutive(n, r).value_or(notComputed) : notComputed;
    out.muExactReplicaSets = exactAffordable ? muExactReplicaSets(n, r).value_or(notComputed) : notComputed;
    out.sbarLowerBound = sbarLowerBound(n, out.muAsymptotic);
    out.optimalRedundancy = optimalRedundancy(n);
    out.checkpointSteps = spareCheckpointSteps(n, r, in.mtbfS, in.checkpointWriteS, in.restartS, in.stepS);
    out.availabilityOpt = optimalAvailability(in.checkpointWriteS, in.restartS, out.muAsymptotic * in.mtbfS);
    out.tttRatioModel = tttRatioModel(n, r, in.mtbfS, in.checkpointWriteS, in.restartS);
    out.independence = layoutIndependence("golomb", n, r);
    if (!out.independence.independent && n <= kMonteCarloMuMaxGroups) {
        MonteCarloOptions options;
        options.trials = kMonteCarloMuTrials;
        options.device = Device::Cpu;
        out.muMonteCarlo = MonteCarlo::run(Layout::golomb(n, r), options);
    }
    return out;
}

nlohmann::json closedFormReportToJson(const ClosedFormReport& report)
{
    const ClosedFormInputs& in = report.inputs;
    const CheckpointSteps& steps = report.checkpointSteps;
    nlohmann::json out;
    out["groups"] = in.groups;
    out["redundancy"] = in.redundancy;
    out["mtbf_s"] = in.mtbfS;
    out["restart_s"] = in.restartS;
    out["checkpoint_s"] = in.checkpointWriteS;
    out["step_s"] = in.stepS;
    out["mu_asymptotic"] = report.muAsymptotic;
    out["mu_exact"] = numberOrNull(report.muExactConsecutive);
    out["mu_exact_replica_sets"] = numberOrNull(report.muExactReplicaSets);
    out["sbar_lower_bound"] = report.sbarLowerBound;
    out["r_star"] = report.optimalRedundancy;
    out["checkpoint_period_s"] = steps.exact * in.stepS;
    out["checkpoint_period_steps"] = steps.rounded;
    out["checkpoint_period_steps_exact"] = steps.exact;
    out["availability_opt"] = report.availabilityOpt;
    out["ttt_ratio_model"] = report.tttRatioModel;
    auto outside = nlohmann::json::array();
    const auto markOutside = [&](bool inRange, std::initializer_list<const char*> keys) {
        for (const char* key : keys)
            if (!inRange) {
                out[key] = nullptr;
                outside.push_back(key);
            }
    };
    markOutside(report.checkpointInModelRange(),
                {"checkpoint_period_s", "checkpoint_period_steps", "checkpoint_period_steps_exact"});
    markOutside(report.availabilityInModelRange(), {"availability_opt"});
    markOutside(report.tttRatioInModelRange(), {"ttt_ratio_model"});
    out["outside_model_range"] = outside;
    out["layout_independence"] = independenceJson(report.independence);
    const auto& mc = report.muMonteCarlo;
    out["mu_monte_carlo"] = mc ? nlohmann::json{{"mu", mc->mu},
                                               {"mu_ci95", {mc->muCi95.low, mc->muCi95.high}},
                                               {"trials", mc->trials},
                                               {"seed", mc->seed}}
                               : nlohmann::json();
    return out;
}

}  // namespace spare
