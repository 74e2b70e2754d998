#pragma once

#include "engine/planning/PlanSpec.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace spare {

// What the planner panel asks for, as typed: the policies, the r and checkpoint candidates and the
// selection's statistics. spec() turns it into the engine's PlanSpec on a base scenario.
struct PlanRequest {
    Q_DECLARE_TR_FUNCTIONS(PlanRequest)

public:
    std::vector<Policy> policies{Policy::Spare, Policy::Rep};  // in kPolicies order
    QString redundancy = QStringLiteral("2-16");
    QString checkpoint = QStringLiteral("auto");
    double confidence = 0.95;
    QString indifference = QStringLiteral("1%");
    int firstStage = 10;
    int batch = 5;
    int maxReplicates = 2000;

    // The r candidates offered for `base` until the user types others: 2 .. min(16, groups, 64).
    static QString defaultRedundancy(const Scenario& base);

    // The spec on `base`, or nullopt with every problem in *problems, each naming the field, its
    // value and what is allowed.
    std::optional<PlanSpec> spec(const Scenario& base, QStringList* problems) const;

    // spare-cli plan with the spec's figures (the flags `spare-cli plan` prints in its report).
    static QString commandLine(const PlanSpec& spec, const QString& scenarioPath);
};

}  // namespace spare
