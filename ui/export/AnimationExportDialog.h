#pragma once

#include "ui/export/AnimationExporter.h"

#include <QDialog>
#include <QPointer>

class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QSpinBox;

namespace spare {

class PlaybackClock;
class PlaybackCursor;
class ViewState;

// File > Export animation: a window of the current run as MP4 or GIF (from, to, size, fps, speed) in the
// background, with progress and cancel. Not modal: playback goes on while it exports. Closing it cancels.
class AnimationExportDialog : public QDialog {
    Q_OBJECT
public:
    // Exports from `cursor`'s run; the clock gives the defaults (now, speed), the view state the framing.
    AnimationExportDialog(QWidget* parent, PlaybackCursor* cursor, const PlaybackClock* clock, const ViewState* viewState);

    // The export running now (nullptr when none).
    AnimationExporter* exporter() const { return exporter_; }

public slots:
    void startExport();
    void cancelExport();

private:
    void chooseFile();
    void setRunning(bool running);

    PlaybackCursor* cursor_;
    const ViewState* viewState_;
    QLineEdit* path_ = nullptr;
    QDoubleSpinBox* from_ = nullptr;
    QDoubleSpinBox* to_ = nullptr;
    QSpinBox* width_ = nullptr;
    QSpinBox* height_ = nullptr;
    QSpinBox* fps_ = nullptr;
    QDoubleSpinBox* speed_ = nullptr;
    QProgressBar* progress_ = nullptr;
    QLabel* message_ = nullptr;
    QPushButton* exportButton_ = nullptr;
    QPushButton* cancelButton_ = nullptr;
    QPointer<AnimationExporter> exporter_;
};

}  // namespace spare
