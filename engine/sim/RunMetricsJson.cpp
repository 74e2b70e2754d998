#include "engine/sim/RunMetricsJson.h"

#include "engine/sim/ScenarioLayout.h"

#include <nlohmann/json.hpp>

#include <cmath>

namespace spare {

std::vector<std::pair<std::string, double>> runMetricsFields(const RunMetrics& m)
{
    const auto n = [](std::int64_t v) { return static_cast<double>(v); };
    return {
        {"ttt_s", m.tttS},
        {"t0_s", m.t0S},
        {"ttt_ratio", m.tttRatio},
        {"effective_throughput", m.effectiveThroughput},
        {"availability", m.availability},
        {"down_s", m.downS},
        {"restart_s", m.restartS},
        {"shrink_s", m.shrinkS},
        {"checkpoint_s", m.checkpointS},
        {"failed_allreduce_s", m.failedAllReduceS},
        {"patch_s", m.patchS},
        {"steps", m.steps},
        {"steps_done", m.stepsDone},
        {"checkpoint_interval_steps", m.checkpointIntervalSteps},
        {"executed_steps", n(m.executedSteps)},
        {"rework_steps", n(m.reworkSteps)},
        {"checkpoints_written", n(m.checkpointsWritten)},
        {"checkpoints_voided", n(m.checkpointsVoided)},
        {"failures", n(m.failures)},
        {"restart_failures", n(m.restartFailures)},
        {"masked_failures", n(m.maskedFailures)},
        {"restarts", n(m.restarts)},
        {"mean_restart_s", m.meanRestartS},
        {"mean_stack_number", m.meanStackNumber},
        {"patch_computes", n(m.patchComputes)},
        {"phase0_decisions", n(m.phase0Decisions)},
        {"phase2_decisions", n(m.phase2Decisions)},
        {"wipeouts", n(m.wipeouts)},
        {"events", n(m.events)},
        {"ettr", m.ettr},
        {"productive_s", m.productiveS},
        {"maintenance_s", m.maintenanceS},
        {"maintenance_stops", n(m.maintenanceStops)},
        {"slow_host_s", m.slowHostS},
        {"prone_nodes_removed", n(m.proneNodesRemoved)},
        {"slow_hosts_evicted", n(m.slowHostsEvicted)},
        {"discarded_steps", n(m.discardedSteps)},
        {"reconfigure_s", m.reconfigureS},
        {"samples_committed", m.samplesCommitted},
        {"effective_progress", m.effectiveProgress},
        {"mean_batch_fraction", m.meanBatchFraction},
        {"min_batch_fraction", m.minBatchFraction},
        {"steps_below_full_batch", n(m.stepsBelowFullBatch)},
        {"gpu_seconds_per_step", m.gpuSecondsPerStep},
        {"memory_checkpoints", n(m.memoryCheckpoints)},
        {"memory_restores", n(m.memoryRestores)},
        {"storage_restores", n(m.storageRestores)},
    };
}

const char* stopReasonName(StopReason reason)
{
    switch (reason) {
    case StopReason::None: return "none";
    case StopReason::Until: return "until";
    case StopReason::MaxTttRatio: return "max_ttt_ratio";
    case StopReason::MaxFailures: return "max_failures";
    case StopReason::Cancelled: return "cancelled";
    }
    return "none";
}

namespace {

// Whole numbers as JSON integers, the rest as doubles.
nlohmann::json jsonNumber(double value)
{
    if (value == std::floor(value) && std::abs(value) < 9e15)
        return static_cast<std::int64_t>(value);
    return value;
}

}  // namespace

nlohmann::json timeBreakdownToJson(const TimeBreakdown& breakdown)
{
    nlohmann::json out = nlohmann::json::object();
    for (const TimeBreakdownPart& part : timeBreakdownParts())
        out[part.key] = jsonNumber(breakdown.*part.seconds);
    return out;
}

nlohmann::json controllerPhasesToJson(const RunMetrics& m)
{
    return {
        {"per_decision", {{"fixed_check", m.phase0Decisions}, {"reorder", m.phase2Decisions}, {"wipeout", m.wipeouts}}},
        {"per_executed_step",
         {{"no_decision", m.stepsWithoutDecision}, {"fixed_check_only", m.stepsFixedCheckOnly}, {"reorder", m.stepsReordered}}},
    };
}

nlohmann::json repairMetricsToJson(const RepairMetrics& r)
{
    return {
        {"nodes_failed", r.nodesFailed},
        {"rejoins", r.rejoins},
        {"mean_rejoin_delay_s", jsonNumber(r.meanRejoinDelayS)},
        {"spare_waits", r.spareWaits},
        {"spare_wait_s", jsonNumber(r.spareWaitS)},
        {"min_free_spares", r.minFreeSpares},
    };
}

nlohmann::json runMetricsToJson(const RunMetrics& metrics)
{
    nlohmann::json out;
    out["completed"] = metrics.completed;
    out["stop_reason"] = stopReasonName(metrics.stopReason);
    for (const auto& [key, value] : runMetricsFields(metrics))
        out[key] = jsonNumber(value);
    out["time_breakdown"] = timeBreakdownToJson(metrics.timeBreakdown);
    out["controller_phases"] = controllerPhasesToJson(metrics);
    if (metrics.repair)
        out["repair"] = repairMetricsToJson(*metrics.repair);
    return out;
}

nlohmann::json runReportJson(const Scenario& scenario, const RunMetrics& metrics)
{
    nlohmann::json out = runMetricsToJson(metrics);
    out["scenario"] = scenario.name;
    out["policy"] = policyName(scenario.policy);
    out["redundancy"] = scenario.redundancy;
    out["groups"] = scenario.groups;
    out["seed"] = scenario.seed;
    if (scenario.policy == Policy::Spare)
        out["layout_independence"] = independenceJson(scenarioLayoutIndependence(scenario));
    return out;
}

}  // namespace spare
