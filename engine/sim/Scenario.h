#pragma once

#include "engine/base/InputIssue.h"
#include "engine/topology/Topology.h"

#include <array>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace spare {

enum class Policy { Spare, Rep, Ckpt, Elastic, Rebalance };
// Every policy, in the order lists and tables show them.
inline constexpr std::array kPolicies{Policy::Spare, Policy::Rep, Policy::Ckpt, Policy::Elastic, Policy::Rebalance};
enum class FailureModel { Weibull, Exponential, Trace };
// restart.rule: extend_on_failure (a failure inside a group's window starts it over), fixed (failures inside
// are absorbed), serialized (each failure inside queues one more full stall).
enum class RestartRule { ExtendOnFailure, Fixed, Serialized };
// failures.start: how each renewal clock's first lifetime is drawn. new: a fresh lifetime at time 0 (the
// paper's model); stationary: the forward-recurrence lifetime of a clock observed mid-life (density
// S(t) / mean), so any window sees window / MTBF failures on average.
enum class ClockStart { New, Stationary };
// checkpoint.semantics: exact (a rollback resumes at the step after the checkpoint; a failure of any group
// during a write voids it) or paper (the authors' simulator: the checkpointed step is executed and written
// again after a rollback; only the writer is checked).
enum class CheckpointSemantics { Exact, Paper };
// checkpoint.auto_rule: what "auto" optimises. renewal: the exact renewal optimum of the policy's
// interruptions; paper: the paper's availability-optimal form (docs/simulator-model.md, "Checkpoints").
enum class CheckpointAutoRule { Renewal, Paper };
// memory_checkpoint.placement: where a group's in-memory checkpoint copies live. contiguous: with the m - 1
// groups next to it (g / m); domain_separated: m groups ceil(N / m) apart (g mod ceil(N / m)), in other
// racks when racks hold consecutive groups.
enum class MemoryPlacement { Contiguous, DomainSeparated };
// progress.measure: what "workload.steps done" counts when the batch can shrink (docs/progress.md).
enum class ProgressMeasure { Steps, Samples, Effective };
// Lifetime distribution of a domain failure process.
enum class FailureShape { Exponential, Weibull };
// When a group whose nodes were replaced comes back (repair.rejoin).
enum class RejoinRule { None, AtStep };
// Distribution of the time a failed node takes to be repaired and return to the spare pool.
enum class RepairDistribution { Exponential, Lognormal, Fixed };

// The "repair" section (docs/simulator-model.md, "Repair, hot spares and rejoin"). Every failure takes
// nodes out: one for a per-group clock, the group's nodes inside the domain for a domain failure. Each
// failed node goes to repair and asks the hot-spare pool for a replacement (first come, first served);
// a repaired node returns to the pool. A global restart lasts until every group is complete again.
struct RepairModel {
    int spareNodes = 16;                     // repair.spare_nodes: hot-spare pool size at the start
    double swapS = 600.0;                    // repair.swap_s: swap a failed node for a spare (+inf: never in a run)
    RepairDistribution repairDistribution = RepairDistribution::Lognormal;  // repair.repair_distribution
    double repairMeanS = 4.0 * 3600.0;       // repair.repair_mean_s: mean time back to the pool
    double repairSigma = 1.0;                // repair.repair_sigma: log-space sd (lognormal only)
    double escalationShare = 0.0;            // repair.escalation_share: share sent to a long manual repair
    double escalationMeanS = 5.0 * 86400.0;  // repair.escalation_mean_s: its mean (exponential)
    RejoinRule rejoin = RejoinRule::None;    // repair.rejoin: none | at_step
    double stateTransferS = 120.0;           // repair.state_transfer_s: before a rejoining group computes

    friend bool operator==(const RepairModel&, const RepairModel&) = default;
};

// The "maintenance" section: planned stops that write a checkpoint, stop for durationS (the restart
// included) and go on with no rework. Absent: no planned stops.
struct MaintenanceSchedule {
    double everyS = 7.0 * 86400.0;  // maintenance.every_s: from the run's start to the first stop, and between stops
    double durationS = 3600.0;      // maintenance.duration_s: each stop, its restart included
    // maintenance.at_s: stops at these instants from the run's start (ascending) instead of every_s
    std::vector<double> atS;

    friend bool operator==(const MaintenanceSchedule&, const MaintenanceSchedule&) = default;
};

// The "hosts" section (docs/simulator-model.md, "Failure-prone and slow hosts"): nodes unlike the others.
// A group spans ceil(cluster.gpus_per_group / topology.gpus_per_node) nodes (8 GPUs a node without a
// topology); the prone and slow nodes are drawn among all of them from the run's seed.
struct HostHeterogeneity {
    double proneShare = 0.0;    // hosts.prone_share: share of nodes that fail more often than the others
    double proneFactor = 10.0;  // hosts.prone_factor: a prone node's failure rate over a healthy node's
    int removeAfter = 0;        // hosts.remove_after: a prone node is removed at its k-th extra failure (0: never)
    double slowShare = 0.0;     // hosts.slow_share: share of nodes that compute slower
    double slowFactor = 1.1;    // hosts.slow_factor: a slow node's step compute over a healthy node's
    // hosts.evict_after_s: slow nodes are found this long after the start and replaced at the next global
    // restart or planned stop (+inf: never)
    double evictAfterS = std::numeric_limits<double>::infinity();

    friend bool operator==(const HostHeterogeneity&, const HostHeterogeneity&) = default;
};

// The "elastic" section: the settings of policy elastic (docs/policies/elastic.md). Absent: these defaults.
struct ElasticSettings {
    double detectS = 60.0;  // elastic.detect_s: a failure is noticed this long after the step's failed all-reduce
    int minReplicas = 1;    // elastic.min_replicas: fewer live groups: a global restart from the last checkpoint
    int spareGroups = 0;    // elastic.spare_groups: a fixed batch of N - spare_groups contributors

    friend bool operator==(const ElasticSettings&, const ElasticSettings&) = default;
};

// The "rebalance" section: the settings of policy rebalance (docs/policies/rebalance.md).
struct RebalanceSettings {
    double reconfigureS = 6.0;   // rebalance.reconfigure_s: re-planning pause after a failure
    bool integerFactor = false;  // rebalance.integer_factor: each group computes ceil(N / L) x T_comp, not N / L

    friend bool operator==(const RebalanceSettings&, const RebalanceSettings&) = default;
};

// The "memory_checkpoint" section: an in-memory checkpoint tier beside the persistent one
// (docs/policies/memory-checkpoints.md). Absent: no in-memory checkpoints.
struct MemoryCheckpoint {
    int everySteps = 1;      // memory_checkpoint.every_steps
    int copies = 2;          // memory_checkpoint.copies: m, the group's own and m - 1 peers'
    MemoryPlacement placement = MemoryPlacement::Contiguous;  // memory_checkpoint.placement
    double stallS = 0.0;     // memory_checkpoint.stall_s: on the critical path (0: hidden in idle network time)
    double lostShare = 1.0;  // memory_checkpoint.lost_share: share of failures that lose the node's CPU memory
    double restoreS = 60.0;  // memory_checkpoint.restore_s: a restart that loads from memory takes this, not T_r

    friend bool operator==(const MemoryCheckpoint&, const MemoryCheckpoint&) = default;
};

// The "progress" section: how a step at batch fraction b counts (docs/progress.md). Absent: these defaults.
struct ProgressModel {
    ProgressMeasure measure = ProgressMeasure::Effective;  // progress.measure
    double phi = 1.0;  // progress.phi: B_noise / B of w(b) = (1 + phi) / (1 + phi / b); "inf": w = b

    friend bool operator==(const ProgressModel&, const ProgressModel&) = default;
};

// failures.domains[i]: one independent renewal clock per domain of `level`, each failing every group
// with a node in its domain at the same instant. Exactly one of mtbfS and ratePer1000DomainDays is set;
// a rate of 0 means the process never fires.
struct DomainFailureProcess {
    DomainLevel level = DomainLevel::Rack;                // failures.domains[i].level
    std::optional<double> mtbfS;                          // failures.domains[i].mtbf_s: per domain
    std::optional<double> ratePer1000DomainDays;          // failures.domains[i].rate_per_1000_domain_days
    FailureShape shape = FailureShape::Exponential;       // failures.domains[i].shape
    double weibullShape = 0.78;                           // failures.domains[i].weibull_k

    // Seconds between firings of one domain's clock (+inf for a rate of 0).
    double domainMtbfS() const;

    friend bool operator==(const DomainFailureProcess&, const DomainFailureProcess&) = default;
};

// failures.categories[i]: a named share of the failures (docs/simulator-model.md, "Failure domains and
// categories"). level nullopt ("gpu"): the category labels failures of the per-group clocks; a domain
// level: the category is a domain process at that level.
struct FailureCategory {
    std::string name;                  // failures.categories[i].name
    double share = 1.0;                // failures.categories[i].share (normalised over the list)
    std::optional<DomainLevel> level;  // failures.categories[i].level: gpu (nullopt) | node | rack | pod

    friend bool operator==(const FailureCategory&, const FailureCategory&) = default;
};

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
    ClockStart clockStart = ClockStart::New;  // failures.start: new | stationary
    std::string failureTrace;             // failures.trace: CSV of time_s,group or time_s,level,id (model = trace)
    std::vector<DomainFailureProcess> domainFailures;  // failures.domains: extra per-domain processes
    std::vector<FailureCategory> failureCategories;    // failures.categories: empty = no categories

    // restart.*
    double restartS = 3600.0;                           // restart.duration_s: T_r
    RestartRule restartRule = RestartRule::ExtendOnFailure;  // restart.rule: extend_on_failure | fixed | serialized
    // The parts of a global restart before the restart windows of T_r (loading, re-initialising): noticing
    // the failure, diagnosing it, waiting in the scheduler's queue. Failures inside them are absorbed.
    double detectS = 0.0;    // restart.detect_s
    double diagnoseS = 0.0;  // restart.diagnose_s
    double queueS = 0.0;     // restart.queue_s

    // repair.*: absent (nullopt) = the paper's model: a restart always finds healthy nodes, a failed
    // group stays out until the next restart
    std::optional<RepairModel> repair;

    // hosts.*: absent (nullopt) = every node alike
    std::optional<HostHeterogeneity> hosts;
    // elastic.*, rebalance.*, progress.*: absent = their defaults; memory_checkpoint.*: absent = none
    std::optional<ElasticSettings> elastic;
    std::optional<RebalanceSettings> rebalance;
    std::optional<MemoryCheckpoint> memoryCheckpoint;
    std::optional<ProgressModel> progress;

    // checkpoint.*
    std::optional<int> checkpointIntervalSteps;  // checkpoint.interval_steps: integer or "auto" (nullopt)
    double checkpointWriteS = 59.0;              // checkpoint.write_s: T_s
    bool writerOnlyWaits = false;                // checkpoint.writer_only_waits
    // Two-stage checkpoints: write_s is the stall on the critical path, persist_s the background copy to
    // storage after it; only a persisted checkpoint is a rollback target.
    double checkpointPersistS = 0.0;             // checkpoint.persist_s
    CheckpointSemantics checkpointSemantics = CheckpointSemantics::Exact;  // checkpoint.semantics
    CheckpointAutoRule checkpointAutoRule = CheckpointAutoRule::Renewal;    // checkpoint.auto_rule

    // maintenance.*: absent (nullopt) = no planned stops
    std::optional<MaintenanceSchedule> maintenance;

    // run.*
    Policy policy = Policy::Spare;  // run.policy: spare | rep | ckpt
    std::uint64_t seed = 1;         // run.seed
    // run.rep_redundancy: Rep+CKPT's replica-set size when it races the other policies, or "auto"
    // (nullopt: the r that minimises its model TTT, repBestRedundancy).
    std::optional<int> repRedundancy;

    friend bool operator==(const Scenario&, const Scenario&) = default;
};

// Every problem with the scenario (empty = valid), each with its key path, its value and a message
// naming the value and the allowed range; the origin is left empty for the caller. Ranges come from
// ScenarioLimits.h. No file I/O: a layout or trace path is checked for presence only, the loaders
// check the files.
std::vector<InputIssue> validateScenario(const Scenario& scenario);
// validateScenario of `base` run under `policy` (a sweep's or a plan's policies), each issue's origin
// "policy NAME".
std::vector<InputIssue> validateUnderPolicy(const Scenario& base, Policy policy);

const char* policyName(Policy policy);            // "spare", "rep", "ckpt"
const char* policyDisplayName(Policy policy);     // "SPARe+CKPT", "Rep+CKPT", "CKPT-only"
// SPARe+CKPT and Rep+CKPT keep r replicas; the other policies run at r = 1.
bool policyUsesRedundancy(Policy policy);
// Elastic DP and re-balance shrink the batch, which only checkpoint.semantics "exact" models.
bool policyNeedsExactSemantics(Policy policy);
const char* failureModelName(FailureModel model); // "weibull", "exponential", "trace"
const char* restartRuleName(RestartRule rule);    // "extend_on_failure", "fixed"
const char* failureShapeName(FailureShape shape); // "exponential", "weibull"
// A category's level: "gpu" for nullopt (the per-group clocks), else the domain level's name.
const char* categoryLevelName(std::optional<DomainLevel> level);
const char* rejoinRuleName(RejoinRule rule);                      // "none", "at_step"
const char* repairDistributionName(RepairDistribution distribution);  // "exponential", "lognormal", "fixed"
const char* clockStartName(ClockStart start);                          // "new", "stationary"
const char* checkpointSemanticsName(CheckpointSemantics semantics);    // "exact", "paper"
const char* checkpointAutoRuleName(CheckpointAutoRule rule);           // "renewal", "paper"
const char* memoryPlacementName(MemoryPlacement placement);           // "contiguous", "domain_separated"
const char* progressMeasureName(ProgressMeasure measure);              // "steps", "samples", "effective"

// Parse the names above (exact, lower case); nullopt for anything else.
std::optional<Policy> parsePolicy(std::string_view name);
std::optional<FailureModel> parseFailureModel(std::string_view name);
std::optional<RestartRule> parseRestartRule(std::string_view name);
std::optional<FailureShape> parseFailureShape(std::string_view name);
// nullopt for an unknown name; an engaged nullopt (gpu) or a domain level otherwise.
std::optional<std::optional<DomainLevel>> parseCategoryLevel(std::string_view name);
std::optional<RejoinRule> parseRejoinRule(std::string_view name);
std::optional<RepairDistribution> parseRepairDistribution(std::string_view name);
std::optional<ClockStart> parseClockStart(std::string_view name);
std::optional<CheckpointSemantics> parseCheckpointSemantics(std::string_view name);
std::optional<CheckpointAutoRule> parseCheckpointAutoRule(std::string_view name);
std::optional<MemoryPlacement> parseMemoryPlacement(std::string_view name);
std::optional<ProgressMeasure> parseProgressMeasure(std::string_view name);

// "spare | rep | ckpt" etc.: the allowed names, for messages and help texts.
const char* policyNames();
const char* failureModelNames();
const char* restartRuleNames();
const char* failureShapeNames();
const char* categoryLevelNames();  // "gpu | node | rack | pod"
const char* rejoinRuleNames();
const char* repairDistributionNames();
const char* clockStartNames();
const char* checkpointSemanticsNames();
const char* checkpointAutoRuleNames();
const char* memoryPlacementNames();
const char* progressMeasureNames();

}  // namespace spare
