#include "timeline/TimelineViewport.h"

#include <algorithm>

namespace spare {

void TimelineViewport::setRunEnd(double end)
{
    runEnd_ = std::max(0.0, end);
    if (followsRun_) {
        start_ = 0.0;
        span_ = runEnd_;
    }
    clampWindow();
    if (selection_)
        select(selection_->first, selection_->second);
}

void TimelineViewport::setWidth(double pixels)
{
    width_ = std::max(1.0, pixels);
}

double TimelineViewport::timeAt(double x) const
{
    return start_ + span_ * x / width_;
}

double TimelineViewport::xAt(double time) const
{
    return span_ > 0.0 ? (time - start_) / span_ * width_ : 0.0;
}

void TimelineViewport::zoomAround(double time, double factor)
{
    if (!(factor > 0.0) || span_ <= 0.0)
        return;
    const double newSpan = std::clamp(span_ / factor, std::min(kMinSpanS, runEnd_), runEnd_);
    start_ = time - (time - start_) * newSpan / span_;
    span_ = newSpan;
    followsRun_ = span_ >= runEnd_;
    clampWindow();
}

void TimelineViewport::panBy(double seconds)
{
    moveTo(start_ + seconds);
}

void TimelineViewport::moveTo(double start)
{
    start_ = start;
    clampWindow();
}

void TimelineViewport::showWholeRun()
{
    followsRun_ = true;
    setRunEnd(runEnd_);
}

void TimelineViewport::select(double from, double to)
{
    const double a = std::clamp(std::min(from, to), 0.0, runEnd_);
    const double b = std::clamp(std::max(from, to), 0.0, runEnd_);
    if (b > a)
        selection_ = std::pair{a, b};
    else
        selection_.reset();
}

void TimelineViewport::clampWindow()
{
    span_ = std::min(span_, runEnd_);
    start_ = std::clamp(start_, 0.0, runEnd_ - span_);
}

}  // namespace spare
