#include "ui/analysis/RegimeMapRunner.h"

#include <algorithm>

namespace spare {

namespace {

constexpr std::size_t kProgressSteps = 200;  // at most this many progress calls per map

}  // namespace

RegimeMapRunner::RegimeMapRunner(QObject* parent) : QObject(parent) {}

void RegimeMapRunner::start(const Scenario& base, RegimeMapOptions options)
{
    Outcome outcome;
    outcome.base = base;
    runner_.start(std::move(outcome), [this, options = std::move(options)](Outcome& out, const auto& job) mutable {
        options.control.cancel = &job.cancelFlag();
        const RegimeMapEstimate estimate = estimateRegimeMap(out.base, options);
        const QString text = QString::fromStdString(regimeMapEstimateText(options, estimate));
        job.post([this, text] { emit estimated(text); });
        options.control.progress = [this, &job](std::size_t done, std::size_t total) {
            const std::size_t every = std::max<std::size_t>(1, total / kProgressSteps);
            if (done % every == 0 || done == total)
                job.post([this, done, total] { emit progressed(static_cast<int>(done), static_cast<int>(total)); });
        };
        out.map = runRegimeMap(out.base, options);
        out.cancelled = job.cancelled();
    }, [this](const Outcome& out) {
        const std::size_t cells = out.map.options.x.values.size() * out.map.options.y.values.size();
        const bool complete = out.error.isEmpty() && !out.cancelled && out.map.cells.size() == cells;
        if (complete) {
            map_ = out.map;
            base_ = out.base;
        }
        emit finished(complete, out.error);
    });
}

}  // namespace spare
