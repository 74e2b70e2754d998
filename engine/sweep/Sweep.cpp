#include "engine/sweep/Sweep.h"

#include "engine/base/InputError.h"

#include "engine/sim/RunMetricsJson.h"
#include "engine/sim/SharedPreparedRun.h"
#include "engine/sim/Simulator.h"

#include <fmt/core.h>
#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <cmath>
#include <iterator>
#include <limits>
#include <optional>
#include <set>
#include <stdexcept>

namespace spare {

const SweepStat& SweepRow::stat(const std::string& key) const
{
    const auto it = std::find(keys.begin(), keys.end(), key);
    if (it == keys.end())
        throw std::out_of_range("SweepRow: no metric " + key);
    return stats[static_cast<std::size_t>(it - keys.begin())];
}

std::vector<SweepCell> Sweep::cells(const SweepSpec& spec)
{
    std::vector<SweepCell> out;
    for (const Policy policy : spec.policies) {
        std::vector<int> redundancies{1};
        if (policy == Policy::Spare)
            redundancies = spec.spareRedundancies;
        else if (policy == Policy::Rep)
            redundancies = spec.repRedundancies;
        for (const int r : redundancies)
            for (int s = 0; s < spec.seeds; ++s)
                out.push_back({policy, r, spec.base.seed + static_cast<std::uint64_t>(s)});
    }
    return out;
}

SweepRow Sweep::summarize(const SweepCell& cell, const std::vector<RunMetrics>& runs)
{
    SweepRow row;
    row.policy = cell.policy;
    row.redundancy = cell.redundancy;
    row.runs = static_cast<int>(runs.size());
    for (const RunMetrics& m : runs)
        row.completedRuns += m.completed ? 1 : 0;
    if (runs.empty())
        return row;
    for (const auto& [key, value] : runMetricsFields(runs.front()))
        row.keys.push_back(key);
    row.stats.resize(row.keys.size());
    for (const RunMetrics& m : runs) {
        const auto fields = runMetricsFields(m);
        for (std::size_t k = 0; k < fields.size(); ++k)
            row.stats[k].mean += fields[k].second;
    }
    const double n = static_cast<double>(runs.size());
    for (auto& stat : row.stats)
        stat.mean /= n;
    for (const TimeBreakdownPart& part : timeBreakdownParts()) {
        for (const RunMetrics& m : runs)
            row.meanTimeBreakdown.*part.seconds += m.timeBreakdown.*part.seconds;
        row.meanTimeBreakdown.*part.seconds /= n;
    }
    if (runs.size() > 1) {
        for (const RunMetrics& m : runs) {
            const auto fields = runMetricsFields(m);
            for (std::size_t k = 0; k < fields.size(); ++k) {
                const double d = fields[k].second - row.stats[k].mean;
                row.stats[k].sd += d * d;
            }
        }
        for (auto& stat : row.stats)
            stat.sd = std::sqrt(stat.sd / (n - 1.0));
    }
    return row;
}

std::optional<std::size_t> Sweep::bestRow(const std::vector<SweepRow>& rows, Policy policy)
{
    std::optional<std::size_t> best;
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const SweepRow& row = rows[i];
        if (row.policy != policy || row.runs == 0 || row.completedRuns != row.runs)
            continue;
        if (!best || row.stat("ttt_ratio").mean < rows[*best].stat("ttt_ratio").mean)
            best = i;
    }
    return best;
}

void Sweep::markBest(std::vector<SweepRow>& rows)
{
    for (auto& row : rows)
        row.best = false;
    for (const Policy policy : kPolicies)
        if (const auto best = bestRow(rows, policy))
            rows[*best].best = true;
}

MemoryEstimate Sweep::estimateMemory(const SweepSpec& spec, int threads)
{
    const std::vector<SweepCell> grid = cells(spec);
    const int workers = RunControl::resolveThreads(threads);
    const int concurrent = static_cast<int>(std::clamp<std::size_t>(grid.size(), 1, static_cast<std::size_t>(workers)));
    MemoryEstimate largest = estimateRunMemory(spec.base, concurrent);
    for (const SweepCell& cell : grid) {
        Scenario scenario = spec.base;
        scenario.policy = cell.policy;
        scenario.redundancy = cell.redundancy;
        const MemoryEstimate e = estimateRunMemory(scenario, concurrent);
        if (e.bytes > largest.bytes)
            largest = e;
    }
    return largest;
}

void Sweep::checkPolicies(const SweepSpec& spec)
{
    std::vector<InputIssue> issues;
    for (const Policy policy : spec.policies)
        std::ranges::move(validateUnderPolicy(spec.base, policy), std::back_inserter(issues));
    if (!issues.empty())
        throw ScenarioError(std::move(issues));
}

SweepResult Sweep::run(const SweepSpec& spec, const SweepRunOptions& options)
{
    checkPolicies(spec);
    SweepResult result;
    result.cells = cells(spec);
    result.metrics.resize(result.cells.size());
    const std::size_t total = result.cells.size();
    const std::size_t seeds = static_cast<std::size_t>(std::max(spec.seeds, 1));
    const std::size_t rowCount = spec.seeds > 0 ? total / seeds : 0;
    std::vector<std::atomic<int>> rowRemaining(rowCount);
    for (auto& remaining : rowRemaining)
        remaining.store(static_cast<int>(seeds));
    std::atomic<std::size_t> done{0};

    // Each row is prepared once and its seeds share the layout. Every row shares the placement and the
    // trace of `shared`, a SPARe+CKPT row when there is one (its layout needs the placement).
    std::optional<PreparedRun> shared;
    if (total > 0) {
        const auto spareCell = std::find_if(result.cells.begin(), result.cells.end(),
                                            [](const SweepCell& cell) { return cell.policy == Policy::Spare; });
        const SweepCell& cell = spareCell != result.cells.end() ? *spareCell : result.cells.front();
        Scenario scenario = spec.base;
        scenario.policy = cell.policy;
        scenario.redundancy = cell.redundancy;
        shared = prepareRun(scenario);
    }
    std::vector<SharedPreparedRun> rowRuns(rowCount);
    for (SharedPreparedRun& row : rowRuns)
        row.addUsers(seeds);

    const auto runCell = [&](std::size_t i) {
        if (options.control.cancelled())
            return;
        const SweepCell& cell = result.cells[i];
        const std::size_t row = i / seeds;
        const PreparedRun& prepared =
            rowRuns[row].get([&] { return shared->withPolicy(cell.policy, cell.redundancy); });
        SimulationLimits limits;
        limits.maxTttRatio = spec.maxTttRatio;
        limits.cancel = options.control.cancel;
        result.metrics[i] = Simulator(prepared.withSeed(cell.seed)).run(nullptr, limits);
        rowRuns[row].release();
        const std::size_t finished = done.fetch_add(1) + 1;
        options.control.report(finished, total);
        if (rowRemaining[row].fetch_sub(1) == 1 && options.rowDone) {
            const std::vector<RunMetrics> runs(result.metrics.begin() + static_cast<std::ptrdiff_t>(row * seeds),
                                               result.metrics.begin() + static_cast<std::ptrdiff_t>((row + 1) * seeds));
            options.rowDone(summarize(result.cells[row * seeds], runs));
        }
    };

    tbb::task_arena arena(options.control.resolvedThreads());
    arena.execute([&] {
        tbb::parallel_for(tbb::blocked_range<std::size_t>(0, total, 1), [&](const tbb::blocked_range<std::size_t>& range) {
            for (std::size_t i = range.begin(); i != range.end(); ++i)
                runCell(i);
        });
    });

    result.cancelled = options.control.cancelled();
    for (std::size_t row = 0; row < rowCount; ++row) {
        const std::vector<RunMetrics> runs(result.metrics.begin() + static_cast<std::ptrdiff_t>(row * seeds),
                                           result.metrics.begin() + static_cast<std::ptrdiff_t>((row + 1) * seeds));
        result.rows.push_back(summarize(result.cells[row * seeds], runs));
    }
    markBest(result.rows);
    return result;
}

std::vector<int> parseIntegerRanges(const std::string& text, int minValue, int maxValue)
{
    std::set<int> values;
    const auto fail = [&text] {
        throw std::invalid_argument("\"" + text + "\" is not a list of integers or ranges like 2-20 or 2,4,8");
    };
    const auto checkRange = [&](int value) {
        if (value < minValue || value > maxValue)
            throw std::invalid_argument(std::to_string(value) + " is out of range: allowed " +
                                        std::to_string(minValue) + " .. " + std::to_string(maxValue));
    };
    std::size_t pos = 0;
    while (pos <= text.size()) {
        const std::size_t comma = std::min(text.find(',', pos), text.size());
        const std::string part = text.substr(pos, comma - pos);
        const std::size_t dash = part.find('-', 1);
        int lo = 0;
        int hi = 0;
        try {
            std::size_t used = 0;
            lo = std::stoi(part.substr(0, dash), &used);
            if (used != (dash == std::string::npos ? part.size() : dash))
                fail();
            hi = lo;
            if (dash != std::string::npos) {
                const std::string upper = part.substr(dash + 1);
                hi = std::stoi(upper, &used);
                if (used != upper.size())
                    fail();
            }
        } catch (const std::out_of_range&) {
            throw std::invalid_argument("\"" + part + "\" is out of range: allowed " + std::to_string(minValue) +
                                        " .. " + std::to_string(maxValue));
        } catch (const std::logic_error&) {
            fail();
        }
        checkRange(lo);
        checkRange(hi);
        if (hi < lo)
            throw std::invalid_argument("\"" + part + "\" is a reversed range; allowed: LOW-HIGH with LOW <= HIGH, as " +
                                        std::to_string(minValue) + "-" + std::to_string(maxValue));
        for (int v = lo; v <= hi; ++v)  // hi <= maxValue: no overflow
            values.insert(v);
        pos = comma + 1;
    }
    return {values.begin(), values.end()};
}

}  // namespace spare
