#include "engine/planning/ClusterFailureModel.h"

#include "engine/base/InputError.h"
#include "engine/base/ScenarioLimits.h"
#include "engine/sim/Scenario.h"

#include <fmt/format.h>

#include <cmath>

namespace spare {

namespace {

ParameterEstimate scaled(std::string name, const ParameterEstimate& e, double factor)
{
    return {std::move(name), e.value * factor, e.lower * factor, e.upper * factor};
}

}  // namespace

const char* fleetUnitName(FleetUnit unit)
{
    return unit == FleetUnit::Gpu ? "gpu" : "node";
}

std::optional<FleetUnit> parseFleetUnit(std::string_view name)
{
    if (name == "gpu")
        return FleetUnit::Gpu;
    if (name == "node")
        return FleetUnit::Node;
    return std::nullopt;
}

ClusterFailureModel clusterFailureModel(const FailureLogFits& fits, const FleetDescription& fleet,
                                        const PlannedCluster& cluster)
{
    if (!(fleet.units >= 1.0 && std::isfinite(fleet.units)))
        throw InputError(fmt::format("fleet units: {} is not a fleet size; it must be at least 1", fleet.units));
    if (fleet.unit == FleetUnit::Node && (fleet.gpusPerNode < 1 || fleet.gpusPerNode > ScenarioLimits::maxGpusPerNode))
        throw InputError(fmt::format("fleet gpus per node: {} is out of range; it must be in [1, {}]",
                                     fleet.gpusPerNode, ScenarioLimits::maxGpusPerNode));
    if (cluster.groups < ScenarioLimits::minGroups || cluster.groups > ScenarioLimits::maxGroups)
        throw InputError(fmt::format("cluster groups: {} is out of range; it must be in [{}, {}]", cluster.groups,
                                     ScenarioLimits::minGroups, ScenarioLimits::maxGroups));
    if (cluster.gpusPerGroup < ScenarioLimits::minGpusPerGroup ||
        cluster.gpusPerGroup > ScenarioLimits::maxGpusPerGroup)
        throw InputError(fmt::format("cluster gpus per group: {} is out of range; it must be in [{}, {}]",
                                     cluster.gpusPerGroup, ScenarioLimits::minGpusPerGroup,
                                     ScenarioLimits::maxGpusPerGroup));

    ClusterFailureModel out;
    const FamilyFit& best = fits.bestFit();
    const FamilyFit* used = &best;
    if (best.fit.distribution.family == LifetimeFamily::Lognormal) {
        const FamilyFit& weibull = fits.of(LifetimeFamily::Weibull);
        const FamilyFit& exponential = fits.of(LifetimeFamily::Exponential);
        used = weibull.fit.converged && weibull.fit.aic <= exponential.fit.aic ? &weibull : &exponential;
        out.notes.push_back(fmt::format("lognormal fits the log best, but the simulator has no lognormal model: the "
                                        "scenario uses {}, whose AIC is {:.1f} higher",
                                        lifetimeFamilyName(used->fit.distribution.family), used->deltaAic));
    }
    const LifetimeFit& fit = used->fit;
    out.family = fit.distribution.family;
    if (!fit.converged)
        out.notes.push_back(fmt::format("the {} fit did not converge ({}), so these numbers are unreliable",
                                        lifetimeFamilyName(out.family), fit.problem));

    // The model must reproduce the log: its mean, over the log's exposure, has to expect about as many
    // interruptions as the log saw. When it does not, the written mean is the log's own, exposure / count.
    out.fleetMtbfS = scaled("fleet_mtbf_s", fit.mtbf, 1.0);
    if (!used->countMatches) {
        const InterruptionCount& c = fits.count;
        const double observed = static_cast<double>(c.observed);
        out.calibrated = true;
        out.fleetMtbfS = {"fleet_mtbf_s", c.exposureS / observed, c.exposureS / c.upper,
                          c.lower > 0.0 ? c.exposureS / c.lower : c.exposureS};
        out.notes.push_back(fmt::format(
            "the {} mean {:.4g} h expects {:.1f} interruptions over the log's {:.4g} h, outside the {:g}% interval "
            "{:.1f} .. {:.1f} of the {} observed: the model uses the log's mean gap, {:.4g} h ({:.4g} h / {}){}",
            lifetimeFamilyName(out.family), fit.mtbf.value / 3600.0, used->expectedCount, c.exposureS / 3600.0,
            fit.confidence * 100.0, c.lower, c.upper, c.observed, out.fleetMtbfS.value / 3600.0, c.exposureS / 3600.0,
            c.observed, out.family == LifetimeFamily::Weibull ? ", and keeps the fitted shape" : ""));
    }
    if (fits.interruptions.failures() > fits.interruptions.interruptions())
        out.notes.push_back(fmt::format(
            "the model counts interruptions: {} failures came as {} interruptions (mean size {:.3g}, largest {}); "
            "failures logged together are a correlated burst, for the rack share of the domain model",
            fits.interruptions.failures(), fits.interruptions.interruptions(), fits.interruptions.meanSize(),
            fits.interruptions.largest()));

    const double fleetGpus = fleet.gpus();
    const double clusterGpus = static_cast<double>(cluster.groups) * cluster.gpusPerGroup;
    out.perGpuMtbfS = scaled("per_gpu_mtbf_s", out.fleetMtbfS, fleetGpus);
    constexpr double kGpuSecondsPer1000GpuDays = 1000.0 * 86400.0;
    out.failuresPer1000GpuDays = {"failures_per_1000_gpu_days", kGpuSecondsPer1000GpuDays / out.perGpuMtbfS.value,
                                  kGpuSecondsPer1000GpuDays / out.perGpuMtbfS.upper,
                                  kGpuSecondsPer1000GpuDays / out.perGpuMtbfS.lower};
    out.systemMtbfS = scaled("system_mtbf_s", out.perGpuMtbfS, 1.0 / clusterGpus);

    const double mtbf = out.systemMtbfS.value;
    const double written = std::clamp(mtbf, ScenarioLimits::minSystemMtbfS, ScenarioLimits::maxSystemMtbfS);
    if (written != mtbf)
        out.notes.push_back(fmt::format("the system MTBF {:.6g} s is outside the simulator's range [{:g}, {:g}] s; "
                                        "the scenario uses {:g} s",
                                        mtbf, ScenarioLimits::minSystemMtbfS, ScenarioLimits::maxSystemMtbfS, written));
    out.failures.model = out.family == LifetimeFamily::Weibull ? FailureModel::Weibull : FailureModel::Exponential;
    out.failures.systemMtbfS = written;
    // A log is a snapshot of a cluster in mid-life: its clocks are not new at the window's start.
    out.failures.start = ClockStart::Stationary;
    if (out.family == LifetimeFamily::Weibull) {
        out.weibullShape = fit.distribution.a;
        const double shape =
            std::clamp(out.weibullShape, ScenarioLimits::minWeibullShape, ScenarioLimits::maxWeibullShape);
        if (shape != out.weibullShape)
            out.notes.push_back(fmt::format("the Weibull shape {:.4g} is outside the simulator's range [{:g}, {:g}]; "
                                            "the scenario uses {:g}",
                                            out.weibullShape, ScenarioLimits::minWeibullShape,
                                            ScenarioLimits::maxWeibullShape, shape));
        out.failures.weibullShape = shape;
        out.notes.push_back("the scenario's clocks start stationary (failures.start): a log is a mid-life snapshot, "
                            "so a window of the run sees window / MTBF failures on average, as the log did");
        out.notes.push_back(fmt::format(
            "the shape k = {:.3g} was fitted to the whole fleet's failures and is used as each group's shape; "
            "a superposition of per-group Weibull processes is not itself Weibull, so this is an approximation",
            out.weibullShape));
    }
    return out;
}

}  // namespace spare
