#pragma once

#include "layout/Layout.h"
#include "sim/FailureTrace.h"
#include "sim/Scenario.h"

#include <QString>
#include <QStringList>

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

namespace spare {

// Everything a run needs besides its scenario, checked before anything starts: the layout, the failure
// trace (loaded from failures.trace unless given) and the checkpoint interval. Every problem found is
// listed, one line each naming the key, so that a window or a script can refuse the scenario as a whole.
struct RunSetup {
    Scenario scenario;
    std::shared_ptr<const Layout> layout;
    std::optional<std::vector<TraceFailure>> trace;  // set for the trace failure model
    int checkpointIntervalSteps = 0;                  // the interval the run uses ("auto" resolved)
    QStringList problems;

    bool ok() const { return problems.isEmpty(); }

    static RunSetup prepare(const Scenario& scenario, std::optional<std::vector<TraceFailure>> trace = std::nullopt);
    // The memory budget prepare() checks every run against, for the whole process: --memory-limit when
    // given (set once at start-up), else defaultMemoryBudget().
    static void setMemoryBudget(std::uint64_t bytes);
    static std::uint64_t memoryBudget();
    // Reads a scenario file (with the command line's overrides) and prepares it.
    static RunSetup load(const QString& path, std::optional<Policy> policy = std::nullopt,
                         std::optional<std::uint64_t> seed = std::nullopt);
};

}  // namespace spare
