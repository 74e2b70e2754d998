#pragma once

#include "engine/base/InputIssue.h"
#include "engine/sim/FailureTrace.h"
#include "engine/sim/PreparedRun.h"
#include "engine/sim/Scenario.h"

#include <QString>
#include <QStringList>

#include <cstdint>
#include <optional>
#include <vector>

namespace spare {

// A scenario checked and prepared for the window before anything starts. Every problem found is an issue
// naming its key (a layout file's or a trace's problems under cluster.layout or failures.trace, the memory
// budget's under cluster.groups), so that the editor marks the keys and a window or a script refuses the
// scenario as a whole; only a scenario without issues gets its run.
struct RunSetup {
    Scenario scenario;  // as read, with the command line's overrides (default when the file was unreadable)
    // Engaged only without issues (sim/PreparedRun: the layout, built for every policy since the views
    // draw it, the placement, the failure trace loaded from failures.trace unless given, the checkpoint
    // interval); a scenario with issues has no part of it.
    std::optional<PreparedRun> run;
    std::vector<InputIssue> issues;
    QStringList problems;  // the issues as the window shows them, one line each

    bool ok() const { return run.has_value(); }

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
