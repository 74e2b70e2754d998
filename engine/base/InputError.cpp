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

}  // namespace spare
