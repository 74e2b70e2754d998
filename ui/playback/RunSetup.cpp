#include "playback/RunSetup.h"

#include "sim/MemoryEstimate.h"
#include "sim/ScenarioJson.h"
#include "sim/ScenarioLayout.h"
#include "sim/Simulator.h"
#include "topology/ClusterPlacement.h"

#include <atomic>

namespace spare {

namespace {

constexpr int kRacedPolicies = 3;

std::atomic<std::uint64_t>& memoryBudgetSetting()
{
    static std::atomic<std::uint64_t> bytes{0};  // 0: the default rule
    return bytes;
}

QStringList lines(const std::exception& e)
{
    return QString::fromUtf8(e.what()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
}

}  // namespace

void RunSetup::setMemoryBudget(std::uint64_t bytes) { memoryBudgetSetting().store(bytes); }

std::uint64_t RunSetup::memoryBudget()
{
    const std::uint64_t bytes = memoryBudgetSetting().load();
    return bytes > 0 ? bytes : defaultMemoryBudget();
}

RunSetup RunSetup::prepare(const Scenario& scenario, std::optional<std::vector<TraceFailure>> trace)
{
    RunSetup setup;
    setup.scenario = scenario;
    for (const ScenarioIssue& issue : validateScenario(scenario))
        setup.problems.append(QStringLiteral("%1: %2").arg(QString::fromStdString(issue.key),
                                                           QString::fromStdString(issue.message)));
    if (!setup.ok())
        return setup;
    // The same rule as spare-cli: refuse before any work what would not fit. The window may race three
    // policies at once.
    const std::string memory = memoryBudgetProblem(estimateRunMemory(scenario, kRacedPolicies), scenario, memoryBudget());
    if (!memory.empty()) {
        setup.problems.append(QStringLiteral("cluster.groups: %1").arg(QString::fromStdString(memory)));
        return setup;
    }
    try {
        setup.layout = std::make_shared<const Layout>(scenarioLayout(scenario));
    } catch (const std::exception& e) {
        for (const QString& line : lines(e))
            setup.problems.append(QStringLiteral("cluster.layout: %1").arg(line));
    }
    if (trace) {
        setup.trace = std::move(trace);
    } else if (scenario.failureModel == FailureModel::Trace) {
        try {
            // Domain rows (time_s,level,id) need to know where the groups sit.
            const std::optional<ClusterPlacement> placement =
                scenario.topology ? std::optional(ClusterPlacement::fromTopology(*scenario.topology, scenario.groups,
                                                                                 scenario.gpusPerGroup))
                                  : std::nullopt;
            setup.trace = loadFailureTrace(scenario.failureTrace, scenario.groups, placement ? &*placement : nullptr);
        } catch (const std::exception& e) {
            for (const QString& line : lines(e))
                setup.problems.append(QStringLiteral("failures.trace: %1").arg(line));
        }
    }
    try {
        setup.checkpointIntervalSteps = scenario.checkpointIntervalSteps.value_or(0);
        if (!scenario.checkpointIntervalSteps)
            setup.checkpointIntervalSteps = autoCheckpointIntervalSteps(scenario);
    } catch (const std::exception& e) {
        setup.problems.append(lines(e));
    }
    return setup;
}

RunSetup RunSetup::load(const QString& path, std::optional<Policy> policy, std::optional<std::uint64_t> seed)
{
    Scenario scenario;
    try {
        scenario = loadScenarioFile(path.toStdString());
    } catch (const std::exception& e) {
        RunSetup failed;
        failed.problems = lines(e);
        if (failed.problems.isEmpty())
            failed.problems.append(QStringLiteral("%1: cannot be read").arg(path));
        return failed;
    }
    if (policy)
        scenario.policy = *policy;
    if (seed)
        scenario.seed = *seed;
    return prepare(scenario);
}

}  // namespace spare
