#include "engine/study/AnalysisStudy.h"

#include "engine/layout/Layout.h"
#include "engine/sweep/RackCorrelatedFailures.h"
#include "engine/sweep/RepairWhatIf.h"
#include "engine/sweep/Sweep.h"

#include <fmt/format.h>

#include <algorithm>
#include <exception>
#include <mutex>

namespace spare {
namespace {

SimulatedPoint pointOf(const SweepRow& row, double x)
{
    SimulatedPoint point;
    point.policy = row.policy;
    point.x = x;
    point.runs = row.runs;
    point.completed = row.runs > 0 && row.completedRuns == row.runs;
    auto spread = [&row](const char* key) {
        const SweepStat& stat = row.stat(key);
        return SeedSpread{stat.mean, stat.sd};
    };
    point.tttRatio = spread("ttt_ratio");
    point.availability = spread("availability");
    point.ettr = spread("ettr");
    point.stackNumber = spread("mean_stack_number");
    point.tttS = row.stat("ttt_s").mean;
    point.timeBreakdown = row.meanTimeBreakdown;
    return point;
}

bool has(const std::vector<Policy>& policies, Policy policy)
{
    return std::find(policies.begin(), policies.end(), policy) != policies.end();
}

// The sweep grid of one stage: SPARe and Rep at `redundancies`, CKPT-only (r-independent) once.
SweepSpec sweepSpec(const Scenario& base, const std::vector<Policy>& policies, const std::vector<int>& redundancies,
                    int seeds)
{
    SweepSpec spec;
    spec.base = base;
    spec.policies = policies;
    spec.spareRedundancies = has(policies, Policy::Spare) ? redundancies : std::vector<int>{};
    spec.repRedundancies = has(policies, Policy::Rep) ? redundancies : std::vector<int>{};
    spec.seeds = seeds;
    return spec;
}

// x of a row of a sweep over r: its r; CKPT-only does not depend on r, so its single row is drawn at
// every r of the grid.
std::function<std::vector<double>(const SweepRow&)> atEveryR(const std::vector<int>& grid)
{
    return [&grid](const SweepRow& row) {
        return row.policy == Policy::Ckpt ? std::vector<double>(grid.begin(), grid.end())
                                          : std::vector<double>{double(row.redundancy)};
    };
}

std::vector<Policy> withoutCkpt(const std::vector<Policy>& policies)
{
    std::vector<Policy> kept;
    std::copy_if(policies.begin(), policies.end(), std::back_inserter(kept), [](Policy p) { return p != Policy::Ckpt; });
    return kept;
}

// Shared state of one computation: the growing results, the progress and the update callback.
class Stages {
public:
    Stages(const AnalysisRequest& request, const std::atomic<bool>& cancel, const AnalysisStudy::UpdateFn& update)
        : request_(request), cancel_(cancel), update_(update), total_(AnalysisStudy::totalUnits(request))
    {
    }

    bool cancelled() const { return cancel_.load(); }

    using Target = std::function<std::vector<SimulatedPoint>&(AnalysisResults&)>;

    // Runs one sweep; each finished row becomes points (x from xOf) appended to target.
    void sweep(const std::string& stage, const SweepSpec& spec, std::vector<SimulatedPoint> AnalysisResults::*target,
               const std::function<std::vector<double>(const SweepRow&)>& xOf)
    {
        sweep(stage, spec, Target([target](AnalysisResults& results) -> auto& { return results.*target; }), xOf);
    }

    void sweep(const std::string& stage, const SweepSpec& spec, const Target& target,
               const std::function<std::vector<double>(const SweepRow&)>& xOf)
    {
        SweepRunOptions options;
        options.control.cancel = &cancel_;
        const int offset = done_;
        options.control.progress = [this, offset, stage](std::size_t done, std::size_t) {
            std::lock_guard lock(mutex_);
            done_ = offset + static_cast<int>(done);
            publish(stage);
        };
        options.rowDone = [this, target, xOf, stage](const SweepRow& row) {
            if (row.runs == 0)
                return;
            std::lock_guard lock(mutex_);
            for (double x : xOf(row))
                target(results_).push_back(pointOf(row, x));
            publish(stage);
        };
        const SweepResult result = Sweep::run(spec, options);
        std::lock_guard lock(mutex_);
        done_ = offset + static_cast<int>(result.cells.size());
    }

    void monteCarlo(const std::string& layoutName, const Layout& layout)
    {
        MonteCarloOptions options;
        options.trials = request_.monteCarloTrials;
        options.seed = request_.scenario.seed;
        LayoutEstimate estimate;
        estimate.layout = layoutName;
        estimate.redundancy = layout.redundancy();
        estimate.result = MonteCarlo::run(layout, options);
        std::lock_guard lock(mutex_);
        results_.layouts.push_back(std::move(estimate));
        ++done_;
        publish(fmt::format("Monte-Carlo, {} layout", layoutName));
    }

    // Opens the correlated-failures sweep of (layout, correlated) in the results.
    Target correlatedSweep(const std::string& layout, bool correlated)
    {
        std::lock_guard lock(mutex_);
        const std::size_t index = results_.correlated.size();
        results_.correlated.push_back({layout, correlated, {}});
        return [index](AnalysisResults& results) -> auto& { return results.correlated[index].points; };
    }

    // The repair what-if curve of (swap time, rejoin rule) in the results, opened on first use.
    Target repairSweep(double swapS, RejoinRule rejoin)
    {
        std::lock_guard lock(mutex_);
        auto& sweeps = results_.repair;
        const auto same = [&](const RepairSweep& s) { return s.swapS == swapS && s.rejoin == rejoin; };
        auto it = std::find_if(sweeps.begin(), sweeps.end(), same);
        if (it == sweeps.end())
            it = sweeps.insert(sweeps.end(), RepairSweep{swapS, rejoin, {}});
        const auto index = static_cast<std::size_t>(it - sweeps.begin());
        return [index](AnalysisResults& results) -> auto& { return results.repair[index].points; };
    }

    AnalysisResults finish(bool complete, std::exception_ptr error)
    {
        std::lock_guard lock(mutex_);
        results_.cancelled = cancelled();
        results_.complete = complete && !results_.cancelled && !error;
        results_.error = error;
        return results_;
    }

private:
    void publish(const std::string& stage)
    {
        if (update_)
            update_(results_, AnalysisProgress{done_, total_, stage});
    }

    const AnalysisRequest& request_;
    const std::atomic<bool>& cancel_;
    const AnalysisStudy::UpdateFn& update_;
    std::mutex mutex_;
    AnalysisResults results_;
    int done_ = 0;
    int total_ = 0;
};

}  // namespace

int AnalysisStudy::totalUnits(const AnalysisRequest& request)
{
    const Scenario base = request.simulatedScenario();
    int units = static_cast<int>(Sweep::cells(sweepSpec(base, request.policies, request.redundancies, request.seeds)).size());
    if (request.monteCarloTrials > 0)
        units += 2 * static_cast<int>(request.redundancies.size()) + (request.extraLayoutPath.empty() ? 0 : 1);
    const std::vector<int> chosen{request.chosenRedundancy};
    units += static_cast<int>(request.groupsGrid.size())
             * static_cast<int>(Sweep::cells(sweepSpec(base, withoutCkpt(request.policies), chosen, request.seeds)).size());
    units += static_cast<int>(request.intervalGrid.size())
             * static_cast<int>(Sweep::cells(sweepSpec(base, {Policy::Spare}, chosen, request.seeds)).size());
    units += static_cast<int>(request.repairGrid.points().size())
             * static_cast<int>(Sweep::cells(sweepSpec(base, withoutCkpt(request.policies), chosen, request.repairSeeds)).size());
    if (request.correlatedFailuresUnavailable().empty())
        units += 2 * static_cast<int>(Sweep::cells(sweepSpec(base, request.policies, request.redundancies, request.seeds)).size()
                                      + Sweep::cells(sweepSpec(base, {Policy::Spare}, request.redundancies, request.seeds)).size());
    return units;
}

AnalysisResults AnalysisStudy::run(const AnalysisRequest& request, const std::atomic<bool>& cancel,
                                         const UpdateFn& update)
{
    Stages stages(request, cancel, update);
    const Scenario base = request.simulatedScenario();
    const std::vector<int> chosen{request.chosenRedundancy};
    try {
        // Headline.
        const std::vector<int> grid = request.redundancies;
        stages.sweep("sweep over r", sweepSpec(base, request.policies, grid, request.seeds),
                     &AnalysisResults::headline, atEveryR(grid));

        for (const char* name : {"golomb", "consecutive"})
            for (int r : request.redundancies) {
                if (request.monteCarloTrials == 0 || stages.cancelled())
                    break;
                stages.monteCarlo(name, Layout::byName(name, request.scenario.groups, r));
            }
        if (request.monteCarloTrials > 0 && !request.extraLayoutPath.empty() && !stages.cancelled()) {
            const Layout loaded = Layout::fromJsonFile(request.extraLayoutPath);
            stages.monteCarlo(loaded.name(), loaded);
        }

        for (int groups : request.groupsGrid) {
            if (stages.cancelled())
                break;
            Scenario scaled = base;
            scaled.groups = groups;
            stages.sweep(fmt::format("sweep over N (N = {})", groups),
                         sweepSpec(scaled, withoutCkpt(request.policies), chosen, request.seeds),
                         &AnalysisResults::byGroups, [groups](const SweepRow&) { return std::vector<double>{double(groups)}; });
        }

        for (int interval : request.intervalGrid) {
            if (stages.cancelled())
                break;
            Scenario periodic = base;
            periodic.checkpointIntervalSteps = std::min(interval, periodic.steps);
            stages.sweep(fmt::format("checkpoint explorer (T_c = {})", interval),
                         sweepSpec(periodic, {Policy::Spare}, chosen, request.seeds), &AnalysisResults::byInterval,
                         [interval](const SweepRow&) { return std::vector<double>{double(interval)}; });
        }

        // Correlated failures: SPARe on both layouts, Rep and CKPT-only once (on golomb), independent
        // and with the rack share, at the same per-GPU failure rate.
        if (request.correlatedFailuresUnavailable().empty())
            for (bool correlated : {false, true})
                for (const char* layout : {"golomb", "golomb-domain"}) {
                    if (stages.cancelled())
                        break;
                    Scenario variant = withRackShare(base, correlated ? request.rackShare : 0.0);
                    variant.layout = layout;
                    const bool plain = variant.layout == "golomb";
                    const std::string name = layout;
                    stages.sweep(fmt::format("correlated failures ({}, {})", name,
                                             correlated ? fmt::format("rack share {:g}", request.rackShare)
                                                        : std::string("independent")),
                                 sweepSpec(variant, plain ? request.policies : std::vector<Policy>{Policy::Spare}, grid,
                                           request.seeds),
                                 stages.correlatedSweep(name, correlated), atEveryR(grid));
                }

        // Repair what-if: SPARe and Rep at the chosen r under each hot-spare pool, swap time and rejoin rule.
        for (const RepairPoint& point : request.repairGrid.points()) {
            if (stages.cancelled())
                break;
            stages.sweep(fmt::format("repair what-if ({} spare nodes, swap {:g} s, rejoin {})", point.spareNodes,
                                     point.swapS, rejoinRuleName(point.rejoin)),
                         sweepSpec(withRepairPoint(base, point), withoutCkpt(request.policies), chosen, request.repairSeeds),
                         stages.repairSweep(point.swapS, point.rejoin),
                         [spares = point.spareNodes](const SweepRow&) { return std::vector<double>{double(spares)}; });
        }
    } catch (...) {
        return stages.finish(false, std::current_exception());
    }
    return stages.finish(true, nullptr);
}

}  // namespace spare
