#include "ui/race/RaceIntegration.h"

#include "ui/race/RaceView.h"
#include "ui/studio/CurrentRun.h"
#include "ui/studio/StudioContext.h"

#include <QAction>
#include <QMainWindow>
#include <QMenu>
#include <QTabWidget>

namespace spare {

RaceIntegration::RaceIntegration(const StudioContext& context)
    : QObject(context.window), tabs_(context.tabs), run_(context.run), view_(new RaceView)
{
    setObjectName(QStringLiteral("raceIntegration"));
    tabs_->addTab(view_, tr("Race"));
    context.addTabClock({view_, view_->clock(), [this] { view_->stop(); }, tr("race t %1")});
    connect(view_, &RaceView::laneFailed, this, context.runFailed);
    connect(tabs_, &QTabWidget::currentChanged, this, &RaceIntegration::startIfShown);
    connect(run_, &CurrentRun::changed, this, [this](const Scenario& scenario) {
        if (view_->started())
            view_->start(scenario, run_->trace());
    });
    QAction* race = context.menus.simulation->addAction(tr("Race the polic&ies"), this, &RaceIntegration::showRace);
    race->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_T));
}

void RaceIntegration::startIfShown()
{
    if (tabs_->currentWidget() == view_ && !view_->started() && run_->hasScenario())
        view_->start(run_->scenario(), run_->trace());
}

void RaceIntegration::showRace()
{
    tabs_->setCurrentWidget(view_);
    startIfShown();
}

void RaceIntegration::showRaceOf(const Scenario& scenario, const std::vector<RegimeContender>& lanes)
{
    view_->setLanes(lanes);
    view_->start(scenario);
    tabs_->setCurrentWidget(view_);
}

}  // namespace spare
