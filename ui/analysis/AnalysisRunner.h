#pragma once

#include "engine/study/AnalysisRequest.h"
#include "engine/study/AnalysisResults.h"
#include "engine/study/AnalysisStudy.h"
#include "ui/base/JobRunner.h"

#include <QHash>
#include <QObject>

namespace spare {

// Runs the engine's AnalysisStudy on a worker thread and delivers its partial results to the GUI thread
// through queued calls (values only cross threads). Complete results are cached per request key, so
// returning to a scenario shows its charts at once. Starting a new request cancels the running one.
class AnalysisRunner : public QObject {
    Q_OBJECT
public:
    explicit AnalysisRunner(QObject* parent = nullptr);

    void start(const AnalysisRequest& request);
    // The computation stops at its next unit; what it has is delivered.
    void cancel() { runner_.cancel(); }
    bool running() const { return runner_.running(); }
    const AnalysisRequest& request() const { return request_; }
    const AnalysisResults& results() const { return results_; }
    bool cached(const AnalysisRequest& request) const { return cache_.contains(QString::fromStdString(request.cacheKey())); }

signals:
    void updated(const spare::AnalysisResults& results, const spare::AnalysisProgress& progress);
    void finished(const spare::AnalysisResults& results);

private:
    void finish(const AnalysisResults& results);

    AnalysisRequest request_;
    AnalysisResults results_;
    QHash<QString, AnalysisResults> cache_;
    JobRunner<AnalysisResults> runner_{this, QStringLiteral("spare-analysis")};  // last member
};

}  // namespace spare
