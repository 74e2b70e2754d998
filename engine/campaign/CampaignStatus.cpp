#include "engine/campaign/CampaignStatus.h"

#include "engine/campaign/AdaptiveReplication.h"

#include <fmt/core.h>

#include <algorithm>
#include <limits>
#include <unordered_set>

namespace spare {

CampaignStatus CampaignStatus::of(const CampaignPlan& plan, const CampaignResults& results)
{
    CampaignStatus status;
    status.cells = plan.cells().size();
    const CampaignReplication& replication = plan.campaign().replication;
    const auto& columns = campaignResultColumns();
    const std::size_t metricColumn =
        static_cast<std::size_t>(std::find(columns.begin(), columns.end(), replication.metric) - columns.begin());
    double doneCost = 0.0;
    double missingCost = 0.0;
    std::size_t known = 0;
    for (std::size_t c = 0; c < plan.cells().size(); ++c) {
        std::vector<double> values;
        bool complete = false;
        for (int k = 0; k < plan.maxReplicates(); ++k) {
            if (replicationDone(replication, values)) {
                complete = true;
                break;
            }
            const CampaignRun run = plan.run(c, k);
            const CampaignResult* result = results.find(run.key);
            if (result != nullptr)
                ++known;
            if (result != nullptr && result->ok) {
                ++status.done;
                doneCost += plan.cells()[c].cost;
                values.push_back(replication.adaptive ? result->finiteNumber(metricColumn, fmt::format("run {}", run.runId))
                                                      : 0.0);
                continue;
            }
            if (result != nullptr) {
                ++status.failed;
                status.failures.push_back({run.runId, plan.cells()[c].parameters, result->payload});
                if (replication.adaptive)
                    break;
                continue;
            }
            const int needed = replication.adaptive ? std::max(1, plan.minReplicates() - k) : 1;
            status.missing += static_cast<std::size_t>(needed);
            missingCost += plan.cells()[c].cost * needed;
            if (replication.adaptive)
                break;
        }
        complete = complete || replicationDone(replication, values);
        status.completeCells += complete ? 1 : 0;
    }
    status.unknownRuns = results.byKey.size() - known;

    double first = std::numeric_limits<double>::infinity();
    double last = -first;
    std::size_t finished = 0;
    for (const auto& [key, result] : results.byKey) {
        if (!result.ok)
            continue;
        first = std::min(first, result.finishedAt - result.wallS);
        last = std::max(last, result.finishedAt);
        ++finished;
    }
    const double span = last - first;
    if (finished > 0 && span > 0.0) {
        status.runsPerS = static_cast<double>(finished) / span;
        if (status.missing > 0 && doneCost > 0.0)
            status.etaS = missingCost / (doneCost / span);
    }
    return status;
}

}  // namespace spare
