#include "ui/export/AnimationExportDialog.h"

#include "ui/base/StudioPaths.h"
#include "ui/base/ViewState.h"
#include "ui/export/AnimationExporter.h"
#include "ui/export/ExportLocation.h"
#include "ui/playback/PlaybackClock.h"
#include "ui/playback/PlaybackCursor.h"

#include <QDialogButtonBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QToolButton>

#include <algorithm>

namespace spare {

namespace {

QDoubleSpinBox* secondsBox(double value)
{
    auto* box = new QDoubleSpinBox;
    box->setRange(0.0, 1e12);
    box->setDecimals(1);
    box->setSuffix(QStringLiteral(" s"));
    box->setValue(value);
    return box;
}

QSpinBox* intBox(int low, int high, int value)
{
    auto* box = new QSpinBox;
    box->setRange(low, high);
    box->setValue(value);
    return box;
}

}  // namespace

AnimationExportDialog::AnimationExportDialog(QWidget* parent, PlaybackCursor* cursor, const PlaybackClock* clock,
                                             const ViewState* viewState)
    : QDialog(parent), cursor_(cursor), viewState_(viewState)
{
    setWindowTitle(tr("Export animation"));
    setObjectName(QStringLiteral("animationExportDialog"));
    const AnimationRequest defaults;
    const double now = clock->time();
    path_ = new QLineEdit(ExportLocation::suggest(QString::fromStdString(cursor->scenario().name), QStringLiteral("animation"),
                                                  QStringLiteral("mp4")));
    auto* browse = new QToolButton;
    browse->setText(tr("..."));
    connect(browse, &QToolButton::clicked, this, &AnimationExportDialog::chooseFile);
    auto* file = new QHBoxLayout;
    file->addWidget(path_, 1);
    file->addWidget(browse);
    // Ten seconds of video from the moment on screen, within the run when its end is known.
    const Recording& recording = cursor->recording();
    const double tenSeconds = now + 10.0 * clock->speed();
    from_ = secondsBox(now);
    to_ = secondsBox(recording.complete() ? std::min(tenSeconds, recording.endTime()) : tenSeconds);
    width_ = intBox(AnimationRequest::kMinWidth, AnimationRequest::kMaxWidth, defaults.size.width());
    height_ = intBox(AnimationRequest::kMinHeight, AnimationRequest::kMaxHeight, defaults.size.height());
    for (QSpinBox* box : {width_, height_})
        box->setSingleStep(2);
    auto* size = new QHBoxLayout;
    size->addWidget(width_);
    size->addWidget(new QLabel(tr("x")));
    size->addWidget(height_);
    fps_ = intBox(AnimationRequest::kMinFps, AnimationRequest::kMaxFps, defaults.fps);
    speed_ = new QDoubleSpinBox;
    speed_->setRange(PlaybackClock::kMinSpeed, PlaybackClock::kMaxSpeed);
    speed_->setDecimals(0);
    speed_->setSuffix(QStringLiteral("x"));
    speed_->setValue(clock->speed());
    path_->setObjectName(QStringLiteral("animationPath"));
    from_->setObjectName(QStringLiteral("animationFrom"));
    to_->setObjectName(QStringLiteral("animationTo"));
    speed_->setObjectName(QStringLiteral("animationSpeed"));
    speed_->setToolTip(tr("Simulated seconds per second of video, as the playback speed"));

    // Rows holding a layout need a buddy for their access key.
    const auto labelFor = [](const QString& text, QWidget* buddy) {
        auto* label = new QLabel(text);
        label->setBuddy(buddy);
        return label;
    };
    auto* form = new QFormLayout;
    form->addRow(labelFor(tr("&File (.mp4, .gif or .png strip):"), path_), file);
    form->addRow(tr("F&rom (simulated):"), from_);
    form->addRow(tr("&To (simulated):"), to_);
    form->addRow(labelFor(tr("&Size (pixels):"), width_), size);
    form->addRow(tr("Frames per &second:"), fps_);
    form->addRow(tr("S&peed:"), speed_);
    progress_ = new QProgressBar;
    progress_->setValue(0);
    message_ = new QLabel;
    message_->setWordWrap(true);
    message_->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    exportButton_ = buttons->addButton(tr("&Export"), QDialogButtonBox::ActionRole);
    cancelButton_ = buttons->addButton(tr("&Cancel export"), QDialogButtonBox::ActionRole);
    connect(exportButton_, &QPushButton::clicked, this, &AnimationExportDialog::startExport);
    connect(cancelButton_, &QPushButton::clicked, this, &AnimationExportDialog::cancelExport);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::close);
    auto* column = new QVBoxLayout(this);
    column->addLayout(form);
    column->addWidget(progress_);
    column->addWidget(message_);
    column->addWidget(buttons);
    setRunning(false);
}

void AnimationExportDialog::chooseFile()
{
    const QString path = QFileDialog::getSaveFileName(this, tr("Export animation"), path_->text(),
                                                      tr("MP4 video (*.mp4);;Animated GIF (*.gif);;Frame strip (*.png)"));
    if (!path.isEmpty())
        path_->setText(path);
    ExportLocation::remember(path);
}

void AnimationExportDialog::startExport()
{
    if (exporter_)
        return;
    AnimationRequest request;
    request.path = path_->text();
    if (const auto format = AnimationRequest::formatForPath(request.path))
        request.format = *format;
    request.fromS = from_->value();
    request.toS = to_->value();
    request.size = QSize(width_->value(), height_->value());
    request.fps = fps_->value();
    request.speed = speed_->value();
    if (!viewState_->followsAction()) {
        request.stackFirst = viewState_->stackFirst();
        request.stackLast = viewState_->stackLast();
    }
    const QString problem = request.problem();
    if (!problem.isEmpty()) {
        message_->setText(problem);
        return;
    }
    exporter_ = new AnimationExporter(cursor_, request, this);
    connect(exporter_, &AnimationExporter::progress, this, [this](int encoded, int frames) {
        progress_->setRange(0, frames);
        progress_->setValue(encoded);
    });
    connect(exporter_, &AnimationExporter::finished, this, [this](bool, const QString& message) {
        message_->setText(message);
        exporter_->deleteLater();
        exporter_ = nullptr;
        setRunning(false);
    });
    message_->setText(tr("Exporting %n frame(s)...", nullptr, request.frameCount()));
    progress_->setRange(0, request.frameCount());
    progress_->setValue(0);
    setRunning(true);
    exporter_->start();
}

void AnimationExportDialog::cancelExport()
{
    if (exporter_)
        exporter_->cancel();
}

void AnimationExportDialog::setRunning(bool running)
{
    exportButton_->setEnabled(!running);
    cancelButton_->setEnabled(running);
}

}  // namespace spare
