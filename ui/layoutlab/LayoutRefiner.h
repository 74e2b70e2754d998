#pragma once

#include "ui/base/JobRunner.h"
#include "ui/layoutlab/LayoutLabSettings.h"
#include "ui/layoutlab/LayoutRefinement.h"

#include <QObject>

#include <atomic>
#include <functional>
#include <memory>
#include <vector>

namespace spare {

class Layout;

// One layout for the worker: its LayoutCandidate::key and whether its exact mu exists.
struct LayoutRefineTask {
    QString key;
    std::shared_ptr<const Layout> layout;
    bool exactMu = false;
};

// Refines layouts in the background: exact mu where the closed form exists, then the Monte-Carlo
// (settings.trials trials, seed settings.seed), one layout after another on a worker thread. Results
// and progress reach the GUI thread as queued calls carrying values. start() cancels the job that
// runs (its late results are dropped); nothing here waits for a worker except the destructor, which
// cancels and joins it.
class LayoutRefiner : public QObject {
    Q_OBJECT
public:
    explicit LayoutRefiner(QObject* parent = nullptr);

    // The computation of one task, as the worker runs it; the headless exports call it directly.
    static LayoutRefinement refine(const LayoutRefineTask& task, const LayoutLabSettings& settings,
                                   const std::atomic<bool>& cancel,
                                   const std::function<void(std::uint64_t trialsDone)>& progress = {});

    void start(std::vector<LayoutRefineTask> tasks, const LayoutLabSettings& settings);
    void cancel();
    bool running() const { return runner_.running(); }

signals:
    void refined(const spare::LayoutRefinement& refinement);
    void progress(quint64 done, quint64 total);
    void finished(bool cancelled);

private:
    JobRunner<bool> runner_{this, QStringLiteral("spare-layout-refine")};  // the outcome: cancelled
};

}  // namespace spare
