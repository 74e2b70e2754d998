#include "ui/layoutlab/LayoutLabIntegration.h"

#include "engine/layout/Layout.h"
#include "engine/layout/LayoutOverlap.h"
#include "ui/charts/ChartExporter.h"
#include "ui/layoutlab/IndependenceNotice.h"
#include "ui/layoutlab/LayoutLab.h"
#include "ui/layoutlab/LayoutLabCharts.h"
#include "ui/layoutlab/LayoutLabView.h"
#include "ui/playback/PlaybackCursor.h"
#include "ui/studio/CurrentRun.h"
#include "ui/studio/StudioContext.h"

#include <QDockWidget>
#include <QLabel>
#include <QMainWindow>
#include <QStatusBar>
#include <QTabWidget>

#include <cstdio>

namespace spare {

LayoutLabIntegration::LayoutLabIntegration(const StudioContext& context)
    : QObject(context.window),
      window_(context.window),
      tabs_(context.tabs),
      run_(context.run),
      cursor_(context.cursor),
      view_(new LayoutLabView),
      notice_(new QLabel)
{
    setObjectName(QStringLiteral("layoutLabIntegration"));
    view_->setObjectName(QStringLiteral("layoutLabView"));
    tabs_->addTab(view_, tr("Layout"));
    notice_->setObjectName(QStringLiteral("layoutNotice"));
    // A red readable on light and on presentation mode's black; bold through the font (not a style
    // sheet) so that its size follows the window's.
    QPalette noticePalette = notice_->palette();
    noticePalette.setColor(QPalette::WindowText, QColor(0xe5, 0x39, 0x35));
    notice_->setPalette(noticePalette);
    QFont noticeFont = notice_->font();
    noticeFont.setBold(true);
    notice_->setFont(noticeFont);
    notice_->hide();
    window_->statusBar()->addPermanentWidget(notice_);
    connect(tabs_, &QTabWidget::currentChanged, this, [this] {
        if (tabs_->currentWidget() == view_)
            refreshLab();
    });
    // Every new run brings a new layout object: that is when the scenario changed.
    connect(cursor_, &PlaybackCursor::stateChanged, this, &LayoutLabIntegration::layoutMaybeChanged);
}

QString LayoutLabIntegration::statusNotice() const
{
    return notice_->isVisibleTo(window_) ? notice_->text() : QString();
}

void LayoutLabIntegration::layoutMaybeChanged()
{
    const Layout* layout = cursor_->state().layout();
    if (!layout || layout == shownLayout_)
        return;
    shownLayout_ = layout;
    showNotice(*layout);
    labCurrent_ = false;
    if (tabs_->currentWidget() == view_)
        refreshLab();
}

void LayoutLabIntegration::showNotice(const Layout& layout)
{
    const std::int64_t pairs = IndependenceNotice::pairsSharingSeveral(LayoutOverlap::countPairsByOverlap(layout));
    const QString text = IndependenceNotice::shortText(layout.maxOverlap(), pairs);
    notice_->setText(text);
    notice_->setToolTip(IndependenceNotice::text(QString::fromStdString(layout.name()), layout.maxOverlap(), pairs));
    notice_->setVisible(!text.isEmpty());
}

void LayoutLabIntegration::refreshLab()
{
    if (labCurrent_)
        return;
    labCurrent_ = true;
    view_->setScenario(run_->scenario());
}

bool LayoutLabIntegration::exportChart(const QString& name, const QString& path, QString* error)
{
    ChartExporter::Format format;
    if (!ChartExporter::formatForPath(path, &format)) {
        *error = QStringLiteral("--out '%1': allowed a file name ending in .png, .svg, .pdf or .csv").arg(path);
        return false;
    }
    refreshLab();
    LayoutLab* lab = view_->lab();
    if (lab->candidates().isEmpty()) {
        *error = lab->scenarioProblem();
        return false;
    }
    if (name == LayoutLabCharts::names()[0])
        lab->refineNow();
    const auto spec = LayoutLabCharts::build(name, lab->candidates(), lab->scenarioRole(), lab->settings());
    if (!spec) {
        *error = QStringLiteral("--export-chart '%1': allowed %2").arg(name, LayoutLabCharts::names().join(QStringLiteral(", ")));
        return false;
    }
    return ChartExporter::write(*spec, path, format, error);
}

void LayoutLabIntegration::applyOptions(bool layoutLab, bool screenshot)
{
    if (!layoutLab)
        return;
    tabs_->setCurrentWidget(view_);
    refreshLab();
    if (!screenshot)
        return;
    view_->lab()->refineNow();
    for (QDockWidget* dock : window_->findChildren<QDockWidget*>())
        dock->hide();
}

}  // namespace spare
