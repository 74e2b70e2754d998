#include "compare/CompareIntegration.h"

#include "MainWindow.h"
#include "StudioOptions.h"
#include "compare/CompareView.h"

#include <QAction>
#include <QDockWidget>
#include <QMenu>
#include <QTabWidget>

namespace spare {

CompareIntegration::CompareIntegration(MainWindow* window) : QObject(window), window_(window), view_(new CompareView)
{
    setObjectName(QStringLiteral("compareIntegration"));
    view_->setObjectName(QStringLiteral("compareView"));
    window->tabs()->addTab(view_, tr("Compare"));
    window->addTabClock(view_, view_->clock(), [this] { view_->stop(); });
    connect(view_, &CompareView::runFailed, window, &MainWindow::runFailed);
    connect(window->tabs(), &QTabWidget::currentChanged, this, [this] {
        if (window_ && window_->tabs()->currentWidget() == view_ && !view_->started())
            showCompare();
    });
    connect(window, &MainWindow::scenarioChanged, this, [this](const Scenario& scenario) {
        view_->setBase(scenario, window_->trace());
    });
    window->simulationMenu()->addAction(tr("&Compare two runs..."), this, &CompareIntegration::showCompare);
}

void CompareIntegration::showCompare()
{
    if (!window_)
        return;
    window_->tabs()->setCurrentWidget(view_);
    if (!view_->started() && window_->hasScenario()) {
        view_->setBase(window_->scenario(), window_->trace());
        view_->start();
    }
}

void CompareIntegration::showSetup(const CompareSetup& setup)
{
    if (window_ && window_->hasScenario())
        view_->setBase(window_->scenario(), window_->trace());
    view_->setSetup(setup);
    showCompare();
}

void CompareIntegration::applyOptions(const StudioOptions& options)
{
    if (!options.compare)
        return;
    showSetup(*options.compare);
    if (!options.screenshotPath.isEmpty() && window_)
        for (QDockWidget* dock : window_->findChildren<QDockWidget*>())
            dock->hide();
}

}  // namespace spare
