#pragma once

#include "engine/planning/FailureLogFits.h"
#include "engine/planning/FittedFailures.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace spare {

// The fleet a failure log covers: `units` GPUs, or nodes of gpusPerNode GPUs.
enum class FleetUnit { Gpu, Node };

const char* fleetUnitName(FleetUnit unit);  // "gpu", "node"
std::optional<FleetUnit> parseFleetUnit(std::string_view name);

struct FleetDescription {
    double units = 1.0;
    FleetUnit unit = FleetUnit::Gpu;
    int gpusPerNode = 8;

    double gpus() const { return unit == FleetUnit::Gpu ? units : units * gpusPerNode; }
};

// The cluster being planned: groups x gpusPerGroup GPUs.
struct PlannedCluster {
    int groups = 1;
    int gpusPerGroup = 1;
};

// A fit scaled from the logged fleet to a planned cluster by the superposition rule: a fleet of G GPUs
// failing every MTBF_fleet has a per-GPU MTBF of MTBF_fleet x G, and N M GPUs then fail every
// per-GPU MTBF / (N M).
struct ClusterFailureModel {
    LifetimeFamily family = LifetimeFamily::Exponential;  // the model written: weibull or exponential
    double weibullShape = 1.0;                            // the fleet-level shape (Weibull only)
    ParameterEstimate fleetMtbfS;                         // the fit's mean, or exposure / count when calibrated
    bool calibrated = false;  // the fit's mean expected a count outside the log's interval (a note names both)
    ParameterEstimate perGpuMtbfS;
    ParameterEstimate failuresPer1000GpuDays;
    ParameterEstimate systemMtbfS;                        // failures.system_mtbf_s of the planned cluster
    FittedFailures failures;                              // what the scenario's failures become
    std::vector<std::string> notes;
};

// Uses the AIC winner, or the better of Weibull and exponential when lognormal wins (the simulator has
// no lognormal model; a note says so). When that family's mean expects an interruption count over the
// log's exposure outside the observed count's interval, the fleet MTBF is calibrated to exposure / count
// (the Weibull shape kept) and a note names both values. Throws InputError for a fleet or cluster without GPUs.
ClusterFailureModel clusterFailureModel(const FailureLogFits& fits, const FleetDescription& fleet,
                                        const PlannedCluster& cluster);

}  // namespace spare
