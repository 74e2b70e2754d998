#include "io/ProblemList.h"

#include <fmt/core.h>

#include <algorithm>

namespace spare {

std::string problemListMessage(const std::string& origin, const std::vector<std::string>& problems)
{
    std::string message;
    for (std::size_t i = 0; i < std::min(problems.size(), kMaxListedProblems); ++i)
        message += fmt::format("{}{}: {}", i == 0 ? "" : "\n", origin, problems[i]);
    if (problems.size() > kMaxListedProblems)
        message += fmt::format("\n{}: ... and {} more problems", origin, problems.size() - kMaxListedProblems);
    return message;
}

}  // namespace spare
