#include "engine/sim/ScenarioJson.h"

#include <nlohmann/json.hpp>

#include <cmath>

namespace spare {

namespace {

template <typename Json>
Json toJson(const Scenario& s)
{
    Json doc;
    doc["name"] = s.name;
    doc["description"] = s.description;
    Json& cluster = doc["cluster"];
    cluster["groups"] = s.groups;
    cluster["gpus_per_group"] = s.gpusPerGroup;
    cluster["redundancy"] = s.redundancy;
    cluster["layout"] = s.layout;
    if (s.topology) {
        Json& topology = doc["topology"];
        topology["gpus_per_node"] = s.topology->gpusPerNode;
        topology["nodes_per_rack"] = s.topology->nodesPerRack;
        topology["racks_per_pod"] = s.topology->racksPerPod;
        topology["placement"] = s.topology->placement;
        topology["domain_level"] = domainLevelName(s.topology->domainLevel);
    }
    Json& workload = doc["workload"];
    workload["steps"] = s.steps;
    workload["compute_s"] = s.computeS;
    workload["allreduce_s"] = s.allReduceS;
    workload["failed_allreduce_factor"] = s.failedAllReduceFactor;
    workload["shrink_s"] = s.shrinkS;
    workload["jitter_sd"] = s.jitterSd;
    workload["jitter_min"] = s.jitterMin;
    Json& failures = doc["failures"];
    failures["model"] = failureModelName(s.failureModel);
    failures["system_mtbf_s"] = s.systemMtbfS;
    failures["weibull_shape"] = s.weibullShape;
    failures["start"] = clockStartName(s.clockStart);
    failures["trace"] = s.failureTrace;
    for (const DomainFailureProcess& d : s.domainFailures) {
        Json entry;
        entry["level"] = domainLevelName(d.level);
        if (d.mtbfS)
            entry["mtbf_s"] = *d.mtbfS;
        if (d.ratePer1000DomainDays)
            entry["rate_per_1000_domain_days"] = *d.ratePer1000DomainDays;
        entry["shape"] = failureShapeName(d.shape);
        entry["weibull_k"] = d.weibullShape;
        failures["domains"].push_back(std::move(entry));
    }
    for (const FailureCategory& c : s.failureCategories) {
        Json entry;
        entry["name"] = c.name;
        entry["share"] = c.share;
        entry["level"] = categoryLevelName(c.level);
        failures["categories"].push_back(std::move(entry));
    }
    Json& restart = doc["restart"];
    restart["duration_s"] = s.restartS;
    restart["rule"] = restartRuleName(s.restartRule);
    restart["detect_s"] = s.detectS;
    restart["diagnose_s"] = s.diagnoseS;
    restart["queue_s"] = s.queueS;
    if (s.repair) {
        const RepairModel& r = *s.repair;
        Json& repair = doc["repair"];
        repair["spare_nodes"] = r.spareNodes;
        if (std::isinf(r.swapS))
            repair["swap_s"] = kScenarioInfinityWord;
        else
            repair["swap_s"] = r.swapS;
        repair["repair_distribution"] = repairDistributionName(r.repairDistribution);
        repair["repair_mean_s"] = r.repairMeanS;
        repair["repair_sigma"] = r.repairSigma;
        repair["escalation_share"] = r.escalationShare;
        repair["escalation_mean_s"] = r.escalationMeanS;
        repair["rejoin"] = rejoinRuleName(r.rejoin);
        repair["state_transfer_s"] = r.stateTransferS;
    }
    if (s.hosts) {
        const HostHeterogeneity& h = *s.hosts;
        Json& hosts = doc["hosts"];
        hosts["prone_share"] = h.proneShare;
        hosts["prone_factor"] = h.proneFactor;
        hosts["remove_after"] = h.removeAfter;
        hosts["slow_share"] = h.slowShare;
        hosts["slow_factor"] = h.slowFactor;
        if (std::isinf(h.evictAfterS))
            hosts["evict_after_s"] = kScenarioInfinityWord;
        else
            hosts["evict_after_s"] = h.evictAfterS;
    }
    if (s.elastic) {
        Json& elastic = doc["elastic"];
        elastic["detect_s"] = s.elastic->detectS;
        elastic["min_replicas"] = s.elastic->minReplicas;
        elastic["spare_groups"] = s.elastic->spareGroups;
    }
    if (s.rebalance) {
        Json& rebalance = doc["rebalance"];
        rebalance["reconfigure_s"] = s.rebalance->reconfigureS;
        rebalance["integer_factor"] = s.rebalance->integerFactor;
    }
    if (s.memoryCheckpoint) {
        const MemoryCheckpoint& m = *s.memoryCheckpoint;
        Json& memory = doc["memory_checkpoint"];
        memory["every_steps"] = m.everySteps;
        memory["copies"] = m.copies;
        memory["placement"] = memoryPlacementName(m.placement);
        memory["stall_s"] = m.stallS;
        memory["lost_share"] = m.lostShare;
        memory["restore_s"] = m.restoreS;
    }
    if (s.progress) {
        Json& progress = doc["progress"];
        progress["measure"] = progressMeasureName(s.progress->measure);
        if (std::isinf(s.progress->phi))
            progress["phi"] = kScenarioInfinityWord;
        else
            progress["phi"] = s.progress->phi;
    }
    Json& checkpoint = doc["checkpoint"];
    if (s.checkpointIntervalSteps)
        checkpoint["interval_steps"] = *s.checkpointIntervalSteps;
    else
        checkpoint["interval_steps"] = "auto";
    checkpoint["write_s"] = s.checkpointWriteS;
    checkpoint["writer_only_waits"] = s.writerOnlyWaits;
    checkpoint["persist_s"] = s.checkpointPersistS;
    checkpoint["semantics"] = checkpointSemanticsName(s.checkpointSemantics);
    checkpoint["auto_rule"] = checkpointAutoRuleName(s.checkpointAutoRule);
    if (s.maintenance) {
        Json& maintenance = doc["maintenance"];
        maintenance["every_s"] = s.maintenance->everyS;
        if (!s.maintenance->atS.empty())
            maintenance["at_s"] = s.maintenance->atS;
        maintenance["duration_s"] = s.maintenance->durationS;
    }
    Json& run = doc["run"];
    run["policy"] = policyName(s.policy);
    run["seed"] = s.seed;
    if (s.repRedundancy)
        run["rep_redundancy"] = *s.repRedundancy;
    else
        run["rep_redundancy"] = "auto";
    return doc;
}

}  // namespace

nlohmann::json scenarioToJson(const Scenario& scenario) { return toJson<nlohmann::json>(scenario); }

std::string scenarioToJsonText(const Scenario& scenario)
{
    return toJson<nlohmann::ordered_json>(scenario).dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

}  // namespace spare
