#include "engine/base/ProblemList.h"

#include <fmt/core.h>
#include <fmt/format.h>

#include <algorithm>

namespace spare {

namespace {

// A part of a message as shown: a key path 1 MB deep (a file of '[') keeps its two ends.
std::string bounded(const std::string& text, std::size_t most)
{
    if (text.size() <= most)
        return text;
    return fmt::format("{}...({} characters)...{}", text.substr(0, most / 2), text.size() - most,
                       text.substr(text.size() - most / 2));
}

}  // namespace

std::string excerpt(std::string_view text, std::size_t most)
{
    return text.size() <= most ? std::string(text) : std::string(text.substr(0, most)) + "...";
}

std::string issueLine(const InputIssue& issue)
{
    std::string line;
    for (const std::string* part : {&issue.origin, &issue.keyPath})
        if (!part->empty())
            line += bounded(*part, kMostShownKeyPath) + ": ";
    return line + bounded(issue.problem, kMostShownProblem);
}

std::vector<std::string> problemListLines(const std::vector<InputIssue>& issues)
{
    std::vector<std::string> lines;
    for (std::size_t i = 0; i < std::min(issues.size(), kMaxListedProblems); ++i)
        lines.push_back(issueLine(issues[i]));
    if (issues.size() > kMaxListedProblems)
        lines.push_back(issueLine({issues.front().origin, {},
                                   fmt::format("... and {} more problems", issues.size() - kMaxListedProblems)}));
    return lines;
}

std::string problemListMessage(const std::vector<InputIssue>& issues)
{
    return fmt::format("{}", fmt::join(problemListLines(issues), "\n"));
}

std::vector<InputIssue> issuesIn(const std::string& origin, std::vector<std::string> problems)
{
    std::vector<InputIssue> issues;
    issues.reserve(problems.size());
    for (std::string& problem : problems)
        issues.push_back({origin, {}, std::move(problem)});
    return issues;
}

std::vector<InputIssue> withOrigin(std::vector<InputIssue> issues, const std::string& origin)
{
    for (InputIssue& issue : issues)
        issue.origin = origin;
    return issues;
}

std::vector<InputIssue> issuesUnder(const std::string& origin, const std::string& keyPath,
                                    const std::vector<InputIssue>& inner)
{
    std::vector<InputIssue> issues;
    issues.reserve(inner.size());
    for (const InputIssue& issue : inner)
        issues.push_back({origin, keyPath, issueLine(issue), issue.value});
    return issues;
}

}  // namespace spare
