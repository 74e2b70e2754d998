#pragma once

#include "io/InputIssue.h"

#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace spare {

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

}  // namespace spare
