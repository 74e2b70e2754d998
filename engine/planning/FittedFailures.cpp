#include "engine/planning/FittedFailures.h"

#include "engine/base/InputError.h"

#include <nlohmann/json.hpp>

namespace spare {

std::vector<std::string> FittedFailures::keys()
{
    return {"failures.model", "failures.system_mtbf_s", "failures.weibull_shape", "failures.start", "failures.trace"};
}

nlohmann::json fittedFailuresToJson(const FittedFailures& fitted)
{
    nlohmann::json out = nlohmann::json::object();
    out["model"] = failureModelName(fitted.model);
    out["system_mtbf_s"] = fitted.systemMtbfS;
    out["start"] = clockStartName(fitted.start);
    if (fitted.weibullShape)
        out["weibull_shape"] = *fitted.weibullShape;
    return out;
}

Scenario withFittedFailures(const Scenario& base, const FittedFailures& fitted)
{
    Scenario s = base;
    s.failureModel = fitted.model;
    s.systemMtbfS = fitted.systemMtbfS;
    s.clockStart = fitted.start;
    if (fitted.weibullShape)
        s.weibullShape = *fitted.weibullShape;
    s.failureTrace.clear();
    const std::vector<ScenarioIssue> problems = validateScenario(s);
    if (!problems.empty()) {
        std::vector<InputIssue> issues;
        for (const ScenarioIssue& problem : problems)
            issues.push_back({"the fitted scenario", problem.key, problem.message});
        throw ScenarioError(std::move(issues));
    }
    return s;
}

}  // namespace spare
