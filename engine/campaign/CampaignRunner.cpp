#include "engine/campaign/CampaignRunner.h"

#include "engine/campaign/AdaptiveReplication.h"
#include "engine/campaign/CampaignShardFile.h"
#include "engine/sim/SharedPreparedRun.h"
#include "engine/sim/Simulator.h"

#include <fmt/core.h>
#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <chrono>
#include <exception>
#include <mutex>
#include <vector>

namespace spare {

namespace {

double unixNow()
{
    return std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch()).count();
}

class ShardExecution {
public:
    ShardExecution(const CampaignPlan& plan, CampaignResults existing, CampaignShardFile& file,
                   const CampaignRunOptions& options, const std::vector<CampaignUnit>& units, std::size_t total)
        : plan_(plan), existing_(std::move(existing)), file_(file), options_(options), cells_(plan.cells().size()),
          total_(total)
    {
        for (const CampaignUnit& unit : units)
            if (unit.replicate >= 0)
                cells_[unit.cell].addUsers(1);
        const auto& columns = campaignResultColumns();
        metricColumn_ = static_cast<std::size_t>(
            std::find(columns.begin(), columns.end(), plan.campaign().replication.metric) - columns.begin());
    }

    void runUnit(const CampaignUnit& unit)
    {
        if (unit.replicate >= 0) {
            // The replicates of a cell (in this shard) share its preparation.
            SharedPreparedRun& cell = cells_[unit.cell];
            const CampaignRun run = plan_.run(unit.cell, unit.replicate);
            if (!lookup(run))
                runOne(run, cell);
            cell.release();
            return;
        }
        // Adaptive: the replicates done so far, then one more at a time until the rule is met. The seeds and
        // results are deterministic, so the stopping point is too (whoever ran the earlier replicates).
        SharedPreparedRun cell;
        std::vector<double> values;
        const CampaignReplication& replication = plan_.campaign().replication;
        while (!replicationDone(replication, values) && !cancelled()) {
            if (static_cast<int>(values.size()) >= plan_.minReplicates())
                ++total_;  // a seed beyond min_seeds: the shard needs one run more than counted
            const CampaignRun run = plan_.run(unit.cell, static_cast<int>(values.size()));
            std::optional<CampaignResult> result = lookup(run);
            if (!result)
                result = runOne(run, cell);
            if (!result || !result->ok)
                return;
            values.push_back(result->finiteNumber(metricColumn_, fmt::format("run {}", run.runId)));
        }
    }

    CampaignRunSummary summary() const
    {
        return {0, skipped_.load(), ran_.load(), failed_.load(), cancelled()};
    }

private:
    bool cancelled() const { return options_.control.cancelled(); }

    std::optional<CampaignResult> lookup(const CampaignRun& run)
    {
        const CampaignResult* result = existing_.find(run.key);
        if (result == nullptr || !result->ok)
            return std::nullopt;
        ++skipped_;
        return *result;
    }

    std::optional<CampaignResult> runOne(const CampaignRun& run, SharedPreparedRun& cell)
    {
        if (cancelled())
            return std::nullopt;
        const auto start = std::chrono::steady_clock::now();
        const auto elapsed = [&] {
            return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        };
        CampaignResult result;
        try {
            SimulationLimits limits;
            limits.maxTttRatio = plan_.campaign().maxTttRatio;
            limits.cancel = options_.control.cancel;
            const PreparedRun& prepared = cell.get([&] { return prepareRun(plan_.scenario(run.cell, run.seed)); });
            const RunMetrics metrics = Simulator(prepared.withSeed(run.seed)).run(nullptr, limits);
            if (cancelled())
                return std::nullopt;  // stopped mid-run: not a result
            result = CampaignResult::done(run.key, metrics, elapsed(), unixNow());
            ++ran_;
        } catch (const std::exception& e) {
            result = CampaignResult::failed(run.key, e.what(), elapsed(), unixNow());
            ++failed_;
        }
        file_.append(result.line());
        options_.control.report(ran_.load() + failed_.load(), total_.load());
        return result;
    }

    const CampaignPlan& plan_;
    const CampaignResults existing_;
    CampaignShardFile& file_;
    const CampaignRunOptions& options_;
    std::vector<SharedPreparedRun> cells_;
    std::atomic<std::size_t> total_;
    std::size_t metricColumn_ = 0;
    std::atomic<std::size_t> skipped_{0};
    std::atomic<std::size_t> ran_{0};
    std::atomic<std::size_t> failed_{0};
};

}  // namespace

CampaignRunSummary CampaignRunner::run(const CampaignPlan& plan, const CampaignResultsDir& dir, int index, int count,
                                       const CampaignRunOptions& options)
{
    dir.prepare(plan.campaign());
    const std::vector<CampaignUnit> units = plan.shard(index, count);
    CampaignResults existing = dir.read();
    std::size_t total = 0;
    for (const CampaignUnit& unit : units)
        total += unit.replicate >= 0 ? 1 : static_cast<std::size_t>(plan.minReplicates());
    CampaignShardFile file(dir.shardPath(index, count));
    ShardExecution execution(plan, std::move(existing), file, options, units, total);

    tbb::task_arena arena(options.control.resolvedThreads());
    arena.execute([&] {
        tbb::parallel_for(tbb::blocked_range<std::size_t>(0, units.size(), 1),
                          [&](const tbb::blocked_range<std::size_t>& range) {
                              for (std::size_t i = range.begin(); i != range.end(); ++i)
                                  execution.runUnit(units[i]);
                          });
    });
    CampaignRunSummary summary = execution.summary();
    summary.units = units.size();
    return summary;
}

}  // namespace spare
