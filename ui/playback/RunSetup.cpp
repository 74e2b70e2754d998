#include "ui/playback/RunSetup.h"

#include "engine/base/InputError.h"
#include "engine/sim/MemoryEstimate.h"
#include "engine/sim/ScenarioJson.h"
#include "ui/base/ErrorText.h"

#include <atomic>
#include <stdexcept>
#include <string>

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
    setup.issues = validateScenario(scenario);
    // The same rule as spare-cli: refuse before any work what would not fit. The window may race three
    // policies at once.
    if (setup.issues.empty())
        if (const std::string memory =
                memoryBudgetProblem(estimateRunMemory(scenario, kRacedPolicies), scenario, memoryBudget());
            !memory.empty())
            setup.issues.push_back({{}, "cluster.groups", memory, std::to_string(scenario.groups)});
    if (setup.issues.empty()) {
        PrepareOptions options;
        options.trace = std::move(trace);
        options.layoutForAnyPolicy = true;
        PreparedRun run = prepareRun(scenario, std::move(options), [&setup](const char* key, const std::exception& e) {
            if (dynamic_cast<const std::logic_error*>(&e) != nullptr)  // a bug, told as one
                setup.issues.push_back({{}, key, errorText(e).toStdString()});
            else
                for (InputIssue& issue : issuesAtKey(e, {}, key))
                    setup.issues.push_back(std::move(issue));
        });
        if (setup.issues.empty())
            setup.run = std::move(run);
    }
    setup.problems = issueLines(setup.issues);
    return setup;
}

RunSetup RunSetup::load(const QString& path, std::optional<Policy> policy, std::optional<std::uint64_t> seed)
{
    Scenario scenario;
    try {
        scenario = loadScenarioFile(path.toStdString());
    } catch (const InputError& e) {
        RunSetup failed;
        failed.issues = e.issues();
        failed.problems = issueLines(failed.issues);
        return failed;
    } catch (const std::exception& e) {
        RunSetup failed;
        failed.issues = {{path.toStdString(), {}, errorText(e).toStdString()}};
        failed.problems = issueLines(failed.issues);
        return failed;
    }
    if (policy)
        scenario.policy = *policy;
    if (seed)
        scenario.seed = *seed;
    return prepare(scenario);
}

}  // namespace spare
