#pragma once

#include "engine/sim/FailureTrace.h"
#include "engine/sim/Scenario.h"
#include "ui/tour/TourStep.h"

#include <QString>
#include <QVector>

namespace spare {

// The guided tour as read from resources (offline): the teaching scenario, its failure trace and the
// steps with their captions. Throws InputError naming the file and key when something is malformed.
class TourScript {
public:
    static constexpr const char* kDefaultPath = ":/tour/tour.json";

    static TourScript load(const QString& path = QString::fromLatin1(kDefaultPath));

    const Scenario& scenario() const { return scenario_; }
    const std::vector<TraceFailure>& trace() const { return trace_; }
    const QVector<TourStep>& steps() const { return steps_; }

private:
    Scenario scenario_;
    std::vector<TraceFailure> trace_;
    QVector<TourStep> steps_;
};

}  // namespace spare
