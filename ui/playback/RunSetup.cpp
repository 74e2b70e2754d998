#include "ui/playback/RunSetup.h"

#include "engine/sim/MemoryEstimate.h"
#include "engine/sim/ScenarioJson.h"
#include "ui/base/ErrorText.h"

#include <atomic>

namespace spare {

namespace {

constexpr int kRacedPolicies = 3;

std::atomic<std::uint64_t>& memoryBudgetSetting()
{
    static std::atomic<std::uint64_t> bytes{0};  // 0: the default rule
    return bytes;
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
    for (const InputIssue& issue : validateScenario(scenario))
        setup.problems.append(QStringLiteral("%1: %2").arg(QString::fromStdString(issue.keyPath),
                                                           QString::fromStdString(issue.problem)));
    if (!setup.ok())
        return setup;
    // The same rule as spare-cli: refuse before any work what would not fit. The window may race three
    // policies at once.
    const std::string memory = memoryBudgetProblem(estimateRunMemory(scenario, kRacedPolicies), scenario, memoryBudget());
    if (!memory.empty()) {
        setup.problems.append(QStringLiteral("cluster.groups: %1").arg(QString::fromStdString(memory)));
        return setup;
    }
    PrepareOptions options;
    options.trace = std::move(trace);
    options.layoutForAnyPolicy = true;
    static_cast<PreparedRun&>(setup) =
        prepareRun(scenario, std::move(options), [&setup](const char* key, const std::exception& e) {
            for (const QString& line : errorLines(e))
                setup.problems.append(*key ? QStringLiteral("%1: %2").arg(QLatin1String(key), line) : line);
        });
    return setup;
}

RunSetup RunSetup::load(const QString& path, std::optional<Policy> policy, std::optional<std::uint64_t> seed)
{
    Scenario scenario;
    try {
        scenario = loadScenarioFile(path.toStdString());
    } catch (const std::exception& e) {
        RunSetup failed;
        failed.problems = errorLines(e);
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
