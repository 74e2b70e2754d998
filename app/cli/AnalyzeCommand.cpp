#include "app/cli/CliCommand.h"
#include "app/cli/CliOptions.h"
#include "app/cli/HumanFormat.h"

#include "engine/base/ScenarioLimits.h"
#include "engine/planning/ClosedFormReport.h"

#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <string>

namespace spare::cli {

namespace {

struct AnalyzeOptions {
    LayoutOptions shape;
    ClosedFormInputs inputs;
    bool json = false;
};

constexpr const char* kOutsideModel = "outside the model's range";

std::string numberOrDash(double value)
{
    return std::isnan(value) ? std::string("-") : fixedText(value, 3);
}

std::string orOutsideModel(bool inRange, const std::string& text) { return inRange ? text : kOutsideModel; }

CommandAction setupAnalyze(CLI::App& sub)
{
    auto opts = std::make_shared<AnalyzeOptions>();
    addLayoutOptions(sub, opts->shape, /*withLayout=*/false);
    sub.add_option("--mtbf-s", opts->inputs.mtbfS, "System MTBF m with all groups alive, seconds")
        ->capture_default_str()
        ->check(numberIn(ScenarioLimits::minSystemMtbfS, ScenarioLimits::maxSystemMtbfS));
    sub.add_option("--restart-s", opts->inputs.restartS, "Global restart time T_r, seconds")
        ->capture_default_str()
        ->check(numberIn(0.0, ScenarioLimits::maxDurationS));
    sub.add_option("--checkpoint-s", opts->inputs.checkpointWriteS, "Checkpoint write time T_s, seconds")
        ->capture_default_str()
        ->check(numberIn(0.0, ScenarioLimits::maxDurationS));
    sub.add_option("--step-s", opts->inputs.stepS, "Step length for the checkpoint period, seconds (2 T_comp + T_a)")
        ->capture_default_str()
        ->check(numberIn(ScenarioLimits::minComputeS, ScenarioLimits::maxDurationS));
    sub.add_flag("--json", opts->json, "Print JSON instead of a table");
    return [opts] {
        checkGroupsAndRedundancy(opts->shape);
        ClosedFormInputs inputs = opts->inputs;
        inputs.groups = opts->shape.groups;
        inputs.redundancy = opts->shape.redundancy;
        const ClosedFormReport report = closedFormReport(inputs);
        if (opts->json) {
            fmt::print("{}\n", closedFormReportToJson(report).dump(2));
            return 0;
        }
        const ClosedFormInputs& o = report.inputs;
        const CheckpointSteps& steps = report.checkpointSteps;
        const auto& muMonteCarlo = report.muMonteCarlo;
        const auto row = [](std::string_view label, const std::string& value) { fmt::print("{:<32}{}\n", label, value); };
        row("groups (N)", countText(o.groups));
        row("redundancy (r)", countText(o.redundancy));
        row("system MTBF m", durationText(o.mtbfS));
        row("restart T_r", durationText(o.restartS));
        row("checkpoint write T_s", durationText(o.checkpointWriteS));
        row("step for checkpoint period", durationText(o.stepS));
        fmt::print("\n");
        row("mu asymptotic (golomb)", fixedText(report.muAsymptotic, 3));
        if (muMonteCarlo)
            row("mu Monte-Carlo (golomb)", fmt::format("{}  95% CI [{}, {}] ({} trials, seed 1)", fixedText(muMonteCarlo->mu, 3),
                                                       fixedText(muMonteCarlo->muCi95.low, 3),
                                                       fixedText(muMonteCarlo->muCi95.high, 3), countText(muMonteCarlo->trials)));
        row("mu exact, consecutive layout", numberOrDash(report.muExactConsecutive));
        row("mu exact, replica sets (Rep)", numberOrDash(report.muExactReplicaSets));
        row("S_bar lower bound", fixedText(report.sbarLowerBound, 3));
        row("r* = floor(log2 N + 0.833)", countText(report.optimalRedundancy));
        row("checkpoint period T_c*",
            orOutsideModel(report.checkpointInModelRange(), fmt::format("{} = {} steps -> {} steps", durationText(steps.exact * o.stepS),
                                                    fixedText(steps.exact, 2), countText(steps.rounded))));
        row("availability A*(mu m)", orOutsideModel(report.availabilityInModelRange(), percentText(report.availabilityOpt)));
        row("TTT/T0 model J(r)", orOutsideModel(report.tttRatioInModelRange(), fixedText(report.tttRatioModel, 3)));
        if (const auto warning = independenceWarning(report.independence); !warning.empty())
            fmt::print("warning: {}\n", warning);
        return 0;
    };
}

const bool registered =
    registerCommand({"analyze", "Closed forms: mu, S_bar, r*, checkpoint period, availability, TTT model", &setupAnalyze});

}  // namespace

}  // namespace spare::cli
