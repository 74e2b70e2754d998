#pragma once

#include "engine/base/RunControl.h"
#include "engine/planning/CheckpointPeriods.h"
#include "engine/planning/ClusterFailureModel.h"
#include "engine/planning/FailureClustering.h"
#include "engine/planning/FailureLog.h"
#include "engine/planning/FailureLogFits.h"
#include "engine/planning/FailureLogReader.h"
#include "engine/sim/Scenario.h"

#include <nlohmann/json_fwd.hpp>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>

namespace spare {

// What `spare-cli fit` computes from a failure log: read, fit, scale to the fleet and the planned
// cluster, checkpoint periods, clustering in racks.
struct FailureLogStudyOptions {
    FailureLogOptions read;
    double coincidenceWindowS = 0.0;  // failures this close to an interruption's first are one (0: same tick)
    int bootstrapSamples = 200;  // per family; 0: no p-values
    std::uint64_t seed = 1;      // of the bootstrap and the permutations
    std::optional<FleetDescription> fleet;  // the fleet the log covers (the cluster model needs it)
    std::optional<Scenario> plannedBase;    // the planned cluster (needs fleet)
    bool checkpointSweep = false;           // simulate checkpoint periods (needs plannedBase)
    double clusterWindowS = 3600.0;         // clustering, when read.locationPattern is set
    std::string rackLevel;                  // the location level that closes a rack: a rack-share suggestion
    // Threads and cancel of every stage. Its progress is not called: the two stages that take long report
    // apart, each from 0 to its own total, below.
    RunControl control;
    std::function<void(std::size_t done, std::size_t total)> bootstrapProgress;
    std::function<void(std::size_t done, std::size_t total)> checkpointProgress;  // from worker threads
};

struct FailureLogStudy {
    FailureLog log;
    FailureLogFits fits;
    std::optional<FleetDescription> fleet;
    std::optional<ClusterFailureModel> model;          // with a fleet
    std::optional<Scenario> planned;                    // with a fleet and a planned cluster
    std::optional<CheckpointPeriodStudy> checkpoints;  // closed forms; candidates with checkpointSweep
    std::optional<FailureClustering> clustering;       // with a location pattern
    std::optional<RackShareSuggestion> rackShare;      // with a rack level
    // Set when the cancel flag stopped the study: "reading the log", "bootstrapping the fits" or
    // "simulating checkpoint periods". The figures after that stage are missing.
    const char* stoppedWhile = nullptr;
};

FailureLogStudy runFailureLogStudy(const std::string& logPath, const FailureLogStudyOptions& options);

// What `spare-cli fit --json` prints; "scenario_out" is written when scenarioOutPath is not empty.
nlohmann::json failureLogStudyToJson(const FailureLogStudy& study, const FailureLogStudyOptions& options,
                                     const std::string& scenarioOutPath = {});

}  // namespace spare
