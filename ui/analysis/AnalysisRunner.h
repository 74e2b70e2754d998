#pragma once

#include "analysis/AnalysisComputation.h"
#include "analysis/AnalysisRequest.h"
#include "analysis/AnalysisResults.h"

#include <QHash>
#include <QObject>

#include <atomic>
#include <memory>
#include <thread>
#include <vector>

namespace spare {

// Runs AnalysisComputation on a worker thread and delivers its partial results to the GUI thread
// through queued calls (values only cross threads). Complete results are cached per request key, so
// returning to a scenario shows its charts at once. Starting a new request cancels the running one.
class AnalysisRunner : public QObject {
    Q_OBJECT
public:
    explicit AnalysisRunner(QObject* parent = nullptr);
    ~AnalysisRunner() override;  // cancels and joins every worker

    void start(const AnalysisRequest& request);
    void cancel();
    // Takes results computed elsewhere (the scripted exports) as this request's finished results.
    void adopt(const AnalysisRequest& request, const AnalysisResults& results);
    bool running() const { return running_; }
    const AnalysisRequest& request() const { return request_; }
    const AnalysisResults& results() const { return results_; }
    bool cached(const AnalysisRequest& request) const { return cache_.contains(request.cacheKey()); }

signals:
    void updated(const spare::AnalysisResults& results, const spare::AnalysisProgress& progress);
    void finished(const spare::AnalysisResults& results);

private:
    struct Job {
        std::atomic<bool> cancel{false};
        std::thread thread;
    };
    void deliver(std::uint64_t generation, const AnalysisResults& results, const AnalysisProgress& progress, bool done);
    void reapFinishedJobs();

    AnalysisRequest request_;
    AnalysisResults results_;
    QHash<QString, AnalysisResults> cache_;
    std::vector<std::unique_ptr<Job>> jobs_;
    std::vector<Job*> finishedJobs_;
    std::uint64_t generation_ = 0;
    bool running_ = false;
};

}  // namespace spare
