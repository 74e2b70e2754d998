#include "ui/timeline/TimelineViewport.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace spare {

void TimelineViewport::setRunEnd(double end)
{
    runEnd_ = std::max(0.0, end);
    if (followsRun_) {
        start_ = 0.0;
        span_ = defaultEnd();
    }
    clampWindow();
    if (selection_)
        select(selection_->first, selection_->second);
}

void TimelineViewport::setDefaultEnd(std::optional<double> end)
{
    defaultEnd_ = end;
    setRunEnd(runEnd_);
}

double TimelineViewport::defaultEnd() const
{
    return defaultEnd_ && *defaultEnd_ > 0.0 ? std::min(*defaultEnd_, runEnd_) : runEnd_;
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
    followsRun_ = span_ >= runEnd_ && defaultEnd() >= runEnd_;
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

void TimelineViewport::showDefaultView()
{
    followsRun_ = true;
    setRunEnd(runEnd_);
}

double TimelineViewport::tickStep(double atLeastS)
{
    if (!(atLeastS > 0.0))
        return 1.0;
    if (atLeastS < 1.0) {
        const double decade = std::pow(10.0, std::floor(std::log10(atLeastS)));
        for (double m : {1.0, 2.0, 5.0, 10.0})
            if (m * decade >= atLeastS)
                return m * decade;
    }
    static constexpr std::array<double, 17> kSteps{1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800,
                                                   3600, 7200, 10800, 21600, 43200};
    for (double step : kSteps)
        if (step >= atLeastS)
            return step;
    return 86400.0 * std::ceil(atLeastS / 86400.0);
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
