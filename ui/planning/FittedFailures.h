#pragma once

#include "engine/sim/Scenario.h"

#include <nlohmann/json_fwd.hpp>

#include <QString>
#include <QStringList>
#include <QVector>

#include <utility>

namespace spare {

// A fitted "failures" section applied to a scenario, and what that changes.
class FittedFailures {
public:
    // "failures.KEY: old -> new" for every failures key that differs.
    static QStringList changes(const Scenario& before, const Scenario& after);
    // The scenario editor's failures fields that withFittedFailures() sets, with `scenario`'s values as the editor
    // reads them (key, text).
    static QVector<std::pair<QString, QString>> editorFields(const Scenario& scenario);
};

}  // namespace spare
