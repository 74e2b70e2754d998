#include "engine/sweep/RepairWhatIf.h"

#include "engine/sweep/SweepReport.h"

#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <stdexcept>

namespace spare {

std::vector<RepairPoint> RepairWhatIfGrid::points() const
{
    std::vector<RepairPoint> out;
    for (const RejoinRule rule : rejoin)
        for (const double swap : swapS)
            for (const int spares : spareNodes)
                out.push_back({spares, swap, rule});
    return out;
}

RepairWhatIfGrid RepairWhatIfGrid::withAxes(std::vector<int> spareNodes, std::vector<double> swapS,
                                            std::vector<RejoinRule> rejoin)
{
    RepairWhatIfGrid grid;
    if (!spareNodes.empty())
        grid.spareNodes = std::move(spareNodes);
    if (!swapS.empty())
        grid.swapS = std::move(swapS);
    if (!rejoin.empty())
        grid.rejoin = std::move(rejoin);
    return grid;
}

std::optional<InvalidRepairPoint> firstInvalidRepairPoint(const Scenario& base, const RepairWhatIfGrid& grid)
{
    for (const RepairPoint& point : grid.points())
        if (std::vector<InputIssue> issues = validateScenario(withRepairPoint(base, point)); !issues.empty())
            return InvalidRepairPoint{point, std::move(issues)};
    return std::nullopt;
}

Scenario withRepairPoint(const Scenario& scenario, const RepairPoint& point)
{
    if (point.spareNodes < 0 || point.spareNodes > RepairWhatIfGrid::kMaxSpareNodes)
        throw std::invalid_argument(
            fmt::format("spare nodes {}: allowed 0 .. {}", point.spareNodes, RepairWhatIfGrid::kMaxSpareNodes));
    if (!(point.swapS > 0.0 && point.swapS <= RepairWhatIfGrid::kMaxSwapS))
        throw std::invalid_argument(fmt::format("swap time {} s: allowed 0 < swap_s <= {}", point.swapS,
                                                RepairWhatIfGrid::kMaxSwapS));
    Scenario repaired = scenario;
    RepairModel repair = scenario.repair.value_or(RepairModel{});
    repair.spareNodes = point.spareNodes;
    repair.swapS = point.swapS;
    repair.rejoin = point.rejoin;
    repaired.repair = repair;
    return repaired;
}

std::vector<RepairWhatIfRow> runRepairWhatIf(const SweepSpec& spec, const RepairWhatIfGrid& grid,
                                             const SweepRunOptions& options)
{
    const std::vector<RepairPoint> points = grid.points();
    const std::size_t cellsPerPoint = Sweep::cells(spec).size();
    const std::size_t total = cellsPerPoint * points.size();
    std::vector<RepairWhatIfRow> rows;
    for (std::size_t i = 0; i < points.size(); ++i) {
        if (options.control.cancelled())
            break;
        SweepSpec variant = spec;
        variant.base = withRepairPoint(spec.base, points[i]);
        SweepRunOptions pointOptions;
        pointOptions.control = options.control;
        if (options.control.progress)
            pointOptions.control.progress = [&options, offset = i * cellsPerPoint, total](std::size_t done,
                                                                                           std::size_t) {
                options.control.progress(offset + done, total);
            };
        const SweepResult result = Sweep::run(variant, pointOptions);
        if (result.cancelled)
            break;  // the point's unfinished cells hold no measurements
        for (const SweepRow& row : result.rows)
            if (row.runs > 0)
                rows.push_back({points[i], row});
    }
    return rows;
}

std::string repairWhatIfToCsv(const std::vector<RepairWhatIfRow>& rows)
{
    const std::vector<std::string> keys = rows.empty() ? std::vector<std::string>{} : rows.front().row.keys;
    std::string csv = "spare_nodes,swap_s,rejoin," + sweepCsvHeader(keys);
    for (const RepairWhatIfRow& r : rows)
        csv += fmt::format("{},{},{},", r.point.spareNodes, r.point.swapS, rejoinRuleName(r.point.rejoin)) +
               sweepCsvLine(r.row, keys.size());
    return csv;
}

nlohmann::json repairWhatIfToJson(const std::vector<RepairWhatIfRow>& rows)
{
    auto out = nlohmann::json::array();
    for (const RepairWhatIfRow& r : rows) {
        nlohmann::json row = sweepRowToJson(r.row);
        row["spare_nodes"] = r.point.spareNodes;
        row["swap_s"] = r.point.swapS;
        row["rejoin"] = rejoinRuleName(r.point.rejoin);
        out.push_back(row);
    }
    return out;
}

}  // namespace spare
