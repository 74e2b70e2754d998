#include "engine/planning/FittedFailures.h"

#include "engine/base/InputError.h"
#include "engine/base/ProblemList.h"

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
    if (std::vector<InputIssue> issues = validateScenario(s); !issues.empty())
        throw ScenarioError(withOrigin(std::move(issues), "the fitted scenario"));
    return s;
}

}  // namespace spare
