#pragma once

#include "ui/export/AnimationRequest.h"

#include <QElapsedTimer>
#include <QObject>

#include <functional>

namespace spare {

class MainWindow;

// --export-animation: waits (without blocking) until the window's run has been simulated up to --to,
// exports that window of the run, reports progress on stderr (every two seconds and at the end) and
// calls `done` with the exit code: 0 written, 1 I/O or encoder error, 2 --to beyond the end of the run.
class AnimationCommandLine : public QObject {
    Q_OBJECT
public:
    AnimationCommandLine(MainWindow* window, const AnimationRequest& request, std::function<void(int)> done);
    void start();

private:
    void exportNow();
    void reportProgress(int encoded, int frames);

    MainWindow* window_;
    AnimationRequest request_;
    std::function<void(int)> done_;
    QElapsedTimer elapsed_;
    qint64 lastReportMs_ = 0;
};

}  // namespace spare
