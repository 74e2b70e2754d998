#include "CliCommand.h"
#include "CliOptions.h"
#include "HumanFormat.h"

#include "analysis/ClosedForms.h"
#include "sim/ScenarioLimits.h"
#include "analysis/MonteCarlo.h"
#include "layout/LayoutIndependence.h"

#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <limits>
#include <optional>
#include <string>

namespace spare::cli {

namespace {

// Paper setting (docs/method.md section 7): m = 300 s, T_r = 3600 s, T_s = 20 TB / 340 GB/s, and a SPARe step
// of two stacks plus the all-reduce, 2 x 64 s + 2 s (T_a at N = 200).
struct AnalyzeOptions {
    LayoutOptions shape;
    double mtbfS = 300.0;
    double restartS = 3600.0;
    double checkpointWriteS = 20000.0 / 340.0;
    double stepS = 2 * 64.0 + 2.0;
    bool json = false;
};

constexpr const char* kOutsideModel = "outside the model's range";

// NaN (not computed) becomes JSON null.
nlohmann::json numberOrNull(double value)
{
    return std::isnan(value) ? nlohmann::json() : nlohmann::json(value);
}

std::string numberOrDash(double value)
{
    return std::isnan(value) ? std::string("-") : fixedText(value, 3);
}

// Where the closed forms stop describing a training run: a TTT/T0 beyond 10^6 (availability below
// 10^-6; the simulator stops there too), a checkpoint period of more steps than a run can have, or no
// finite number at all.
constexpr double kMaxModelTttRatio = 1e6;
bool inModelRange(const CheckpointSteps& steps)
{
    return std::isfinite(steps.exact) && steps.exact <= ScenarioLimits::maxSteps;
}
bool availabilityInModelRange(double availability)
{
    return std::isfinite(availability) && availability >= 1.0 / kMaxModelTttRatio;
}
bool tttRatioInModelRange(double ratio) { return std::isfinite(ratio) && ratio <= kMaxModelTttRatio; }

std::string orOutsideModel(bool inRange, const std::string& text) { return inRange ? text : kOutsideModel; }

// The exact consecutive-layout mu costs O(N) per quadrature node: skip it where that gets slow.
constexpr int kExactMuMaxGroups = 200'000;

// Where the golomb layout is not independent the closed-form mu does not hold: a short Monte-Carlo gives it.
constexpr std::uint64_t kMonteCarloMuTrials = 20'000;
constexpr int kMonteCarloMuMaxGroups = 100'000;

CommandAction setupAnalyze(CLI::App& sub)
{
    auto opts = std::make_shared<AnalyzeOptions>();
    addLayoutOptions(sub, opts->shape, /*withLayout=*/false);
    sub.add_option("--mtbf-s", opts->mtbfS, "System MTBF m with all groups alive, seconds")
        ->capture_default_str()
        ->check(numberIn(ScenarioLimits::minSystemMtbfS, ScenarioLimits::maxSystemMtbfS));
    sub.add_option("--restart-s", opts->restartS, "Global restart time T_r, seconds")
        ->capture_default_str()
        ->check(numberIn(0.0, ScenarioLimits::maxDurationS));
    sub.add_option("--checkpoint-s", opts->checkpointWriteS, "Checkpoint write time T_s, seconds")
        ->capture_default_str()
        ->check(numberIn(0.0, ScenarioLimits::maxDurationS));
    sub.add_option("--step-s", opts->stepS, "Step length for the checkpoint period, seconds (2 T_comp + T_a)")
        ->capture_default_str()
        ->check(numberIn(ScenarioLimits::minComputeS, ScenarioLimits::maxDurationS));
    sub.add_flag("--json", opts->json, "Print JSON instead of a table");
    return [opts] {
        const auto& o = *opts;
        checkGroupsAndRedundancy(o.shape);
        const int n = o.shape.groups;
        const int r = o.shape.redundancy;

        const double muAsym = muAsymptotic(n, r);
        constexpr double notComputed = std::numeric_limits<double>::quiet_NaN();
        const bool exactAffordable = n <= kExactMuMaxGroups;
        const double muExact = exactAffordable ? muExactConsecutive(n, r).value_or(notComputed) : notComputed;
        const double muSets = exactAffordable ? muExactReplicaSets(n, r).value_or(notComputed) : notComputed;
        const double sbar = sbarLowerBound(n, muAsym);
        const auto steps = spareCheckpointSteps(n, r, o.mtbfS, o.checkpointWriteS, o.restartS, o.stepS);
        const double availabilityOpt = optimalAvailability(o.checkpointWriteS, o.restartS, muAsym * o.mtbfS);
        const double ttt = tttRatioModel(n, r, o.mtbfS, o.checkpointWriteS, o.restartS);
        const auto independence = layoutIndependence("golomb", n, r);
        std::optional<MonteCarloResult> muMonteCarlo;
        if (!independence.independent && n <= kMonteCarloMuMaxGroups) {
            MonteCarloOptions options;
            options.trials = kMonteCarloMuTrials;
            options.device = Device::Cpu;
            muMonteCarlo = MonteCarlo::run(Layout::golomb(n, r), options);
        }

        if (o.json) {
            nlohmann::json out;
            out["groups"] = n;
            out["redundancy"] = r;
            out["mtbf_s"] = o.mtbfS;
            out["restart_s"] = o.restartS;
            out["checkpoint_s"] = o.checkpointWriteS;
            out["step_s"] = o.stepS;
            out["mu_asymptotic"] = muAsym;
            out["mu_exact"] = numberOrNull(muExact);
            out["mu_exact_replica_sets"] = numberOrNull(muSets);
            out["sbar_lower_bound"] = sbar;
            out["r_star"] = optimalRedundancy(n);
            out["checkpoint_period_s"] = steps.exact * o.stepS;
            out["checkpoint_period_steps"] = steps.rounded;
            out["checkpoint_period_steps_exact"] = steps.exact;
            out["availability_opt"] = availabilityOpt;
            out["ttt_ratio_model"] = ttt;
            auto outside = nlohmann::json::array();
            const auto markOutside = [&](bool inRange, std::initializer_list<const char*> keys) {
                for (const char* key : keys)
                    if (!inRange) {
                        out[key] = nullptr;
                        outside.push_back(key);
                    }
            };
            markOutside(inModelRange(steps),
                        {"checkpoint_period_s", "checkpoint_period_steps", "checkpoint_period_steps_exact"});
            markOutside(availabilityInModelRange(availabilityOpt), {"availability_opt"});
            markOutside(tttRatioInModelRange(ttt), {"ttt_ratio_model"});
            out["outside_model_range"] = outside;
            out["layout_independence"] = independenceJson(independence);
            out["mu_monte_carlo"] = muMonteCarlo ? nlohmann::json{{"mu", muMonteCarlo->mu},
                                                                  {"mu_ci95", {muMonteCarlo->muCi95.low, muMonteCarlo->muCi95.high}},
                                                                  {"trials", muMonteCarlo->trials},
                                                                  {"seed", muMonteCarlo->seed}}
                                                 : nlohmann::json();
            fmt::print("{}\n", out.dump(2));
            return 0;
        }
        const auto row = [](std::string_view label, const std::string& value) { fmt::print("{:<32}{}\n", label, value); };
        row("groups (N)", countText(n));
        row("redundancy (r)", countText(r));
        row("system MTBF m", durationText(o.mtbfS));
        row("restart T_r", durationText(o.restartS));
        row("checkpoint write T_s", durationText(o.checkpointWriteS));
        row("step for checkpoint period", durationText(o.stepS));
        fmt::print("\n");
        row("mu asymptotic (golomb)", fixedText(muAsym, 3));
        if (muMonteCarlo)
            row("mu Monte-Carlo (golomb)", fmt::format("{}  95% CI [{}, {}] ({} trials, seed 1)", fixedText(muMonteCarlo->mu, 3),
                                                       fixedText(muMonteCarlo->muCi95.low, 3),
                                                       fixedText(muMonteCarlo->muCi95.high, 3), countText(muMonteCarlo->trials)));
        row("mu exact, consecutive layout", numberOrDash(muExact));
        row("mu exact, replica sets (Rep)", numberOrDash(muSets));
        row("S_bar lower bound", fixedText(sbar, 3));
        row("r* = floor(log2 N + 0.833)", countText(optimalRedundancy(n)));
        row("checkpoint period T_c*",
            orOutsideModel(inModelRange(steps), fmt::format("{} = {} steps -> {} steps", durationText(steps.exact * o.stepS),
                                                    fixedText(steps.exact, 2), countText(steps.rounded))));
        row("availability A*(mu m)", orOutsideModel(availabilityInModelRange(availabilityOpt), percentText(availabilityOpt)));
        row("TTT/T0 model J(r)", orOutsideModel(tttRatioInModelRange(ttt), fixedText(ttt, 3)));
        if (const auto warning = independenceWarning(independence); !warning.empty())
            fmt::print("warning: {}\n", warning);
        return 0;
    };
}

const bool registered =
    registerCommand({"analyze", "Closed forms: mu, S_bar, r*, checkpoint period, availability, TTT model", &setupAnalyze});

}  // namespace

}  // namespace spare::cli
