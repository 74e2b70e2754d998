#pragma once

#include "engine/base/ScenarioLimits.h"
#include "engine/sim/Scenario.h"
#include "engine/sweep/Sweep.h"

#include <nlohmann/json_fwd.hpp>

#include <optional>
#include <string>
#include <vector>

namespace spare {

// One point of the repair what-if: the hot-spare pool, the swap time and the rejoin rule.
struct RepairPoint {
    int spareNodes = 0;
    double swapS = 0.0;
    RejoinRule rejoin = RejoinRule::None;
};

// The repair what-if (docs/analysis-and-export.md): the base scenario under every combination of
// hot-spare pool size x swap time x rejoin rule. The other repair parameters are the base scenario's
// repair section, or RepairModel's defaults when it has none.
struct RepairWhatIfGrid {
    std::vector<int> spareNodes{0, 4, 16, 64};
    std::vector<double> swapS{300.0, 1800.0, 3.0 * 3600.0};
    std::vector<RejoinRule> rejoin{RejoinRule::None, RejoinRule::AtStep};

    static constexpr int kMaxSpareNodes = ScenarioLimits::maxSpareNodes;  // repair.spare_nodes' range
    static constexpr double kMaxSwapS = ScenarioLimits::maxDurationS;      // the longest duration a scenario allows

    // Rejoin rule, then swap time, then pool size (the order of the rows of run()).
    std::vector<RepairPoint> points() const;
    // The grid with the axes a caller gave (spare-cli's --spare-nodes, --swap-s, --rejoin; Python's
    // spare_nodes, swap_s, rejoin); an empty axis keeps its default values.
    static RepairWhatIfGrid withAxes(std::vector<int> spareNodes, std::vector<double> swapS,
                                     std::vector<RejoinRule> rejoin);
};

// The scenario with its repair section set to `point`. Throws std::invalid_argument naming the value
// and the range (0 .. kMaxSpareNodes nodes, 0 < swap time <= kMaxSwapS s).
Scenario withRepairPoint(const Scenario& scenario, const RepairPoint& point);

// The first point of `grid` at which `base` is not a valid scenario, with its issues (no origin: callers
// name their own flags); nullopt when every point is valid.
struct InvalidRepairPoint {
    RepairPoint point;
    std::vector<InputIssue> issues;
};
std::optional<InvalidRepairPoint> firstInvalidRepairPoint(const Scenario& base, const RepairWhatIfGrid& grid);

// One row of the what-if: a sweep row (policy, r, statistics over the seeds) at one point.
struct RepairWhatIfRow {
    RepairPoint point;
    SweepRow row;
};

// Runs `spec` (its base, policies, r values and seeds) once per point of `grid` with Sweep::run, point by
// point. Progress counts the cells of every point; a cancel stops at the next cell and returns the rows
// so far. Rows are in points() order, then in Sweep's grid order.
std::vector<RepairWhatIfRow> runRepairWhatIf(const SweepSpec& spec, const RepairWhatIfGrid& grid,
                                             const SweepRunOptions& options = {});

// "spare_nodes,swap_s,rejoin," then the columns of sweepRowsToCsv (RFC 4180, header line first).
std::string repairWhatIfToCsv(const std::vector<RepairWhatIfRow>& rows);
// The rows as spare-cli sweep --json prints them: each sweep row with spare_nodes, swap_s and rejoin.
nlohmann::json repairWhatIfToJson(const std::vector<RepairWhatIfRow>& rows);

}  // namespace spare
