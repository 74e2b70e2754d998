#include "engine/planning/ScenarioBatch.h"

#include "engine/sim/SharedPreparedRun.h"
#include "engine/sim/Simulator.h"

#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

namespace spare {

namespace {

// Scenarios that differ only in seed (a candidate's replicates, an interval's seeds) come one after
// another; each such run shares one preparation. Entry i is the index of its run's preparation.
std::vector<std::size_t> preparationOf(const std::vector<Scenario>& scenarios)
{
    std::vector<std::size_t> out(scenarios.size());
    for (std::size_t i = 1; i < scenarios.size(); ++i) {
        Scenario reseeded = scenarios[i];
        reseeded.seed = scenarios[i - 1].seed;
        out[i] = reseeded == scenarios[i - 1] ? out[i - 1] : i;
    }
    return out;
}

}  // namespace

std::vector<RunMetrics> runScenarioBatch(const std::vector<Scenario>& scenarios, const ScenarioBatchOptions& options)
{
    std::vector<RunMetrics> out(scenarios.size());
    for (RunMetrics& m : out)
        m.stopReason = StopReason::Cancelled;
    const std::vector<std::size_t> preparation = preparationOf(scenarios);
    std::vector<SharedPreparedRun> prepared(scenarios.size());
    for (const std::size_t p : preparation)
        prepared[p].addUsers(1);
    std::atomic<std::size_t> done{0};
    tbb::task_arena arena(options.control.resolvedThreads());
    arena.execute([&] {
        tbb::parallel_for(std::size_t{0}, scenarios.size(), [&](std::size_t i) {
            if (options.control.cancelled())
                return;
            SimulationLimits limits;
            limits.maxTttRatio = options.maxTttRatio;
            limits.untilS = options.untilS;
            limits.cancel = options.control.cancel;
            SharedPreparedRun& shared = prepared[preparation[i]];
            const PreparedRun& run = shared.get([&] { return prepareRun(scenarios[preparation[i]]); });
            out[i] = Simulator(run.withSeed(scenarios[i].seed)).run(nullptr, limits);
            shared.release();
            const std::size_t finished = done.fetch_add(1) + 1;
            options.control.report(finished, scenarios.size());
        });
    });
    return out;
}

}  // namespace spare
