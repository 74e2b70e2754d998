#include "ui/campaign/CampaignIntegration.h"

#include "ui/campaign/CampaignCommandLine.h"
#include "ui/campaign/CampaignData.h"
#include "ui/campaign/CampaignView.h"
#include "ui/studio/StudioContext.h"

#include <QAction>
#include <QFileDialog>
#include <QMainWindow>
#include <QMenu>
#include <QMessageBox>
#include <QTabWidget>
#include <QTimer>

namespace spare {

CampaignIntegration::CampaignIntegration(const StudioContext& context)
    : QObject(context.window), window_(context.window), tabs_(context.tabs), view_(new CampaignView)
{
    setObjectName(QStringLiteral("campaignIntegration"));
    view_->setObjectName(QStringLiteral("campaignView"));
    tabs_->addTab(view_, tr("Campaign"));
    auto* open = new QAction(tr("Open &campaign results..."), this);
    context.menus.file->insertAction(context.menus.exports->menuAction(), open);
    connect(open, &QAction::triggered, this, [this] {
        const QString path = QFileDialog::getOpenFileName(window_, tr("Open campaign results"), {},
                                                          tr("Merged campaign table (*.csv *.json)"));
        if (path.isEmpty())
            return;
        tabs_->setCurrentWidget(view_);
        view_->openResults(path);
    });
    connect(view_, &CampaignView::openFailed, this, [this](const QString& path, const QStringList& problems) {
        QMessageBox box(QMessageBox::Warning, tr("Open campaign results"),
                        tr("%1 cannot be shown as campaign results:").arg(path), QMessageBox::Ok, window_);
        box.setInformativeText(problems.join(QLatin1Char('\n')));
        box.exec();
    });
    connect(view_, &CampaignView::runFailed, this,
            [this](const QString& message) { QMessageBox::warning(window_, tr("Run campaign"), message); });
}

void CampaignIntegration::applyOptions(const CampaignChartRequest& request, std::shared_ptr<const CampaignData> checked)
{
    if (request.path.isEmpty())
        return;
    tabs_->setCurrentWidget(view_);
    if (checked) {
        QTimer::singleShot(0, this, [this, request, checked] {
            view_->setData(checked);
            applySelection(request);
        });
        return;
    }
    auto connection = std::make_shared<QMetaObject::Connection>();
    *connection = connect(view_, &CampaignView::dataChanged, this, [this, request, connection] {
        disconnect(*connection);
        applySelection(request);
    });
    view_->openResults(request.path);
}

// main() has already checked the flags against the table when a script drives.
void CampaignIntegration::applySelection(const CampaignChartRequest& request)
{
    QString error;
    if (const auto selection = CampaignCommandLine::selection(*view_->data(), request, &error))
        view_->setSelection(*selection);
    if (!request.chart.isEmpty())
        view_->showChart(request.chart);
    emit optionsApplied();
}

}  // namespace spare
