#pragma once

#include "engine/planning/RegimeMap.h"
#include "engine/sim/Scenario.h"
#include "ui/base/JobRunner.h"

#include <QObject>
#include <QString>

namespace spare {

// Runs a regime map on a worker thread (the Analysis tab's "Regime map" page): first the estimate of how
// long it will take (estimateRegimeMap), then every cell x contender x seed; progress and the outcome
// arrive on the GUI thread. Starting again abandons the running map; cancel() stops it at its runs' next
// step and keeps the previous complete map.
class RegimeMapRunner : public QObject {
    Q_OBJECT
public:
    explicit RegimeMapRunner(QObject* parent = nullptr);

    void start(const Scenario& base, RegimeMapOptions options);
    void cancel() { runner_.cancel(); }
    bool running() const { return runner_.running(); }
    // The last complete map and the scenario it was computed on (no cells before the first).
    const RegimeMap& map() const { return map_; }
    const Scenario& base() const { return base_; }

signals:
    void estimated(const QString& text);
    void progressed(int done, int total);
    // complete: every cell computed (false: cancelled, or `error` says why it stopped).
    void finished(bool complete, const QString& error);

private:
    struct Outcome {
        Scenario base;
        RegimeMap map;
        bool cancelled = false;
        QString error;
    };

    RegimeMap map_;
    Scenario base_;
    JobRunner<Outcome> runner_{this, QStringLiteral("spare-regime-map")};  // last member
};

}  // namespace spare
