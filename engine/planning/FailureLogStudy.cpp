#include "engine/planning/FailureLogStudy.h"

#include "engine/base/ScenarioLimits.h"

#include <nlohmann/json.hpp>

#include <cmath>

namespace spare {

namespace {

nlohmann::json estimateJson(const ParameterEstimate& e)
{
    return {{"name", e.name}, {"value", e.value}, {"lower", e.lower}, {"upper", e.upper}};
}

// A number of a fit: null where the fit has none (it did not converge) or the value is not finite.
nlohmann::json fitNumber(const FamilyFit& f, double value)
{
    return f.fit.converged && std::isfinite(value) ? nlohmann::json(value) : nlohmann::json(nullptr);
}

nlohmann::json fitEstimateJson(const FamilyFit& f, const ParameterEstimate& e)
{
    return {{"name", e.name}, {"value", fitNumber(f, e.value)}, {"lower", fitNumber(f, e.lower)},
            {"upper", fitNumber(f, e.upper)}};
}

}  // namespace

FailureLogStudy runFailureLogStudy(const std::string& logPath, const FailureLogStudyOptions& options)
{
    FailureLogStudy r;
    r.log = readFailureLog(logPath, options.read, options.control.cancel);
    if (options.control.cancelled()) {
        r.stoppedWhile = "reading the log";
        return r;
    }
    FitOptions fit;
    fit.coincidenceWindowS = options.coincidenceWindowS;
    fit.bootstrapSamples = options.bootstrapSamples;
    fit.seed = options.seed;
    fit.control = options.control;
    fit.control.progress = options.bootstrapProgress;
    r.fits = fitFailureLog(r.log, fit);
    if (r.fits.cancelled) {
        r.stoppedWhile = "bootstrapping the fits";
        return r;
    }
    if (options.fleet) {
        r.fleet = options.fleet;
        // The fleet and per-GPU figures do not depend on the cluster: without a planned one, the
        // smallest stands in and its figures are not shown.
        const std::optional<Scenario>& base = options.plannedBase;
        const PlannedCluster cluster = base ? PlannedCluster{base->groups, base->gpusPerGroup}
                                            : PlannedCluster{ScenarioLimits::minGroups, ScenarioLimits::minGpusPerGroup};
        r.model = clusterFailureModel(r.fits, *r.fleet, cluster);
        if (base) {
            r.planned = withFittedFailures(*base, r.model->failures);
            if (options.checkpointSweep) {
                CheckpointStudyOptions study;
                study.control = options.control;
                study.control.progress = options.checkpointProgress;
                r.checkpoints = studyCheckpointPeriods(*r.planned, study);
                if (r.checkpoints->cancelled) {
                    r.stoppedWhile = "simulating checkpoint periods";
                    return r;
                }
            } else {
                r.checkpoints = checkpointClosedForms(*r.planned);
            }
        }
    }
    if (options.read.locationPattern) {
        FailureClusteringOptions clustering;
        clustering.windowS = options.clusterWindowS;
        clustering.seed = options.seed;
        clustering.control.threads = options.control.threads;
        r.clustering = clusterFailures(r.log, clustering);
        if (!options.rackLevel.empty())
            r.rackShare = suggestRackShare(*r.clustering, options.rackLevel);
    }
    return r;
}

nlohmann::json failureLogStudyToJson(const FailureLogStudy& r, const FailureLogStudyOptions& options,
                                     const std::string& scenarioOutPath)
{
    const FailureLogCounts& counts = r.log.counts;
    nlohmann::json out;
    out["log"] = r.log.path;
    out["time_column"] = options.read.timeColumn;
    out["time_format"] = options.read.timeFormat.spec();
    out["counts"] = {{"lines", counts.lines},
                     {"header_lines", counts.headerLines},
                     {"empty_lines", counts.emptyLines},
                     {"comment_lines", counts.commentLines},
                     {"malformed_rows", counts.malformedRows},
                     {"filtered_out", counts.filteredOut},
                     {"outside_window", counts.outsideWindow},
                     {"failures", counts.failures},
                     {"unsorted_rows", counts.unsortedRows},
                     {"tied_failures", counts.tiedFailures},
                     {"malformed_examples", counts.malformedExamples}};
    out["window"] = {{"start_s", r.log.windowStartS},
                     {"end_s", r.log.windowEndS},
                     {"duration_s", r.log.windowEndS - r.log.windowStartS},
                     {"resolution_s", r.log.resolutionS}};
    const LifetimeSample& s = r.fits.sample;
    out["sample"] = {{"gaps", s.uncensored()},
                     {"exact_gaps", s.exactGapsS.size()},
                     {"zero_gaps", s.zeroGaps},
                     {"censored_gap_s", s.censoredGapS},
                     {"observations", s.observations()}};
    const CoincidentFailures& coincident = r.fits.interruptions;
    nlohmann::json sizes = nlohmann::json::array();
    for (const auto& [size, interruptions] : coincident.sizeCounts())
        sizes.push_back({{"size", size}, {"interruptions", interruptions}});
    out["interruptions"] = {{"coincidence_window_s", coincident.windowS},
                            {"failures", coincident.failures()},
                            {"interruptions", coincident.interruptions()},
                            {"largest", coincident.largest()},
                            {"mean_size", coincident.meanSize()},
                            {"sizes", sizes}};
    const InterruptionCount& count = r.fits.count;
    out["count"] = {{"observed", count.observed},
                    {"exposure_s", count.exposureS},
                    {"lower", count.lower},
                    {"upper", count.upper}};
    nlohmann::json families = nlohmann::json::array();
    for (const FamilyFit& f : r.fits.families) {
        nlohmann::json parameters = nlohmann::json::array();
        for (const ParameterEstimate& p : f.fit.parameters)
            parameters.push_back(fitEstimateJson(f, p));
        families.push_back({{"family", lifetimeFamilyName(f.fit.distribution.family)},
                            {"parameters", parameters},
                            {"mtbf_s", fitEstimateJson(f, f.fit.mtbf)},
                            {"confidence", f.fit.confidence},
                            {"log_likelihood", fitNumber(f, f.fit.logLikelihood)},
                            {"aic", fitNumber(f, f.fit.aic)},
                            {"delta_aic", fitNumber(f, f.deltaAic)},
                            {"observations", f.fit.observations},
                            {"converged", f.fit.converged},
                            {"problem", f.fit.problem},
                            {"expected_count", fitNumber(f, f.expectedCount)},
                            {"count_matches", f.countMatches},
                            {"ks", fitNumber(f, f.goodness.ks)},
                            {"ks_p_value", fitNumber(f, f.goodness.ksPValue)},
                            {"ad", fitNumber(f, f.goodness.ad)},
                            {"ad_p_value", fitNumber(f, f.goodness.adPValue)},
                            {"bootstrap_samples", f.goodness.bootstrapSamples},
                            {"bootstrap_gaps", f.goodness.bootstrapGaps}});
    }
    out["fits"] = families;
    out["fit_notes"] = r.fits.notes;
    out["best"] = lifetimeFamilyName(r.fits.bestFit().fit.distribution.family);
    if (r.model) {
        const ClusterFailureModel& m = *r.model;
        out["fleet"] = {{"units", r.fleet->units},
                        {"unit", fleetUnitName(r.fleet->unit)},
                        {"gpus_per_node", r.fleet->gpusPerNode},
                        {"gpus", r.fleet->gpus()}};
        out["cluster_model"] = {{"family", lifetimeFamilyName(m.family)},
                                {"weibull_shape", m.weibullShape},
                                {"fleet_mtbf_s", estimateJson(m.fleetMtbfS)},
                                {"calibrated_to_count", m.calibrated},
                                {"per_gpu_mtbf_s", estimateJson(m.perGpuMtbfS)},
                                {"failures_per_1000_gpu_days", estimateJson(m.failuresPer1000GpuDays)},
                                {"notes", m.notes}};
    }
    if (r.planned) {
        out["planned"] = {{"groups", r.planned->groups},
                          {"gpus_per_group", r.planned->gpusPerGroup},
                          {"gpus", static_cast<std::int64_t>(r.planned->groups) * r.planned->gpusPerGroup},
                          {"system_mtbf_s", estimateJson(r.model->systemMtbfS)},
                          {"failures", fittedFailuresToJson(r.model->failures)}};
    }
    if (r.checkpoints) {
        const CheckpointPeriodStudy& c = *r.checkpoints;
        nlohmann::json checkpoints = {{"policy", policyName(r.planned->policy)},
                                      {"redundancy", r.planned->redundancy},
                                      {"write_s", r.planned->checkpointWriteS},
                                      {"restart_s", r.planned->restartS},
                                      {"interruption_mtbf_s", c.interruptionMtbfS},
                                      {"young_s", c.youngS},
                                      {"daly_s", c.dalyS},
                                      {"daly_with_restart_s", c.dalyWithRestartS}};
        if (!c.candidates.empty()) {
            nlohmann::json candidates = nlohmann::json::array();
            for (const CheckpointPeriodCandidate& k : c.candidates)
                candidates.push_back({{"interval_steps", k.intervalSteps},
                                      {"period_s", k.periodS},
                                      {"mean_ttt_ratio", k.meanTttRatio},
                                      {"sd_ttt_ratio", k.sdTttRatio},
                                      {"runs", k.runs},
                                      {"completed_runs", k.completedRuns}});
            checkpoints["step_s"] = c.stepS;
            checkpoints["auto_steps"] = c.autoSteps;
            checkpoints["candidates"] = candidates;
            checkpoints["best_interval_steps"] = c.candidates[c.best].intervalSteps;
            checkpoints["best_period_s"] = c.candidates[c.best].periodS;
            checkpoints["young_ttt_ratio"] = c.nearest(c.youngS).meanTttRatio;
            checkpoints["daly_ttt_ratio"] = c.nearest(c.dalyS).meanTttRatio;
        }
        out["checkpoints"] = checkpoints;
    }
    if (r.clustering) {
        nlohmann::json levels = nlohmann::json::array();
        for (const FailureClusteringLevel& l : r.clustering->levels)
            levels.push_back({{"name", l.name},
                              {"domains", l.domains},
                              {"most_hit_domain", l.mostHitDomain},
                              {"most_hit_failures", l.mostHitFailures},
                              {"observed_share", l.observedShare},
                              {"baseline_mean", l.baselineMean},
                              {"baseline_low", l.baselineLow},
                              {"baseline_high", l.baselineHigh},
                              {"excess_share", l.excessShare}});
        out["clustering"] = {{"window_s", r.clustering->windowS},
                             {"permutations", r.clustering->permutations},
                             {"levels", levels}};
    }
    if (r.rackShare)
        out["rack_share"] = {{"level", r.rackShare->level},
                             {"share", r.rackShare->share},
                             {"evidence", r.rackShare->evidence}};
    if (!scenarioOutPath.empty())
        out["scenario_out"] = scenarioOutPath;
    return out;
}

}  // namespace spare
