#pragma once

#include <QElapsedTimer>
#include <QObject>
#include <QString>
#include <QTimer>

#include <vector>

namespace spare {

class PlaybackCursor;

// One simulated clock driving one or more cursors (the Run tab has one, the Race tab three):
// simulated seconds advance at `speed` x real time while playing.
class PlaybackClock : public QObject {
    Q_OBJECT
public:
    static constexpr double kMinSpeed = 1.0;
    static constexpr double kMaxSpeed = 1e6;

    explicit PlaybackClock(QObject* parent = nullptr);

    // The clock drives the cursor; recordingGrew() relays the cursor's.
    void addCursor(PlaybackCursor* cursor);
    void removeCursor(PlaybackCursor* cursor);
    const std::vector<PlaybackCursor*>& cursors() const { return cursors_; }
    bool playing() const { return timer_.isActive(); }
    double speed() const { return speed_; }
    double time() const { return time_; }
    // "1,000x", "100,000x": the speed as shown next to the sliders (whole numbers, digits grouped).
    static QString speedText(double speed);

public slots:
    void play();
    void pause();
    void togglePlay();
    void setSpeed(double speed);
    // Puts the clock at t without moving the cursors (after the cursors were moved by a seek/step).
    void syncTo(double time);
    // Seeks every cursor to t.
    void seek(double time);
    // Pauses and moves every cursor to the time of the next event any of them has recorded (so each
    // event plays, animated, in time order across the cursors); false when none is recorded yet.
    bool stepForward();
    // Pauses and moves every cursor to just before the latest event any of them has applied; false at
    // the start.
    bool stepBackward();

signals:
    // One of the cursors' recordings grew.
    void recordingGrew();
    void playingChanged(bool playing);
    void speedChanged(double speed);
    void ticked(double time);
    // The cursors jumped to `time` (a seek, not playback).
    void seeked(double time);

private:
    void tick();

    QTimer timer_;
    QElapsedTimer wall_;
    std::vector<PlaybackCursor*> cursors_;
    double speed_ = 1000.0;
    double time_ = 0.0;
};

}  // namespace spare
