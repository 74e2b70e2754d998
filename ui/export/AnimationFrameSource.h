#pragma once

#include "engine/sim/Recording.h"

#include <QImage>
#include <QRect>
#include <QSize>

#include <memory>

class QLabel;
class QWidget;

namespace spare {

class ClusterView;
class PlaybackCursor;
class StackView;
class ViewState;

// What an animation export draws: the Run tab's cluster view above its stack view (the same widgets in
// the same proportions) and a caption with the simulated time, laid out offscreen at the export size.
// It plays its own copy of a run's recording, so the window's playback is left alone. GUI thread only.
class AnimationFrameSource {
public:
    // `source`: the cursor whose recording (and scenario and layout) the frames show.
    AnimationFrameSource(const PlaybackCursor& source, QSize size);
    ~AnimationFrameSource();
    AnimationFrameSource(const AnimationFrameSource&) = delete;
    AnimationFrameSource& operator=(const AnimationFrameSource&) = delete;

    // Takes the chunks `recording` has gained since the last call; false when it is no longer the
    // recording this source copies (the run was restarted).
    bool follow(const Recording& recording);
    const Recording& recording() const;
    // Moves to simulated time t without animating (the first frame's state).
    void seek(double time);
    // Shows groups first..last in the stack view (as picked in the window) instead of following the action.
    void pickStackRange(int first, int last);
    // Plays forward to simulated time t with the animations at `animationMs` and draws the frame.
    QImage frame(double time, qint64 animationMs);
    // Where the stack view lies in the frames.
    QRect stackViewRect() const;

private:
    std::unique_ptr<QWidget> host_;
    PlaybackCursor* cursor_ = nullptr;
    ViewState* viewState_ = nullptr;
    ClusterView* clusterView_ = nullptr;
    StackView* stackView_ = nullptr;
    QLabel* caption_ = nullptr;
};

}  // namespace spare
