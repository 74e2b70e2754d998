#pragma once

#include <QString>

#include <functional>

class QWidget;

namespace spare {

class PlaybackClock;

// A tab with a playback clock of its own: while it is shown, play/pause, stepping, speed, the status
// bar and runUntil act on that clock, and Simulation > Stop simulating calls `stop`.
struct TabClock {
    QWidget* tab = nullptr;
    PlaybackClock* clock = nullptr;
    std::function<void()> stop;
    QString timeFormat;  // the status bar's time, %1 the clock's time ("t %1")
};

}  // namespace spare
