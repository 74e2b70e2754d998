#pragma once

#include <QJsonObject>
#include <QString>

namespace spare {

class MainWindow;

// --export-state: what the window shows, as JSON. {"tab", "clock_s", "stack_number", "lanes": [...]},
// one lane per run on screen (the Run tab: its run; the Race tab: its lanes, each with its "contender";
// other tabs: none), each with policy, redundancy, checkpoint_interval_steps, steps_done, total_steps, failures, restarts,
// availability, down_time_s and stack_number.
class WindowStateExporter {
public:
    static QJsonObject state(const MainWindow& window);
    // Written atomically (QSaveFile); false and *error on failure.
    static bool write(const MainWindow& window, const QString& path, QString* error);
};

}  // namespace spare
