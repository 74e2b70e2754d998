#pragma once

#include "engine/sim/Scenario.h"

#include <nlohmann/json_fwd.hpp>

#include <QString>
#include <QStringList>
#include <QVector>

#include <utility>

namespace spare {

// What applying fitted failures (engine/planning/FittedFailures) to a scenario changes, as the Plan tab
// says it and the scenario editor takes it.
class FittedFailuresText {
public:
    // "failures.KEY: old -> new" for every failures key that differs.
    static QStringList changes(const Scenario& before, const Scenario& after);
    // The scenario editor's fields that withFittedFailures() sets (FittedFailures::keys()), with
    // `scenario`'s values as the editor reads them (key, text).
    static QVector<std::pair<QString, QString>> editorFields(const Scenario& scenario);
};

}  // namespace spare
