#pragma once

#include "engine/base/InputIssue.h"

#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace spare {

// The input errors, in one header (InputFile throws each kind, and every layer catches them).

// Base of every "the user gave us something invalid" error (layouts, scenarios, failure traces,
// flags). Each issue names the field, the value and the allowed range; what() is their list
// (problemListMessage) and the CLI maps it to exit 2. A broken contract inside the program is a
// std::logic_error instead.
class InputError : public std::runtime_error {
public:
    // One issue whose problem is the whole message.
    explicit InputError(const std::string& message);
    explicit InputError(std::vector<InputIssue> issues);

    // Every issue found (what() lists at most kMaxListedProblems of them).
    const std::vector<InputIssue>& issues() const { return *issues_; }

private:
    // Shared so that copying the exception cannot throw.
    std::shared_ptr<const std::vector<InputIssue>> issues_;
};

// `error`'s issues as issues of `keyPath` in `origin` (a layout file's problems as the scenario's
// "cluster.layout"): an issue already at that key keeps its problem, any other (a file's field or
// line) is nested under the key (issuesUnder); an error that is no InputError is one issue whose
// problem is its message.
std::vector<InputIssue> issuesAtKey(const std::exception& error, const std::string& origin,
                                    const std::string& keyPath);

// The kinds a caller may catch apart; each names its source in the issues it carries.

// An invalid scenario file or document: one issue per problem found (every problem, not just the
// first), each with its origin and key path; what() has one "origin: key.path: problem" line each.
class ScenarioError : public InputError {
public:
    using InputError::InputError;
};

// An invalid layout request or file; the message names the field, value and allowed range.
class LayoutError : public InputError {
public:
    using InputError::InputError;
};

// An invalid topology or placement file; the message names the key, the value and the range.
class TopologyError : public InputError {
public:
    using InputError::InputError;
};

// An invalid failure-trace file: the message names the line, the column and the value.
class FailureTraceError : public InputError {
public:
    using InputError::InputError;
};

}  // namespace spare
