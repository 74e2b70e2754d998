#pragma once

#include <string>

namespace spare {

// One problem with something the user gave: where it is and what is wrong with it.
struct InputIssue {
    std::string origin;   // the file, flag or document ("scenario.json", "editor"); may be empty
    std::string keyPath;  // the key inside it ("cluster.groups", "(root)"); empty when none applies
    std::string problem;  // what is wrong, naming the value and the allowed range
};

}  // namespace spare
