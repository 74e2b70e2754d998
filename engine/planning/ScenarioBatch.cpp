#include "planning/ScenarioBatch.h"

#include "sim/Simulator.h"

#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

namespace spare {

std::vector<RunMetrics> runScenarioBatch(const std::vector<Scenario>& scenarios, const ScenarioBatchOptions& options)
{
    std::vector<RunMetrics> out(scenarios.size());
    for (RunMetrics& m : out)
        m.stopReason = StopReason::Cancelled;
    std::atomic<std::size_t> done{0};
    const int threads = options.threads > 0 ? options.threads : tbb::this_task_arena::max_concurrency();
    tbb::task_arena arena(threads);
    arena.execute([&] {
        tbb::parallel_for(std::size_t{0}, scenarios.size(), [&](std::size_t i) {
            if (options.cancel && options.cancel->load())
                return;
            SimulationLimits limits;
            limits.maxTttRatio = options.maxTttRatio;
            limits.cancel = options.cancel;
            out[i] = Simulator(scenarios[i]).run(nullptr, limits);
            const std::size_t finished = done.fetch_add(1) + 1;
            if (options.progress)
                options.progress(finished, scenarios.size());
        });
    });
    return out;
}

}  // namespace spare
