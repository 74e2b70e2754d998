#pragma once

#include "engine/base/InputError.h"
#include "engine/sim/ScenarioJson.h"

#include <string>

namespace spare {

// Loads scenario JSON text that must be refused. Empty when it is refused with an issue at `key`;
// otherwise what happened instead (for the test's message).
inline std::string scenarioRefusalAt(const std::string& json, const std::string& key)
{
    try {
        scenarioFromJsonText(json, "test.json", "");
    } catch (const InputError& e) {
        for (const InputIssue& issue : e.issues())
            if (issue.keyPath == key)
                return {};
        return e.what();
    }
    return "accepted";
}

}  // namespace spare
