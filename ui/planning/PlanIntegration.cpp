#include "ui/planning/PlanIntegration.h"

#include "ui/editor/ScenarioEditor.h"
#include "ui/planning/FittedFailuresText.h"
#include "ui/planning/PlanView.h"
#include "ui/studio/CurrentRun.h"
#include "ui/studio/StudioContext.h"

#include <QAction>
#include <QFileDialog>
#include <QMainWindow>
#include <QMenu>
#include <QTabWidget>

namespace spare {

PlanIntegration::PlanIntegration(const StudioContext& context)
    : QObject(context.window), window_(context.window), tabs_(context.tabs), run_(context.run), editor_(context.editor),
      view_(new PlanView)
{
    setObjectName(QStringLiteral("planIntegration"));
    view_->setObjectName(QStringLiteral("planView"));
    tabs_->addTab(view_, tr("Plan"));
    auto* open = new QAction(tr("&Plan from a failure log..."), this);
    context.menus.file->insertAction(context.menus.exports->menuAction(), open);
    connect(open, &QAction::triggered, this, [this] {
        tabs_->setCurrentWidget(view_);
        const QString path = QFileDialog::getOpenFileName(window_, tr("Plan from a failure log"), {},
                                                          tr("Failure log (*.csv *.txt);;All files (*)"));
        if (!path.isEmpty())
            view_->openLog(path);
    });
    connect(run_, &CurrentRun::changed, this, &PlanIntegration::followScenario);
    connect(view_, &PlanView::scenarioRequested, this, &PlanIntegration::applyThroughEditor);
    if (run_->hasScenario())
        followScenario();
}

// The editor's file holds the running scenario only while nothing was applied over it unsaved.
void PlanIntegration::followScenario()
{
    const bool fromFile = !editor_->path().isEmpty() && !editor_->hasUnsavedChanges() && editor_->appliedScenario() == run_->scenario();
    view_->setScenario(run_->scenario(), fromFile ? editor_->path() : QString());
}

void PlanIntegration::applyThroughEditor(const Scenario& scenario)
{
    for (const auto& [key, text] : FittedFailuresText::editorFields(scenario))
        editor_->setFieldText(key, text);
    editor_->apply();
}

}  // namespace spare
