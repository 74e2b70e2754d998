#pragma once

#include "topology/Topology.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace spare {

enum class Policy { Spare, Rep, Ckpt };
enum class FailureModel { Weibull, Exponential, Trace };
enum class RestartRule { ExtendOnFailure, Fixed };

// Every parameter of one simulation. A plain value: validate with validateScenario() before use.
// JSON keys (see ScenarioJson and the README) are given next to each field.
struct Scenario {
    std::string name;         // "name"
    std::string description;  // "description"

    // cluster.*
    int groups = 200;               // cluster.groups: N data-parallel groups (= shard types)
    int gpusPerGroup = 3000;        // cluster.gpus_per_group: M GPUs per group (drawing only)
    int redundancy = 9;             // cluster.redundancy: r
    std::string layout = "golomb";  // cluster.layout: golomb | consecutive | golomb-domain | path to a layout JSON

    // topology.*: absent (nullopt) = no topology, the model without failure domains
    std::optional<Topology> topology;

    // workload.*
    int steps = 10000;                    // workload.steps
    double computeS = 64.0;               // workload.compute_s: T_comp per stack
    double allReduceS = 2.0;              // workload.allreduce_s: T_a
    double failedAllReduceFactor = 0.5;   // workload.failed_allreduce_factor (x T_a)
    double shrinkS = 0.1;                 // workload.shrink_s
    double jitterSd = 0.05;               // workload.jitter_sd: N(1, sd^2) per group per stack
    double jitterMin = 0.1;               // workload.jitter_min: clip

    // failures.*
    FailureModel failureModel = FailureModel::Weibull;  // failures.model: weibull | exponential | trace
    double systemMtbfS = 300.0;           // failures.system_mtbf_s: m, all groups alive
    double weibullShape = 0.78;           // failures.weibull_shape: k
    std::string failureTrace;             // failures.trace: CSV of time_s,group (model = trace)

    // restart.*
    double restartS = 3600.0;                           // restart.duration_s: T_r
    RestartRule restartRule = RestartRule::ExtendOnFailure;  // restart.rule: extend_on_failure | fixed

    // checkpoint.*
    std::optional<int> checkpointIntervalSteps;  // checkpoint.interval_steps: integer or "auto" (nullopt)
    double checkpointWriteS = 59.0;              // checkpoint.write_s: T_s
    bool writerOnlyWaits = false;                // checkpoint.writer_only_waits

    // run.*
    Policy policy = Policy::Spare;  // run.policy: spare | rep | ckpt
    std::uint64_t seed = 1;         // run.seed
    // run.rep_redundancy: Rep+CKPT's replica-set size when it races the other policies, or "auto"
    // (nullopt: the r that minimises its model TTT, repBestRedundancy).
    std::optional<int> repRedundancy;

    friend bool operator==(const Scenario&, const Scenario&) = default;
};

// One problem found by validateScenario: the key path ("cluster.groups") and a message that names
// the value and the allowed range.
struct ScenarioIssue {
    std::string key;
    std::string message;
};

// Every problem with the scenario (empty = valid). Ranges come from ScenarioLimits.h. No file I/O:
// a layout or trace path is checked for presence only, the loaders check the files.
std::vector<ScenarioIssue> validateScenario(const Scenario& scenario);

const char* policyName(Policy policy);            // "spare", "rep", "ckpt"
const char* policyDisplayName(Policy policy);     // "SPARe+CKPT", "Rep+CKPT", "CKPT-only"
const char* failureModelName(FailureModel model); // "weibull", "exponential", "trace"
const char* restartRuleName(RestartRule rule);    // "extend_on_failure", "fixed"

// Parse the names above (exact, lower case); nullopt for anything else.
std::optional<Policy> parsePolicy(std::string_view name);
std::optional<FailureModel> parseFailureModel(std::string_view name);
std::optional<RestartRule> parseRestartRule(std::string_view name);

// "spare | rep | ckpt" etc.: the allowed names, for messages and help texts.
const char* policyNames();
const char* failureModelNames();
const char* restartRuleNames();

}  // namespace spare
