#pragma once

#include <QString>

namespace spare {

// Where spare-studio finds the shipped scenarios: <exe>/../share/spare/scenarios when installed,
// else the source tree's scenarios/.
class StudioPaths {
public:
    static QString scenarioDirectory();
    static QString defaultScenario();  // scenarios/teaching-12.json
};

}  // namespace spare
