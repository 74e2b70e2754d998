#include "ui/tour/TourController.h"

#include "ui/tour/TourHost.h"
#include "ui/tour/TourOverlay.h"
#include "ui/tour/TourStateFinder.h"

namespace spare {

TourController::TourController(TourScript script, TourHost* host, QWidget* window, QObject* parent)
    : QObject(parent), script_(std::move(script)), host_(host), window_(window),
      states_(static_cast<std::size_t>(script_.steps().size()))
{
}

TourController::~TourController()
{
    delete overlay_.data();
}

const TourState& TourController::state(int index)
{
    std::optional<TourState>& slot = states_.at(static_cast<std::size_t>(index));
    if (!slot)
        slot = TourStateFinder::find(script_.scenario(), script_.trace(), script_.steps()[index].seek);
    return *slot;
}

void TourController::start()
{
    if (!overlay_ && window_) {
        overlay_ = new TourOverlay(window_);
        connect(overlay_, &TourOverlay::nextRequested, this, &TourController::next);
        connect(overlay_, &TourOverlay::previousRequested, this, &TourController::previous);
        connect(overlay_, &TourOverlay::closeRequested, this, &TourController::stop);
    }
    show(0);
}

void TourController::next()
{
    if (index_ + 1 >= stepCount()) {
        stop();
        return;
    }
    show(index_ + 1);
}

void TourController::previous()
{
    if (index_ > 0)
        show(index_ - 1);
}

void TourController::stop()
{
    if (index_ < 0)
        return;
    index_ = -1;
    if (overlay_)
        overlay_->hide();
    emit finished();
}

void TourController::show(int index)
{
    index_ = index;
    const TourStep& step = script_.steps()[index];
    const TourState& prepared = state(index);
    QWidget* target = nullptr;
    if (host_) {
        host_->showTourState(script_.scenario(), script_.trace(), prepared);
        target = host_->tourTarget(step.target);
    }
    // Asked at every repaint: the cell a decision moved is known once the run has reached it.
    auto focus = [this, index, name = step.target] { return host_ ? host_->tourFocus(name, state(index)) : QRect(); };
    if (overlay_)
        overlay_->showStep(index, stepCount(), step.title, step.captionHtml, target, focus);
    emit stepShown(index);
}

}  // namespace spare
