#pragma once

#include "engine/base/InputIssue.h"

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace spare {

// How many problems an input-error message lists before "... and K more problems": enough to fix a
// file in one go, short enough that a file of 200k bad keys does not flood the terminal.
inline constexpr std::size_t kMaxListedProblems = 50;

// The longest origin or key path, and problem, a line shows whole; longer ones keep their two ends.
inline constexpr std::size_t kMostShownKeyPath = 300;
inline constexpr std::size_t kMostShownProblem = 2000;

// A value from a file as a message shows it: its first `most` characters, then "..." when cut.
std::string excerpt(std::string_view text, std::size_t most = 200);

// "ORIGIN: KEY: problem", leaving out an empty origin or key path.
std::string issueLine(const InputIssue& issue);

// One issueLine() per issue (at most kMaxListedProblems), then "ORIGIN: ... and K more problems"
// (the first issue's origin) when some were left out.
std::vector<std::string> problemListLines(const std::vector<InputIssue>& issues);

// problemListLines() joined by newlines: an InputError's what().
std::string problemListMessage(const std::vector<InputIssue>& issues);

// Problems found in `origin` that carry their own place in the text ("line 3: ...").
std::vector<InputIssue> issuesIn(const std::string& origin, std::vector<std::string> problems);

// `issues` found in `origin` (validateScenario's, a file's lines): each issue's origin set to it.
std::vector<InputIssue> withOrigin(std::vector<InputIssue> issues, const std::string& origin);

// The issues of a file named at `keyPath` in `origin` (a layout file at "cluster.layout" of a scenario),
// as issues of that key: each keeps its value, and its problem is the inner issue's line (the file, its
// place and the problem).
std::vector<InputIssue> issuesUnder(const std::string& origin, const std::string& keyPath,
                                    const std::vector<InputIssue>& inner);

}  // namespace spare
