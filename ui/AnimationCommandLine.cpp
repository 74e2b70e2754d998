#include "ui/AnimationCommandLine.h"

#include "ui/MainWindow.h"
#include "ui/export/AnimationExporter.h"
#include "ui/playback/PlaybackCursor.h"

#include <cstdio>

namespace spare {

namespace {

void printLine(const QString& message)
{
    std::fprintf(stderr, "spare-studio: %s\n", qUtf8Printable(message));
}

constexpr qint64 kReportEveryMs = 2000;

}  // namespace

AnimationCommandLine::AnimationCommandLine(MainWindow* window, const AnimationRequest& request, std::function<void(int)> done)
    : QObject(window), window_(window), request_(request), done_(std::move(done))
{
}

void AnimationCommandLine::start()
{
    window_->runUntil(RunUntil{RunUntil::Kind::Time, request_.toS}, [this] { exportNow(); });
}

void AnimationCommandLine::exportNow()
{
    const Recording& recording = window_->cursor()->recording();
    if (recording.endTime() < request_.toS) {
        printLine(tr("--to '%1': the run ends at %2 s simulated; allowed --from < --to <= %2").arg(request_.toS).arg(recording.endTime()));
        return done_(2);
    }
    auto* exporter = new AnimationExporter(window_->cursor(), request_, this);
    connect(exporter, &AnimationExporter::progress, this, &AnimationCommandLine::reportProgress);
    connect(exporter, &AnimationExporter::finished, this, [this](bool written, const QString& message) {
        printLine(message);
        done_(written ? 0 : 1);
    });
    elapsed_.start();
    exporter->start();
}

void AnimationCommandLine::reportProgress(int encoded, int frames)
{
    if (encoded < frames && elapsed_.elapsed() - lastReportMs_ < kReportEveryMs)
        return;
    lastReportMs_ = elapsed_.elapsed();
    const double seconds = static_cast<double>(elapsed_.elapsed()) / 1000.0;
    printLine(tr("animation: %1/%2 frames (%3 frames/s)").arg(encoded).arg(frames).arg(seconds > 0.0 ? encoded / seconds : 0.0, 0, 'f', 1));
}

}  // namespace spare
