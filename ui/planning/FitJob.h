#pragma once

#include "engine/planning/FailureClustering.h"
#include "engine/planning/FailureLog.h"
#include "engine/planning/FailureLogFits.h"
#include "ui/base/JobRunner.h"
#include "ui/planning/FitRequest.h"

#include <QObject>
#include <QString>

#include <memory>

namespace spare {

// What reading and fitting a failure log gave: immutable, shared with the charts and the report.
struct FitOutcome {
    FitRequest request;
    std::shared_ptr<const FailureLog> log;
    std::shared_ptr<const FailureLogFits> fits;
    std::shared_ptr<const FailureClustering> clustering;  // with a location column
    bool cancelled = false;
    QString error;  // the reader's or fitter's message ("FILE: line L, column C (NAME): ...")

    bool ok() const { return error.isEmpty() && !cancelled && fits; }
};

// Reads a failure log, fits every lifetime family (with the bootstrap p-values) and, with locations,
// measures clustering, by runFailureLogStudy (the pipeline of spare-cli fit and Python's fit): in one
// background thread with a cancel flag; the outcome comes back in the GUI thread.
class FitJob : public QObject {
    Q_OBJECT
public:
    using QObject::QObject;

    // False when a fit is already going.
    bool start(const FitRequest& request, int threads = 0);
    void cancel() { runner_.cancel(); }
    bool isRunning() const { return runner_.running(); }

signals:
    // In the GUI thread: the stage ("reading", "bootstrap") and its progress, total 0 when unknown.
    void progressed(const QString& stage, qulonglong done, qulonglong total);
    void finished(const spare::FitOutcome& outcome);

private:
    JobRunner<FitOutcome> runner_{this, QStringLiteral("spare-fit")};
};

}  // namespace spare
