#pragma once

#include "ui/base/JobRunner.h"

#include <QObject>
#include <QString>

class QMainWindow;

namespace spare {

class CurrentRun;
class TimelineWidget;
struct StudioContext;

// File > Export > Run as Perfetto trace / Run as event log: asks where (a trace's window starts as the
// timeline's selected range), then writes the Run tab's run on a worker thread and tells the outcome
// in the status bar. A newer export supersedes the one that runs.
class RunExportActions : public QObject {
    Q_OBJECT
public:
    explicit RunExportActions(const StudioContext& context);

private:
    void exportInBackground(bool perfetto);
    void showResult(const QString& message);

    QMainWindow* window_;
    const CurrentRun* run_;
    TimelineWidget* timeline_;
    JobRunner<QString> runExport_{this, QStringLiteral("spare-run-export")};  // last member; the outcome: the message
};

}  // namespace spare
