#include "planning/PlanIntegration.h"

#include "MainWindow.h"
#include "editor/ScenarioEditor.h"
#include "planning/FittedFailures.h"
#include "planning/PlanView.h"

#include <QAction>
#include <QFileDialog>
#include <QMenu>
#include <QTabWidget>

namespace spare {

PlanIntegration::PlanIntegration(MainWindow* window) : QObject(window), window_(window), view_(new PlanView)
{
    setObjectName(QStringLiteral("planIntegration"));
    view_->setObjectName(QStringLiteral("planView"));
    window->tabs()->addTab(view_, tr("Plan"));
    auto* open = new QAction(tr("&Plan from a failure log..."), this);
    window->fileMenu()->insertAction(window->exportMenu()->menuAction(), open);
    connect(open, &QAction::triggered, this, [this] {
        window_->tabs()->setCurrentWidget(view_);
        const QString path = QFileDialog::getOpenFileName(window_, tr("Plan from a failure log"), {},
                                                          tr("Failure log (*.csv *.txt);;All files (*)"));
        if (!path.isEmpty())
            view_->openLog(path);
    });
    connect(window, &MainWindow::scenarioChanged, this, &PlanIntegration::followScenario);
    connect(view_, &PlanView::scenarioRequested, this, &PlanIntegration::applyThroughEditor);
    if (window->hasScenario())
        followScenario();
}

// The editor's file holds the running scenario only while nothing was applied over it unsaved.
void PlanIntegration::followScenario()
{
    ScenarioEditor* editor = window_->editor();
    const bool fromFile = !editor->path().isEmpty() && !editor->hasUnsavedChanges() && editor->appliedScenario() == window_->scenario();
    view_->setScenario(window_->scenario(), fromFile ? editor->path() : QString());
}

void PlanIntegration::applyThroughEditor(const Scenario& scenario)
{
    ScenarioEditor* editor = window_->editor();
    for (const auto& [key, text] : FittedFailures::editorFields(scenario))
        editor->setFieldText(key, text);
    editor->apply();
}

}  // namespace spare
