#include "CliCommand.h"
#include "CliOptions.h"

#include "analysis/ClosedForms.h"
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

// Paper setting (method doc section 7): m = 300 s, T_r = 3600 s, T_s = 20 TB / 340 GB/s, and a SPARe step
// of two stacks plus the all-reduce, 2 x 64 s + 2 s (T_a at N = 200).
struct AnalyzeOptions {
    LayoutOptions shape;
    double mtbfS = 300.0;
    double restartS = 3600.0;
    double checkpointWriteS = 20000.0 / 340.0;
    double stepS = 2 * 64.0 + 2.0;
    bool json = false;
};

// NaN (not computed) becomes JSON null.
nlohmann::json numberOrNull(double value)
{
    return std::isnan(value) ? nlohmann::json() : nlohmann::json(value);
}

std::string numberOrDash(double value)
{
    return std::isnan(value) ? std::string("-") : fmt::format("{:.3f}", value);
}

// The exact consecutive-layout mu costs O(N) per quadrature node: skip it where that gets slow.
constexpr int kExactMuMaxGroups = 200'000;

// Where the golomb layout is not independent the closed-form mu does not hold: a short Monte-Carlo gives it.
constexpr std::uint64_t kMonteCarloMuTrials = 20'000;
constexpr int kMonteCarloMuMaxGroups = 100'000;

CommandAction setupAnalyze(CLI::App& sub)
{
    auto opts = std::make_shared<AnalyzeOptions>();
    addLayoutOptions(sub, opts->shape, /*withLayout=*/false);
    sub.add_option("--mtbf-s", opts->mtbfS, "System MTBF m with all groups alive, seconds (> 0)")->capture_default_str();
    sub.add_option("--restart-s", opts->restartS, "Global restart time T_r, seconds (> 0)")->capture_default_str();
    sub.add_option("--checkpoint-s", opts->checkpointWriteS, "Checkpoint write time T_s, seconds (> 0)")
        ->capture_default_str();
    sub.add_option("--step-s", opts->stepS, "Step length for the checkpoint period, seconds (> 0; 2 T_comp + T_a)")
        ->capture_default_str();
    sub.add_flag("--json", opts->json, "Print JSON instead of a table");
    return [opts] {
        const auto& o = *opts;
        checkGroupsAndRedundancy(o.shape);
        requirePositive("--mtbf-s", o.mtbfS);
        requirePositive("--restart-s", o.restartS);
        requirePositive("--checkpoint-s", o.checkpointWriteS);
        requirePositive("--step-s", o.stepS);
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
        if (!independence.independent && n <= kMonteCarloMuMaxGroups)
            muMonteCarlo = MonteCarlo::run(Layout::golomb(n, r), {kMonteCarloMuTrials, 1, Device::Cpu, {}});

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
            out["layout_independence"] = independenceJson(independence);
            out["mu_monte_carlo"] = muMonteCarlo ? nlohmann::json{{"mu", muMonteCarlo->mu},
                                                                  {"mu_ci95", {muMonteCarlo->muCi95.low, muMonteCarlo->muCi95.high}},
                                                                  {"trials", muMonteCarlo->trials},
                                                                  {"seed", muMonteCarlo->seed}}
                                                 : nlohmann::json();
            fmt::print("{}\n", out.dump(2));
            return 0;
        }
        fmt::print("groups (N)                      {}\n", n);
        fmt::print("redundancy (r)                  {}\n", r);
        fmt::print("system MTBF m                   {} s\n", o.mtbfS);
        fmt::print("restart T_r / checkpoint T_s    {} s / {:.2f} s\n", o.restartS, o.checkpointWriteS);
        fmt::print("step for checkpoint period      {} s\n\n", o.stepS);
        fmt::print("mu asymptotic (golomb)          {:.3f}\n", muAsym);
        if (muMonteCarlo)
            fmt::print("mu Monte-Carlo (golomb)         {:.3f}  95% CI [{:.3f}, {:.3f}] ({} trials, seed 1)\n",
                       muMonteCarlo->mu, muMonteCarlo->muCi95.low, muMonteCarlo->muCi95.high, muMonteCarlo->trials);
        fmt::print("mu exact, consecutive layout    {}\n", numberOrDash(muExact));
        fmt::print("mu exact, replica sets (Rep)    {}\n", numberOrDash(muSets));
        fmt::print("S_bar lower bound               {:.4f}\n", sbar);
        fmt::print("r* = floor(log2 N + 0.833)      {}\n", optimalRedundancy(n));
        fmt::print("checkpoint period T_c*          {:.1f} s = {:.2f} steps -> {} steps\n", steps.exact * o.stepS,
                   steps.exact, steps.rounded);
        fmt::print("availability A*(mu m)           {:.4f}\n", availabilityOpt);
        fmt::print("TTT/T0 model J(r)               {:.4f}\n", ttt);
        if (const auto warning = independenceWarning(independence); !warning.empty())
            fmt::print("warning: {}\n", warning);
        return 0;
    };
}

const bool registered =
    registerCommand({"analyze", "Closed forms: mu, S_bar, r*, checkpoint period, availability, TTT model", &setupAnalyze});

}  // namespace

}  // namespace spare::cli
