#include "ui/compare/CompareIntegration.h"

#include "ui/compare/CompareView.h"
#include "ui/studio/CurrentRun.h"
#include "ui/studio/StudioContext.h"

#include <QAction>
#include <QDockWidget>
#include <QMainWindow>
#include <QMenu>
#include <QTabWidget>

namespace spare {

CompareIntegration::CompareIntegration(const StudioContext& context)
    : QObject(context.window), window_(context.window), tabs_(context.tabs), run_(context.run), view_(new CompareView)
{
    setObjectName(QStringLiteral("compareIntegration"));
    view_->setObjectName(QStringLiteral("compareView"));
    tabs_->addTab(view_, tr("Compare"));
    context.addTabClock({view_, view_->clock(), [this] { view_->stop(); }, tr("t %1")});
    connect(view_, &CompareView::runFailed, this, context.runFailed);
    connect(tabs_, &QTabWidget::currentChanged, this, [this] {
        if (tabs_->currentWidget() == view_ && !view_->started())
            showCompare();
    });
    connect(run_, &CurrentRun::changed, this, [this](const Scenario& scenario) { view_->setBase(scenario, run_->trace()); });
    context.menus.simulation->addAction(tr("&Compare two runs..."), this, &CompareIntegration::showCompare);
}

void CompareIntegration::showCompare()
{
    tabs_->setCurrentWidget(view_);
    if (!view_->started() && run_->hasScenario()) {
        view_->setBase(run_->scenario(), run_->trace());
        view_->start();
    }
}

void CompareIntegration::showSetup(const CompareSetup& setup)
{
    if (run_->hasScenario())
        view_->setBase(run_->scenario(), run_->trace());
    view_->setSetup(setup);
    showCompare();
}

void CompareIntegration::applyOptions(const std::optional<CompareSetup>& setup, bool screenshot)
{
    if (!setup)
        return;
    showSetup(*setup);
    if (screenshot)
        for (QDockWidget* dock : window_->findChildren<QDockWidget*>())
            dock->hide();
}

}  // namespace spare
