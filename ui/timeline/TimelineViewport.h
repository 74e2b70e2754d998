#pragma once

#include <optional>
#include <utility>

namespace spare {

// Which stretch of a run a timeline shows, mapped onto `width` pixels, and the time range the user
// selected. The run spans [0, runEnd]; the visible window always lies inside it and is never shorter
// than kMinSpanS (or the run). The default view is [0, defaultEnd]: the whole run unless setDefaultEnd
// names an earlier end. While it is shown, the window follows it as the run grows.
class TimelineViewport {
public:
    static constexpr double kMinSpanS = 1e-3;

    void setRunEnd(double end);
    // nullopt (or 0): the default view is the whole run.
    void setDefaultEnd(std::optional<double> end);
    double defaultEnd() const;
    void setWidth(double pixels);
    double runEnd() const { return runEnd_; }
    double width() const { return width_; }
    double start() const { return start_; }
    double end() const { return start_ + span_; }
    double span() const { return span_; }

    double timeAt(double x) const;
    double xAt(double time) const;
    // Zooms by `factor` (> 1 zooms in) keeping `time` at the same x.
    void zoomAround(double time, double factor);
    // Moves the window by `seconds`, stopping at the ends of the run.
    void panBy(double seconds);
    // Puts the window's start at `start` (clamped), keeping its span.
    void moveTo(double start);
    void showDefaultView();

    // The ruler's tick step: the smallest round time step (1, 2, 5 x 10^k s below a second; 1, 2, 5, 10,
    // 15, 30 s and min; 1, 2, 3, 6, 12 h; then days) of at least `atLeastS`.
    static double tickStep(double atLeastS);

    // A range in either order; clamped to the run. An empty range clears the selection.
    void select(double from, double to);
    void clearSelection() { selection_.reset(); }
    const std::optional<std::pair<double, double>>& selection() const { return selection_; }

private:
    void clampWindow();

    double runEnd_ = 0.0;
    double width_ = 1.0;
    double start_ = 0.0;
    double span_ = 0.0;
    std::optional<double> defaultEnd_;
    bool followsRun_ = true;
    std::optional<std::pair<double, double>> selection_;
};

}  // namespace spare
