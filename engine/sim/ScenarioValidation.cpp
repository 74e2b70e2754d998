#include "engine/base/ScenarioLimits.h"
#include "engine/sim/HostPopulation.h"
#include "engine/sim/Scenario.h"
#include "engine/sim/ScenarioKeyTable.h"

#include <fmt/core.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

namespace spare {

namespace {

using L = ScenarioLimits;
using K = ScenarioValueKind;
constexpr double kNone = 0.0;
constexpr double kMaxSeed = 18446744073709551615.0;  // 2^64 - 1 (as a double: display only)

// clang-format off
constexpr std::array<ScenarioKeyInfo, 67> kKeys{{
    {"name", K::Text, kNone, false, kNone, "", "", "Short name shown in titles and file names", "\"\"", "any text"},
    {"description", K::Text, kNone, false, kNone, "", "", "Where the numbers come from", "\"\"", "any text"},
    {"cluster.groups", K::Integer, L::minGroups, false, L::maxGroups, "", "groups",
     "N: data-parallel groups (= shard types)", "200", "2 .. 10,000,000"},
    {"cluster.gpus_per_group", K::Integer, L::minGpusPerGroup, false, L::maxGpusPerGroup, "", "GPUs",
     "M: GPUs per group (drawing and failure attribution only)", "3000", "1 .. 100,000"},
    {"cluster.redundancy", K::Integer, L::minRedundancy, false, L::maxRedundancy, "cluster.groups", "",
     "r: shard types each group holds (stack depth); Rep+CKPT replica-set size", "9",
     "1 .. min(cluster.groups, 64)"},
    {"cluster.layout", K::Text, kNone, false, kNone, "", "",
     "Stacked layout: golomb, consecutive, golomb-domain (holders of a type in distinct failure domains; needs "
     "topology), or a layout JSON file (relative to the scenario file)",
     "\"golomb\"", "golomb | consecutive | golomb-domain | file path"},
    {"topology.gpus_per_node", K::Integer, 1, false, L::maxGpusPerNode, "", "GPUs",
     "G: GPUs per node (optional section: without it there are no failure domains)", "8", "1 .. 1024"},
    {"topology.nodes_per_rack", K::Integer, 1, false, L::maxNodesPerRack, "", "nodes", "Nodes per rack", "16",
     "1 .. 100,000"},
    {"topology.racks_per_pod", K::Integer, 1, false, L::maxRacksPerPod, "", "racks", "Racks per pod", "32",
     "1 .. 100,000"},
    {"topology.placement", K::Text, kNone, false, kNone, "", "",
     "Groups on nodes: contiguous (group g takes the g-th run of cluster.gpus_per_group GPUs), striped "
     "(consecutive groups in consecutive racks), or a placement JSON file (relative to the scenario file)",
     "\"contiguous\"", "contiguous | striped | file path"},
    {"topology.domain_level", K::Choice, kNone, false, kNone, "", "",
     "Failure-domain level the golomb-domain layout spreads each type's holders across", "\"rack\"",
     "node | rack | pod"},
    {"workload.steps", K::Integer, L::minSteps, false, L::maxSteps, "", "steps", "Training steps to complete",
     "10000", "1 .. 10,000,000"},
    {"workload.compute_s", K::Number, L::minComputeS, false, L::maxComputeS, "", "s",
     "T_comp: compute time of one stack", "64.0", "0.001 .. 1e6"},
    {"workload.allreduce_s", K::Number, 0.0, false, L::maxDurationS, "", "s", "T_a: all-reduce time", "2.0",
     "0 .. 1e9"},
    {"workload.failed_allreduce_factor", K::Number, 0.0, false, L::maxFailedAllReduceFactor, "", "x T_a",
     "Cost of an all-reduce that detects a failure", "0.5", "0 .. 10"},
    {"workload.shrink_s", K::Number, 0.0, false, L::maxDurationS, "", "s",
     "Communicator shrink after a masked failure", "0.1", "0 .. 1e9"},
    {"workload.jitter_sd", K::Number, 0.0, false, L::maxJitterSd, "", "",
     "Per-group compute jitter: factor ~ N(1, sd^2)", "0.05", "0 .. 1"},
    {"workload.jitter_min", K::Number, 0.0, false, L::maxJitterMin, "", "",
     "Jitter factor clipped below at this value", "0.1", "0 .. 1"},
    {"failures.model", K::Choice, kNone, false, kNone, "", "", "Per-group failure process", "\"weibull\"",
     "weibull | exponential | trace"},
    {"failures.system_mtbf_s", K::Number, L::minSystemMtbfS, false, L::maxSystemMtbfS, "", "s",
     "m: system MTBF with all groups alive (each group: N x m)", "300.0", "0.001 .. 1e12"},
    {"failures.weibull_shape", K::Number, L::minWeibullShape, false, L::maxWeibullShape, "", "",
     "k: Weibull shape (k < 1: failures cluster early)", "0.78", "0.05 .. 20"},
    {"failures.start", K::Choice, kNone, false, kNone, "", "",
     "First lifetime of every failure clock: new (a fresh clock at time 0, the paper's model) or stationary (a "
     "cluster observed mid-life: any window sees window / MTBF failures on average)", "\"new\"",
     "new | stationary"},
    {"failures.trace", K::Text, kNone, false, kNone, "", "",
     "Failure trace CSV (time_s,group, or time_s,level,id for domain failures), relative to the scenario file; "
     "required when model = trace", "\"\"",
     "file path"},
    {"restart.duration_s", K::Number, 0.0, false, L::maxDurationS, "", "s", "T_r: global restart time", "3600.0",
     "0 .. 1e9"},
    {"restart.rule", K::Choice, kNone, false, kNone, "", "",
     "extend_on_failure: a group failing during its restart window starts it over; fixed: failures inside are "
     "absorbed; serialized: each failure inside queues one more full restart", "\"extend_on_failure\"",
     "extend_on_failure | fixed | serialized"},
    {"restart.detect_s", K::Number, 0.0, false, L::maxDurationS, "", "s",
     "Part of every global restart: noticing the failure (collective timeout, health check)", "0.0", "0 .. 1e9"},
    {"restart.diagnose_s", K::Number, 0.0, false, L::maxDurationS, "", "s",
     "Part of every global restart: finding the faulty node", "0.0", "0 .. 1e9"},
    {"restart.queue_s", K::Number, 0.0, false, L::maxDurationS, "", "s",
     "Part of every global restart: waiting in the scheduler's queue", "0.0", "0 .. 1e9"},
    {"repair.spare_nodes", K::Integer, 0, false, L::maxSpareNodes, "", "nodes",
     "Hot-spare pool size at the start (optional section: without it a restart always finds healthy nodes and a "
     "failed group stays out until the next restart)", "16", "0 .. 10,000,000"},
    {"repair.swap_s", K::Number, 0.0, false, L::maxDurationS, "", "s",
     "Time to swap a failed node for a spare; \"inf\": never within a run (the same as rejoin none)", "600.0",
     "0 .. 1e9, or \"inf\""},
    {"repair.repair_distribution", K::Choice, kNone, false, kNone, "", "",
     "Distribution of the time a failed node takes to be repaired and return to the pool", "\"lognormal\"",
     "exponential | lognormal | fixed"},
    {"repair.repair_mean_s", K::Number, 0.0, true, L::maxDurationS, "", "s", "Mean repair time of a failed node",
     "14400.0", "> 0 .. 1e9"},
    {"repair.repair_sigma", K::Number, 0.0, false, L::maxRepairSigma, "", "",
     "Log-space standard deviation of the repair time (lognormal only)", "1.0", "0 .. 5"},
    {"repair.escalation_share", K::Number, 0.0, false, 1.0, "", "",
     "Share of failed nodes that go to a long manual repair instead", "0.0", "0 .. 1"},
    {"repair.escalation_mean_s", K::Number, 0.0, true, L::maxDurationS, "", "s",
     "Mean time of a manual repair (exponential)", "432000.0", "> 0 .. 1e9"},
    {"repair.rejoin", K::Choice, kNone, false, kNone, "", "",
     "What a group whose nodes were replaced does: none waits for the next global restart, at_step rejoins at "
     "the next step boundary after the state transfer", "\"none\"", "none | at_step"},
    {"repair.state_transfer_s", K::Number, 0.0, false, L::maxDurationS, "", "s",
     "Time a rejoining group spends receiving its state before it computes", "120.0", "0 .. 1e9"},
    {"hosts.prone_share", K::Number, 0.0, false, 1.0, "", "",
     "Share of nodes that fail more often than the others (optional section: without it every node is alike)",
     "0.0", "0 .. 1"},
    {"hosts.prone_factor", K::Number, 1.0, false, L::maxProneFactor, "", "x",
     "A failure-prone node's failure rate over a healthy node's (healthy: the group's rate / its nodes)", "10.0",
     "1 .. 1000"},
    {"hosts.remove_after", K::Integer, 0, false, L::maxRemoveAfter, "", "failures",
     "A failure-prone node is removed for good at its k-th extra failure (a spare from the pool takes its place); "
     "0: never", "0", "0 .. 1,000,000"},
    {"hosts.slow_share", K::Number, 0.0, false, 1.0, "", "", "Share of nodes that compute slower than the others",
     "0.0", "0 .. 1"},
    {"hosts.slow_factor", K::Number, 1.0, false, L::maxSlowFactor, "", "x",
     "A slow node's step compute over a healthy node's; every step waits for the slowest live group", "1.1",
     "1 .. 100"},
    {"hosts.evict_after_s", K::Number, 0.0, false, L::maxDurationS, "", "s",
     "Slow nodes are found this long after the start and replaced at the next global restart or planned stop "
     "(a spare from the pool each); \"inf\": never", "\"inf\"", "0 .. 1e9, or \"inf\""},
    {"elastic.detect_s", K::Number, 0.0, false, L::maxDurationS, "", "s",
     "Policy elastic (optional section): a failure is noticed this long after the step's failed all-reduce (a "
     "collective timeout: 60 s; a heartbeat abort: about 5 s)", "60.0", "0 .. 1e9"},
    {"elastic.min_replicas", K::Integer, 1, false, L::maxGroups, "cluster.groups", "groups",
     "Policy elastic: with fewer live groups, a global restart from the last checkpoint", "1",
     "1 .. cluster.groups"},
    {"elastic.spare_groups", K::Integer, 0, false, L::maxGroups, "cluster.groups", "groups",
     "Policy elastic: a fixed batch of N - spare_groups contributors, the other live groups wait as spares (0: "
     "the batch shrinks with every failure)", "0", "0 .. cluster.groups - 1"},
    {"rebalance.reconfigure_s", K::Number, 0.0, false, L::maxDurationS, "", "s",
     "Policy rebalance (optional section): re-planning pause after a failure (2-10 s in the Oobleck paper)", "6.0",
     "0 .. 1e9"},
    {"rebalance.integer_factor", K::Boolean, kNone, false, kNone, "", "",
     "Policy rebalance: each live group computes ceil(N / L) x T_comp instead of N / L (whole stacks)", "false",
     "true | false"},
    {"memory_checkpoint.every_steps", K::Integer, 1, false, L::maxSteps, "workload.steps", "steps",
     "In-memory checkpoint tier (optional section): a checkpoint in CPU memory every this many steps",
     "1", "1 .. workload.steps"},
    {"memory_checkpoint.copies", K::Integer, 1, false, L::maxRedundancy, "cluster.groups", "",
     "m: copies of each group's in-memory checkpoint (its own and m - 1 peers')", "2",
     "1 .. min(cluster.groups, 64)"},
    {"memory_checkpoint.placement", K::Choice, kNone, false, kNone, "", "",
     "Where the copies live: contiguous (the m - 1 next groups) or domain_separated (groups ceil(N / m) apart, "
     "in other racks when racks hold consecutive groups)", "\"contiguous\"", "contiguous | domain_separated"},
    {"memory_checkpoint.stall_s", K::Number, 0.0, false, L::maxDurationS, "", "s",
     "Stall of each in-memory checkpoint on the critical path (0: the copy fits in idle network time)", "0.0",
     "0 .. 1e9"},
    {"memory_checkpoint.lost_share", K::Number, 0.0, false, 1.0, "", "",
     "Share of failures that lose the failed group's CPU memory (hardware faults; software faults keep it)",
     "1.0", "0 .. 1"},
    {"memory_checkpoint.restore_s", K::Number, 0.0, false, L::maxDurationS, "", "s",
     "A global restart that loads the in-memory checkpoint takes this instead of restart.duration_s", "60.0",
     "0 .. 1e9"},
    {"progress.measure", K::Choice, kNone, false, kNone, "", "",
     "What workload.steps counts when the batch can shrink: steps, samples (sum of batch fractions) or effective "
     "(w(b) = (1 + phi) / (1 + phi / b) per step)", "\"effective\"", "steps | samples | effective"},
    {"progress.phi", K::Number, 0.0, false, 1e6, "", "",
     "phi = B_noise / B of the large-batch model (0: every step counts 1; \"inf\": a step counts its batch "
     "fraction)", "1.0", "0 .. 1e6, or \"inf\""},
    {"checkpoint.interval_steps", K::Integer, L::minCheckpointIntervalSteps, false, L::maxSteps, "workload.steps",
     "steps", "T_c: steps between checkpoints, or \"auto\" (optimal interval)", "\"auto\"",
     "1 .. workload.steps, or \"auto\""},
    {"checkpoint.write_s", K::Number, 0.0, false, L::maxDurationS, "", "s", "T_s: checkpoint write time", "59.0",
     "0 .. 1e9"},
    {"checkpoint.writer_only_waits", K::Boolean, kNone, false, kNone, "", "",
     "true: only the writer group waits for the write, the others go on; the next all-reduce waits for the writer", "false", "true | false"},
    {"checkpoint.persist_s", K::Number, 0.0, false, L::maxDurationS, "", "s",
     "Two-stage checkpoints: background copy to storage after the write_s stall; only a persisted checkpoint is a "
     "rollback target, a failure before it is persisted voids it", "0.0", "0 .. 1e9"},
    {"checkpoint.semantics", K::Choice, kNone, false, kNone, "", "",
     "exact: a rollback resumes after the checkpoint and a failure of any group during a write voids it; paper: "
     "the authors' simulator (the checkpointed step runs and is written again after a rollback; only the writer "
     "is checked)", "\"exact\"", "exact | paper"},
    {"checkpoint.auto_rule", K::Choice, kNone, false, kNone, "", "",
     "What \"auto\" optimises: renewal (the exact renewal optimum of the policy's interruptions, Daly's period) "
     "or paper (the paper's availability-optimal form)", "\"renewal\"", "renewal | paper"},
    {"maintenance.every_s", K::Number, 0.0, true, L::maxDurationS, "", "s",
     "Planned stops (optional section): time from the start to the first stop and between stops; each writes a "
     "checkpoint, stops and goes on with no rework; not used when at_s has entries", "604800.0", "> 0 .. 1e9"},
    {"maintenance.duration_s", K::Number, 0.0, false, L::maxDurationS, "", "s",
     "Length of each planned stop, its restart included", "3600.0", "0 .. 1e9"},
    {"run.policy", K::Choice, kNone, false, kNone, "", "",
     "spare = SPARe+CKPT, rep = Rep+CKPT, ckpt = CKPT-only, elastic = elastic data parallelism, rebalance = "
     "fixed-batch re-balancing", "\"spare\"", "spare | rep | ckpt | elastic | rebalance"},
    {"run.seed", K::Integer, 0.0, false, kMaxSeed, "", "", "Random seed (same seed => same run)", "1",
     "0 .. 2^64-1"},
    {"run.rep_redundancy", K::Integer, L::minRepRedundancy, false, L::maxRedundancy, "cluster.groups", "",
     "Rep+CKPT replica-set size in the Race, or \"auto\" (the r minimising its model TTT)", "\"auto\"",
     "2 .. min(cluster.groups, 64), or \"auto\""},
}};
constexpr std::array<ScenarioKeyInfo, 9> kListKeys{{
    {"failures.domains[].level", K::Choice, kNone, false, kNone, "", "",
     "Domain level of an extra failure process: one clock per domain; a firing fails every group with a node "
     "in the domain (needs topology)", "\"rack\"", "node | rack | pod"},
    {"failures.domains[].mtbf_s", K::Number, L::minSystemMtbfS, false, L::maxSystemMtbfS, "", "s",
     "Mean time between failures of one domain (give this or rate_per_1000_domain_days)", "(none)",
     "0.001 .. 1e12"},
    {"failures.domains[].rate_per_1000_domain_days", K::Number, 0.0, false, L::maxDomainRate, "",
     "per 1,000 domain-days", "Failures of one domain per 1,000 days, 0 = never (or mtbf_s)", "(none)",
     "0 .. 1e9"},
    {"failures.domains[].shape", K::Choice, kNone, false, kNone, "", "", "Lifetime distribution of each domain's clock",
     "\"exponential\"", "exponential | weibull"},
    {"failures.domains[].weibull_k", K::Number, L::minWeibullShape, false, L::maxWeibullShape, "", "",
     "Weibull shape when shape = weibull", "0.78", "0.05 .. 20"},
    {"maintenance.at_s[]", K::Number, 0.0, false, L::maxDurationS, "", "s",
     "Planned stops at these instants from the run's start, ascending (instead of every_s)", "(none)",
     "0 .. 1e9, at most 1,000 entries"},
    {"failures.categories[].name", K::Text, kNone, false, kNone, "", "",
     "Category name shown in events (unique in the list)", "(required)", "1 .. 80 bytes, no control characters"},
    {"failures.categories[].share", K::Number, 0.0, false, L::maxCategoryShare, "", "",
     "Share of all failures (normalised over the list; the shares must sum to > 0)", "1.0", "0 .. 1e12"},
    {"failures.categories[].level", K::Choice, kNone, false, kNone, "", "",
     "gpu: labels failures of the per-group clocks; node | rack | pod: a domain process whose rate is the "
     "share of the system failure rate (needs topology)", "\"gpu\"", "gpu | node | rack | pod"},
}};
// clang-format on
static_assert(kKeys.back().key != nullptr && kListKeys.back().key != nullptr,
              "a key table's declared size must equal its rows");

class IssueList {
public:
    void integer(const char* key, long long value, long long maxOverride = std::numeric_limits<long long>::max())
    {
        const ScenarioKeyInfo& row = *findScenarioKey(key);
        const long long lo = static_cast<long long>(row.min);
        const long long hi = std::min(static_cast<long long>(row.max), maxOverride);
        if (value < lo || value > hi)
            add(key, scenarioRangeMessage(row, fmt::format("{}", value)), fmt::format("{}", value));
    }
    void number(const char* key, double value)
    {
        const ScenarioKeyInfo& row = *findScenarioKey(key);
        const bool belowMin = row.minExclusive ? !(value > row.min) : !(value >= row.min);
        if (!std::isfinite(value) || belowMin || value > row.max)
            add(key, scenarioRangeMessage(row, fmt::format("{}", value)), fmt::format("{}", value));
    }
    // A list entry's number: `key` as the message names it ("failures.domains[2].mtbf_s"), `row` its
    // list-key row.
    void listNumber(const std::string& key, const char* row, double value)
    {
        const ScenarioKeyInfo& info = *findScenarioListKey(row);
        if (!std::isfinite(value) || value < info.min || value > info.max)
            add(key, scenarioRangeMessage(info, fmt::format("{}", value)), fmt::format("{}", value));
    }
    void add(std::string key, std::string message, std::string value = {})
    {
        issues_.push_back({{}, std::move(key), std::move(message), std::move(value)});
    }
    std::vector<InputIssue> take() { return std::move(issues_); }

private:
    std::vector<InputIssue> issues_;
};

template <typename Enum, std::size_t Count>
std::optional<Enum> parseName(std::string_view name, const std::array<Enum, Count>& values, const char* (*nameOf)(Enum))
{
    for (Enum value : values)
        if (name == nameOf(value))
            return value;
    return std::nullopt;
}

}  // namespace

std::span<const ScenarioKeyInfo> scenarioKeyTable() { return kKeys; }

std::span<const ScenarioKeyInfo> scenarioListKeyTable() { return kListKeys; }

std::span<const char* const> scenarioListKeys()
{
    static constexpr const char* lists[] = {"failures.domains", "failures.categories", "maintenance.at_s"};
    return lists;
}

const ScenarioKeyInfo* findScenarioListKey(std::string_view key)
{
    for (const ScenarioKeyInfo& row : kListKeys)
        if (key == row.key)
            return &row;
    return nullptr;
}

std::span<const char* const> optionalScenarioSections()
{
    static constexpr const char* sections[] = {"topology", "repair",            "hosts",   "elastic",
                                               "rebalance", "memory_checkpoint", "progress", "maintenance"};
    return sections;
}

const ScenarioKeyInfo* findScenarioKey(std::string_view key)
{
    for (const ScenarioKeyInfo& row : kKeys)
        if (key == row.key)
            return &row;
    return nullptr;
}

std::string scenarioRangeMessage(const ScenarioKeyInfo& row, std::string_view valueText)
{
    return fmt::format("{} is out of range; allowed: {}{}{}", valueText, row.allowed, *row.unit ? " " : "",
                       row.unit);
}

namespace {

std::string keyTableMarkdown(std::span<const ScenarioKeyInfo> rows)
{
    auto cell = [](std::string_view text) {
        std::string escaped;
        for (char c : text)
            escaped += c == '|' ? std::string("\\|") : std::string(1, c);
        return escaped;
    };
    std::string out = "| key | meaning | unit | default | allowed |\n|---|---|---|---|---|\n";
    for (const ScenarioKeyInfo& row : rows)
        out += fmt::format("| `{}` | {} | {} | `{}` | {} |\n", row.key, cell(row.meaning), row.unit, row.defaultText,
                           cell(row.allowed));
    return out;
}

// failures.domains and failures.categories (ranges: kListKeys).
void validateFailureLists(const Scenario& s, IssueList& issues)
{
    const bool anyDomainLevel =
        !s.domainFailures.empty() ||
        std::any_of(s.failureCategories.begin(), s.failureCategories.end(),
                    [](const FailureCategory& c) { return c.level.has_value(); });
    if (anyDomainLevel && !s.topology)
        issues.add(!s.domainFailures.empty() ? "failures.domains" : "failures.categories",
                   "a domain-level failure process needs a topology section; allowed without one: no "
                   "failures.domains and only gpu-level failures.categories");
    if ((!s.domainFailures.empty() || !s.failureCategories.empty()) && s.failureModel == FailureModel::Trace)
        issues.add(!s.domainFailures.empty() ? "failures.domains" : "failures.categories",
                   "needs failures.model weibull or exponential; with a trace, write domain failures as "
                   "time_s,level,id rows");
    if (s.domainFailures.size() > static_cast<std::size_t>(L::maxDomainProcesses))
        issues.add("failures.domains", fmt::format("{} entries; allowed: at most {}", s.domainFailures.size(),
                                                   L::maxDomainProcesses));
    for (std::size_t i = 0; i < s.domainFailures.size(); ++i) {
        const DomainFailureProcess& d = s.domainFailures[i];
        const std::string key = fmt::format("failures.domains[{}]", i);
        if (d.mtbfS.has_value() == d.ratePer1000DomainDays.has_value())
            issues.add(key, "give exactly one of mtbf_s and rate_per_1000_domain_days");
        if (d.mtbfS)
            issues.listNumber(key + ".mtbf_s", "failures.domains[].mtbf_s", *d.mtbfS);
        if (d.ratePer1000DomainDays)
            issues.listNumber(key + ".rate_per_1000_domain_days", "failures.domains[].rate_per_1000_domain_days",
                              *d.ratePer1000DomainDays);
        issues.listNumber(key + ".weibull_k", "failures.domains[].weibull_k", d.weibullShape);
    }
    if (s.failureCategories.size() > static_cast<std::size_t>(L::maxFailureCategories))
        issues.add("failures.categories", fmt::format("{} entries; allowed: at most {}", s.failureCategories.size(),
                                                      L::maxFailureCategories));
    double total = 0.0;
    for (std::size_t i = 0; i < s.failureCategories.size(); ++i) {
        const FailureCategory& c = s.failureCategories[i];
        const std::string key = fmt::format("failures.categories[{}]", i);
        const bool control = std::any_of(c.name.begin(), c.name.end(), [](char ch) {
            return static_cast<unsigned char>(ch) < 0x20 || ch == 0x7f;
        });
        if (c.name.empty() || c.name.size() > static_cast<std::size_t>(L::maxCategoryNameLength) || control)
            issues.add(key + ".name", fmt::format("\"{}\" is not allowed; allowed: {}", c.name.substr(0, 60),
                                                  findScenarioListKey("failures.categories[].name")->allowed),
                       c.name);
        for (std::size_t j = 0; j < i; ++j)
            if (s.failureCategories[j].name == c.name)
                issues.add(key + ".name", fmt::format("\"{}\" is also the name of failures.categories[{}]; "
                                                      "allowed: each name once",
                                                      c.name.substr(0, 60), j),
                           c.name);
        issues.listNumber(key + ".share", "failures.categories[].share", c.share);
        if (std::isfinite(c.share))
            total += c.share;
    }
    if (!s.failureCategories.empty() && !(total > 0.0))
        issues.add("failures.categories", "the shares sum to 0; allowed: a sum > 0");
}

// The repair section: every policy and failure model takes it, so only the ranges are checked.
void validateHosts(const Scenario& s, IssueList& issues)
{
    const HostHeterogeneity& h = *s.hosts;
    issues.number("hosts.prone_share", h.proneShare);
    issues.number("hosts.prone_factor", h.proneFactor);
    issues.integer("hosts.remove_after", h.removeAfter);
    issues.number("hosts.slow_share", h.slowShare);
    issues.number("hosts.slow_factor", h.slowFactor);
    if (h.evictAfterS != std::numeric_limits<double>::infinity())
        issues.number("hosts.evict_after_s", h.evictAfterS);
    const long long nodes = HostPopulation::totalNodes(s);
    if (nodes > L::maxHostNodes)
        issues.add("hosts", fmt::format("the groups span {} nodes (cluster.groups x nodes per group); allowed with a "
                                        "hosts section: at most 10,000,000",
                                        nodes));
}

void validatePolicySections(const Scenario& s, IssueList& issues)
{
    if (s.elastic) {
        issues.number("elastic.detect_s", s.elastic->detectS);
        issues.integer("elastic.min_replicas", s.elastic->minReplicas, std::max(s.groups, 1));
        issues.integer("elastic.spare_groups", s.elastic->spareGroups, std::max(s.groups - 1, 0));
    }
    if (s.rebalance)
        issues.number("rebalance.reconfigure_s", s.rebalance->reconfigureS);
    if (s.memoryCheckpoint) {
        const MemoryCheckpoint& m = *s.memoryCheckpoint;
        issues.integer("memory_checkpoint.every_steps", m.everySteps, std::max(s.steps, 1));
        issues.integer("memory_checkpoint.copies", m.copies, std::max(s.groups, 1));
        issues.number("memory_checkpoint.stall_s", m.stallS);
        issues.number("memory_checkpoint.lost_share", m.lostShare);
        issues.number("memory_checkpoint.restore_s", m.restoreS);
    }
    if (s.progress && s.progress->phi != std::numeric_limits<double>::infinity())
        issues.number("progress.phi", s.progress->phi);
    const bool shrinks = policyNeedsExactSemantics(s.policy);
    if ((shrinks || s.memoryCheckpoint) && s.checkpointSemantics == CheckpointSemantics::Paper)
        issues.add("checkpoint.semantics",
                   fmt::format("\"paper\" is the authors' rule for spare, rep and ckpt without in-memory checkpoints; "
                               "allowed here: \"exact\"{}",
                               shrinks ? fmt::format(" (run.policy {})", policyName(s.policy)) : std::string()),
                   "paper");
}

void validateMaintenance(const MaintenanceSchedule& m, IssueList& issues)
{
    issues.number("maintenance.every_s", m.everyS);
    issues.number("maintenance.duration_s", m.durationS);
    if (m.atS.size() > static_cast<std::size_t>(L::maxMaintenanceTimes))
        issues.add("maintenance.at_s", fmt::format("{} entries; allowed: at most 1,000", m.atS.size()));
    for (std::size_t i = 0; i < m.atS.size() && i < static_cast<std::size_t>(L::maxMaintenanceTimes); ++i) {
        const std::string key = fmt::format("maintenance.at_s[{}]", i);
        const double at = m.atS[i];
        if (!(at >= 0.0 && at <= L::maxDurationS))
            issues.add(key, scenarioRangeMessage(*findScenarioListKey("maintenance.at_s[]"), fmt::format("{}", at)),
                       fmt::format("{}", at));
        else if (i > 0 && !(at > m.atS[i - 1]))
            issues.add(key,
                       fmt::format("{} is not after the entry before it ({}); allowed: ascending instants", at,
                                   m.atS[i - 1]),
                       fmt::format("{}", at));
    }
}

void validateRepair(const RepairModel& r, IssueList& issues)
{
    issues.integer("repair.spare_nodes", r.spareNodes);
    if (r.swapS != std::numeric_limits<double>::infinity())
        issues.number("repair.swap_s", r.swapS);
    issues.number("repair.repair_mean_s", r.repairMeanS);
    issues.number("repair.repair_sigma", r.repairSigma);
    issues.number("repair.escalation_share", r.escalationShare);
    issues.number("repair.escalation_mean_s", r.escalationMeanS);
    issues.number("repair.state_transfer_s", r.stateTransferS);
}

}  // namespace

std::string scenarioKeyTableMarkdown() { return keyTableMarkdown(kKeys); }

std::string scenarioListKeyTableMarkdown() { return keyTableMarkdown(kListKeys); }

std::vector<InputIssue> validateScenario(const Scenario& s)
{
    IssueList issues;
    issues.integer("cluster.groups", s.groups);
    issues.integer("cluster.gpus_per_group", s.gpusPerGroup);
    issues.integer("cluster.redundancy", s.redundancy, std::max(s.groups, 1));
    if (s.layout.empty())
        issues.add("cluster.layout", "empty; allowed: golomb | consecutive | golomb-domain | file path");
    if (s.layout == "golomb-domain" && !s.topology)
        issues.add("cluster.layout",
                   "golomb-domain needs a topology section; allowed without one: golomb | consecutive | file path",
                   s.layout);
    if (s.topology) {
        const Topology& t = *s.topology;
        issues.integer("topology.gpus_per_node", t.gpusPerNode);
        issues.integer("topology.nodes_per_rack", t.nodesPerRack);
        issues.integer("topology.racks_per_pod", t.racksPerPod);
        if (t.placement.empty())
            issues.add("topology.placement", "empty; allowed: contiguous | striped | file path");
        const long long nodes = t.gpusPerNode < 1 ? 0 : t.nodesFor(s.groups, s.gpusPerGroup);
        if (nodes > L::maxNodes && !t.placementIsFile())
            issues.add("topology.gpus_per_node",
                       fmt::format("{} gives {} nodes for cluster.groups x cluster.gpus_per_group GPUs; allowed: at "
                                   "most {} nodes",
                                   t.gpusPerNode, nodes, L::maxNodes),
                       fmt::format("{}", t.gpusPerNode));
    }
    issues.integer("workload.steps", s.steps);
    issues.number("workload.compute_s", s.computeS);
    issues.number("workload.allreduce_s", s.allReduceS);
    issues.number("workload.failed_allreduce_factor", s.failedAllReduceFactor);
    issues.number("workload.shrink_s", s.shrinkS);
    issues.number("workload.jitter_sd", s.jitterSd);
    issues.number("workload.jitter_min", s.jitterMin);
    issues.number("failures.system_mtbf_s", s.systemMtbfS);
    issues.number("failures.weibull_shape", s.weibullShape);
    if (s.failureModel == FailureModel::Trace && s.failureTrace.empty())
        issues.add("failures.trace", "missing; failures.model = \"trace\" needs a trace CSV path");
    validateFailureLists(s, issues);
    issues.number("restart.duration_s", s.restartS);
    issues.number("restart.detect_s", s.detectS);
    issues.number("restart.diagnose_s", s.diagnoseS);
    issues.number("restart.queue_s", s.queueS);
    if (s.repair)
        validateRepair(*s.repair, issues);
    if (s.checkpointIntervalSteps)
        issues.integer("checkpoint.interval_steps", *s.checkpointIntervalSteps, std::max(s.steps, 1));
    issues.number("checkpoint.write_s", s.checkpointWriteS);
    issues.number("checkpoint.persist_s", s.checkpointPersistS);
    if (s.hosts)
        validateHosts(s, issues);
    validatePolicySections(s, issues);
    if (s.maintenance)
        validateMaintenance(*s.maintenance, issues);
    if (s.repRedundancy)
        issues.integer("run.rep_redundancy", *s.repRedundancy, std::max(s.groups, 1));
    return issues.take();
}

std::vector<InputIssue> validateUnderPolicy(const Scenario& base, Policy policy)
{
    Scenario s = base;
    s.policy = policy;
    std::vector<InputIssue> issues = validateScenario(s);
    for (InputIssue& issue : issues)
        issue.origin = fmt::format("policy {}", policyName(policy));
    return issues;
}

const char* policyName(Policy policy)
{
    switch (policy) {
    case Policy::Spare: return "spare";
    case Policy::Rep: return "rep";
    case Policy::Ckpt: return "ckpt";
    case Policy::Elastic: return "elastic";
    case Policy::Rebalance: return "rebalance";
    }
    return "?";
}

const char* policyDisplayName(Policy policy)
{
    switch (policy) {
    case Policy::Spare: return "SPARe+CKPT";
    case Policy::Rep: return "Rep+CKPT";
    case Policy::Ckpt: return "CKPT-only";
    case Policy::Elastic: return "Elastic DP";
    case Policy::Rebalance: return "Re-balance";
    }
    return "?";
}

bool policyUsesRedundancy(Policy policy)
{
    return policy == Policy::Spare || policy == Policy::Rep;
}

bool policyNeedsExactSemantics(Policy policy)
{
    return policy == Policy::Elastic || policy == Policy::Rebalance;
}

const char* failureModelName(FailureModel model)
{
    switch (model) {
    case FailureModel::Weibull: return "weibull";
    case FailureModel::Exponential: return "exponential";
    case FailureModel::Trace: return "trace";
    }
    return "?";
}

const char* restartRuleName(RestartRule rule)
{
    switch (rule) {
    case RestartRule::ExtendOnFailure: return "extend_on_failure";
    case RestartRule::Fixed: return "fixed";
    case RestartRule::Serialized: return "serialized";
    }
    return "?";
}

std::optional<Policy> parsePolicy(std::string_view name)
{
    return parseName(name, kPolicies, &policyName);
}

std::optional<FailureModel> parseFailureModel(std::string_view name)
{
    return parseName(name, std::array{FailureModel::Weibull, FailureModel::Exponential, FailureModel::Trace},
                     &failureModelName);
}

std::optional<RestartRule> parseRestartRule(std::string_view name)
{
    return parseName(name, std::array{RestartRule::ExtendOnFailure, RestartRule::Fixed, RestartRule::Serialized},
                     &restartRuleName);
}

const char* failureShapeName(FailureShape shape)
{
    return shape == FailureShape::Weibull ? "weibull" : "exponential";
}

const char* categoryLevelName(std::optional<DomainLevel> level) { return level ? domainLevelName(*level) : "gpu"; }

std::optional<FailureShape> parseFailureShape(std::string_view name)
{
    return parseName(name, std::array{FailureShape::Exponential, FailureShape::Weibull}, &failureShapeName);
}

std::optional<std::optional<DomainLevel>> parseCategoryLevel(std::string_view name)
{
    if (name == "gpu")
        return std::optional<DomainLevel>();
    if (const auto level = parseDomainLevel(name))
        return std::optional<DomainLevel>(level);
    return std::nullopt;
}

const char* rejoinRuleName(RejoinRule rule) { return rule == RejoinRule::AtStep ? "at_step" : "none"; }

const char* repairDistributionName(RepairDistribution distribution)
{
    switch (distribution) {
    case RepairDistribution::Exponential: return "exponential";
    case RepairDistribution::Lognormal: return "lognormal";
    case RepairDistribution::Fixed: return "fixed";
    }
    return "?";
}

std::optional<RejoinRule> parseRejoinRule(std::string_view name)
{
    return parseName(name, std::array{RejoinRule::None, RejoinRule::AtStep}, &rejoinRuleName);
}

std::optional<RepairDistribution> parseRepairDistribution(std::string_view name)
{
    return parseName(name,
                     std::array{RepairDistribution::Exponential, RepairDistribution::Lognormal,
                                RepairDistribution::Fixed},
                     &repairDistributionName);
}

double DomainFailureProcess::domainMtbfS() const
{
    constexpr double kSecondsPer1000Days = 1000.0 * 86400.0;
    if (mtbfS)
        return *mtbfS;
    const double rate = ratePer1000DomainDays.value_or(0.0);
    return rate > 0.0 ? kSecondsPer1000Days / rate : std::numeric_limits<double>::infinity();
}

const char* policyNames() { return "spare | rep | ckpt | elastic | rebalance"; }
const char* failureModelNames() { return "weibull | exponential | trace"; }
const char* restartRuleNames() { return "extend_on_failure | fixed | serialized"; }
const char* failureShapeNames() { return "exponential | weibull"; }
const char* categoryLevelNames() { return "gpu | node | rack | pod"; }
const char* rejoinRuleNames() { return "none | at_step"; }
const char* repairDistributionNames() { return "exponential | lognormal | fixed"; }
const char* clockStartNames() { return "new | stationary"; }
const char* checkpointSemanticsNames() { return "exact | paper"; }
const char* checkpointAutoRuleNames() { return "renewal | paper"; }
const char* memoryPlacementNames() { return "contiguous | domain_separated"; }
const char* progressMeasureNames() { return "steps | samples | effective"; }

const char* memoryPlacementName(MemoryPlacement placement)
{
    return placement == MemoryPlacement::DomainSeparated ? "domain_separated" : "contiguous";
}

const char* progressMeasureName(ProgressMeasure measure)
{
    switch (measure) {
    case ProgressMeasure::Steps: return "steps";
    case ProgressMeasure::Samples: return "samples";
    case ProgressMeasure::Effective: return "effective";
    }
    return "?";
}

std::optional<MemoryPlacement> parseMemoryPlacement(std::string_view name)
{
    return parseName(name, std::array{MemoryPlacement::Contiguous, MemoryPlacement::DomainSeparated},
                     &memoryPlacementName);
}

std::optional<ProgressMeasure> parseProgressMeasure(std::string_view name)
{
    return parseName(name, std::array{ProgressMeasure::Steps, ProgressMeasure::Samples, ProgressMeasure::Effective},
                     &progressMeasureName);
}

const char* clockStartName(ClockStart start) { return start == ClockStart::Stationary ? "stationary" : "new"; }

const char* checkpointSemanticsName(CheckpointSemantics semantics)
{
    return semantics == CheckpointSemantics::Paper ? "paper" : "exact";
}

const char* checkpointAutoRuleName(CheckpointAutoRule rule)
{
    return rule == CheckpointAutoRule::Paper ? "paper" : "renewal";
}

std::optional<ClockStart> parseClockStart(std::string_view name)
{
    return parseName(name, std::array{ClockStart::New, ClockStart::Stationary}, &clockStartName);
}

std::optional<CheckpointSemantics> parseCheckpointSemantics(std::string_view name)
{
    return parseName(name, std::array{CheckpointSemantics::Exact, CheckpointSemantics::Paper},
                     &checkpointSemanticsName);
}

std::optional<CheckpointAutoRule> parseCheckpointAutoRule(std::string_view name)
{
    return parseName(name, std::array{CheckpointAutoRule::Renewal, CheckpointAutoRule::Paper},
                     &checkpointAutoRuleName);
}

}  // namespace spare
