#pragma once

#include "ui/timeline/TimeRangeStatistics.h"

#include <QLabel>
#include <QStringList>

#include <vector>

namespace spare {

// The statistics of a timeline's selected time range (Perfetto's area selection), one line per run.
class TimelineSelectionPanel : public QLabel {
    Q_OBJECT
public:
    explicit TimelineSelectionPanel(QWidget* parent = nullptr);

    // `names` and `statistics` run for run; the runs share the range.
    void showStatistics(const QStringList& names, const std::vector<TimeRangeStatistics>& statistics);
};

}  // namespace spare
