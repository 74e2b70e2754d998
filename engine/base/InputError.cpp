#include "engine/base/InputError.h"

#include "engine/base/ProblemList.h"

namespace spare {

InputError::InputError(const std::string& message)
    : std::runtime_error(message),
      issues_(std::make_shared<const std::vector<InputIssue>>(std::vector<InputIssue>{{{}, {}, message}}))
{
}

InputError::InputError(std::vector<InputIssue> issues)
    : std::runtime_error(problemListMessage(issues)),
      issues_(std::make_shared<const std::vector<InputIssue>>(std::move(issues)))
{
}

std::vector<InputIssue> issuesAtKey(const std::exception& error, const std::string& origin,
                                    const std::string& keyPath)
{
    const auto* input = dynamic_cast<const InputError*>(&error);
    if (input == nullptr)
        return {{origin, keyPath, error.what()}};
    std::vector<InputIssue> issues;
    for (const InputIssue& issue : input->issues()) {
        if (issue.keyPath == keyPath)
            issues.push_back({origin, keyPath, issue.problem, issue.value});
        else
            issues.push_back(issuesUnder(origin, keyPath, {issue}).front());
    }
    return issues;
}

}  // namespace spare
