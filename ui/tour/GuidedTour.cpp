#include "ui/tour/GuidedTour.h"

#include "ui/studio/CurrentRun.h"
#include "ui/timeline/TimelineWidget.h"
#include "ui/tour/TourController.h"
#include "ui/tour/TourScript.h"
#include "ui/views/ClusterView.h"
#include "ui/views/StackView.h"

#include <QMainWindow>
#include <QMenu>
#include <QMessageBox>
#include <QTabWidget>

namespace spare {

GuidedTour::GuidedTour(const StudioContext& context)
    : QObject(context.window),
      window_(context.window),
      tabs_(context.tabs),
      run_(context.run),
      runTab_(context.runTab),
      startRun_(context.startRun),
      runUntil_(context.runUntil)
{
    setObjectName(QStringLiteral("guidedTour"));
    context.menus.help->addAction(tr("Guided &tour"), this, &GuidedTour::start);
}

GuidedTour::~GuidedTour() = default;

TourController* GuidedTour::tour()
{
    if (!tour_) {
        tour_ = new TourController(TourScript::load(), this, window_, this);
        connect(tour_, &TourController::finished, this, &GuidedTour::restoreUserScenario);
    }
    return tour_;
}

void GuidedTour::start()
{
    try {
        tour()->start();
    } catch (const std::exception& e) {
        QMessageBox::warning(window_, tr("Guided tour"), QString::fromUtf8(e.what()));
    }
}

void GuidedTour::showTourState(const Scenario& scenario, const std::vector<TraceFailure>& trace, const TourState& state)
{
    if (!userScenario_ && run_->hasScenario()) {
        userScenario_ = run_->scenario();
        userTrace_ = run_->trace();
    }
    tabs_->setCurrentIndex(0);
    // The tour's trace goes to the run in memory: no file, and the editor keeps the user's scenario.
    if (!(run_->scenario() == scenario))
        startRun_(scenario, trace);
    RunUntil until;
    until.kind = RunUntil::Kind::Time;
    until.value = state.timeS;
    runUntil_(until, [] {}, true);  // a step on a decision shows its moves
}

void GuidedTour::restoreUserScenario()
{
    if (userScenario_)
        startRun_(*userScenario_, userTrace_);
    userScenario_.reset();
    userTrace_.reset();
}

QWidget* GuidedTour::tourTarget(const QString& name)
{
    if (name == QLatin1String("cluster"))
        return runTab_.cluster;
    if (name == QLatin1String("stack"))
        return runTab_.stack;
    if (name == QLatin1String("timeline"))
        return runTab_.timeline;
    return nullptr;
}

QRect GuidedTour::tourFocus(const QString& name, const TourState& state)
{
    // A step on a failure points at the failed group's row of the cluster view.
    if (name == QLatin1String("cluster") && state.event.kind == EventKind::Failure && state.event.group >= 0)
        return runTab_.cluster->groupRect(state.event.group);
    // A step on a decision that moved cells points at the first moved cell, where it landed.
    if (name == QLatin1String("stack") && state.event.decision && !state.event.decision->stackMoves.empty()) {
        const StackMove& move = state.event.decision->stackMoves.front();
        return runTab_.stack->cellGeometry(move.group, move.toPosition);
    }
    return {};
}

}  // namespace spare
