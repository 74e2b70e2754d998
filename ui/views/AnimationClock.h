#pragma once

#include <QElapsedTimer>
#include <QObject>

#include <optional>

namespace spare {

// The milliseconds the views' animations run on (stack slides, failure flashes). Wall-clock time in the
// window; an animation export sets it frame by frame, so that its frames show the animations at the
// pace the window shows them.
class AnimationClock : public QObject {
    Q_OBJECT
public:
    explicit AnimationClock(QObject* parent = nullptr);

    qint64 elapsed() const;
    // From now on the clock reads `ms` (wall-clock time no longer counts) until the next call.
    void setFrameTime(qint64 ms);

signals:
    void frameTimeSet();

private:
    QElapsedTimer wall_;
    std::optional<qint64> frameTime_;
};

}  // namespace spare
