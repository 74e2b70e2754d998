#pragma once

#include <QString>

#include <optional>

namespace spare {

// Which event of the tour run a step shows: the `occurrence`-th event (1-based) of kind `event`
// (an eventKindName(), or "start" for time 0) that also matches the optional decision filters.
struct TourSeek {
    QString event = QStringLiteral("start");
    int occurrence = 1;
    std::optional<int> phase;     // ReorderDecision::Phase as a number
    std::optional<int> minMoves;  // decision moved at least this many types
    std::optional<bool> wipeout;
};

// One page of the guided tour (resources/tour/tour.json).
struct TourStep {
    QString title;
    QString captionHtml;  // loaded from the step's caption file
    QString target;       // the view the arrow points at: "cluster", "stack", "timeline" or "" (none)
    TourSeek seek;
};

}  // namespace spare
