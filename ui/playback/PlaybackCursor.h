#pragma once

#include "engine/sim/PreparedRun.h"
#include "engine/sim/Recording.h"
#include "ui/playback/PlaybackState.h"

#include <QObject>

#include <functional>
#include <memory>

namespace spare {

// A position inside one recording and the state there. Moves forward by applying events and jumps by
// restoring the nearest engine snapshot and replaying the events after it. No clock of its own.
class PlaybackCursor : public QObject {
    Q_OBJECT
public:
    explicit PlaybackCursor(QObject* parent = nullptr);

    // Starts over on an empty recording of this prepared run (no layout: a run that will not come).
    void reset(const PreparedRun& run);
    // The same for a scenario and its layout; the placement comes from the scenario (none when it cannot
    // be built: the view then has no domains).
    void reset(const Scenario& scenario, std::shared_ptr<const Layout> layout);
    void append(const RecordingChunkPtr& chunk);
    // Ends an incomplete recording here (a cancelled or refused run): what was recorded stays playable.
    // Returns the final chunk it appended (nullptr when the recording was already complete).
    RecordingChunkPtr endRecording(const std::string& reason);

    const Recording& recording() const { return recording_; }
    const PlaybackState& state() const { return state_; }
    const Scenario& scenario() const { return scenario_; }
    const std::shared_ptr<const Layout>& layout() const { return layout_; }
    std::size_t position() const { return position_; }  // events applied so far
    bool atEnd() const { return recording_.complete() && position_ >= recording_.eventCount(); }

    // Applies every recorded event up to simulated time t (capped at what has been recorded).
    void advanceTo(double time);
    // Applies the next event; false when none is recorded yet.
    bool stepEvent();
    // Moves to the point where exactly `count` events have been applied. With animateLast the events
    // at the time of the last one are played (eventPlayed) after a silent seek to just before them, so
    // a jump that lands on a decision shows its moves.
    void seekToEvent(std::size_t count, bool animateLast = false);
    // Moves to simulated time t (forward or backward).
    void seekToTime(double time, bool animateLast = false);
    // Lands on the next event that matches, animating it; false (nothing moves) when none.
    bool jumpToNext(const std::function<bool(const Event&)>& match);
    // Lands on the last matching event before the one applied last (so repeated calls walk back).
    bool jumpToPrevious(const std::function<bool(const Event&)>& match);
    // Undoes the last applied event; false at the start.
    bool stepBack();

signals:
    void recordingGrew();
    void stateChanged();
    // Emitted for events met while moving forward a short way (not for seeks), for animations.
    void eventPlayed(const spare::Event& event);

private:
    void applyUpTo(std::size_t count, bool animate);

    Scenario scenario_;
    std::shared_ptr<const Layout> layout_;
    std::shared_ptr<const ClusterPlacement> placement_;
    Recording recording_;
    PlaybackState state_;
    std::size_t position_ = 0;
};

}  // namespace spare
