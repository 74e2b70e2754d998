#pragma once

#include <string>

namespace spare {

// One problem with something the user gave: where it is, the value found there and what is wrong with
// it. Every reader, validator and front end passes these (a scenario's key, a layout file's field, a
// trace's line), so that a front end marks the key without reading the message.
struct InputIssue {
    std::string origin;   // the file, flag or document ("scenario.json", "editor"); may be empty
    std::string keyPath;  // the key inside it ("cluster.groups", "(root)"); empty when none applies
    std::string problem;  // what is wrong, naming the value and the allowed range
    std::string value{};  // the value found, as text ("0", "gpu"); empty when none applies

    friend bool operator==(const InputIssue&, const InputIssue&) = default;
};

}  // namespace spare
