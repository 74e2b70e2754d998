#include "campaign/CampaignRunJob.h"

#include "campaign/CampaignData.h"
#include "campaign/CampaignJson.h"
#include "campaign/CampaignPlan.h"
#include "campaign/CampaignResultsDir.h"
#include "campaign/CampaignRunner.h"
#include "campaign/CampaignStatus.h"
#include "campaign/CampaignTable.h"
#include "campaign/MergedCampaignTable.h"
#include "io/AtomicFile.h"

#include <QDir>

#include <exception>

namespace spare {

CampaignRunJob::~CampaignRunJob()
{
    jobs_.cancelAll();
}

QString CampaignRunJob::mergedPath(const QString& outDir) { return QDir(outDir).filePath(QStringLiteral("merged.csv")); }

bool CampaignRunJob::start(const QString& campaignPath, const QString& outDir, int threads)
{
    if (running_)
        return false;
    running_ = true;
    cancel_ = jobs_.start([this, campaignPath, outDir, threads](const std::atomic<bool>& cancel) {
        CampaignRunOutcome outcome;
        try {
            const CampaignPlan plan(loadCampaignFile(campaignPath.toStdString()));
            const CampaignResultsDir dir(outDir.toStdString());
            dir.prepare(plan.campaign());
            const std::size_t before = CampaignStatus::of(plan, dir.read()).done;
            CampaignRunOptions options;
            options.threads = threads;
            options.cancel = &cancel;
            options.progress = [this, before](std::size_t done, std::size_t total) {
                emit progressed(before + done, std::max(total, before + done));
            };
            const CampaignRunSummary summary = CampaignRunner::run(plan, dir, 0, 1, options);
            outcome.cancelled = summary.cancelled;
            outcome.ran = summary.ran;
            outcome.skipped = summary.skipped;
            outcome.failed = summary.failed;
            const CampaignResults results = dir.read();
            if (!summary.cancelled && CampaignStatus::of(plan, results).missing == 0) {
                const QString merged = mergedPath(outDir);
                writeFileAtomically(merged.toStdString(), CampaignTable(plan, results).toCsv());
                outcome.merged = CampaignData::fromTable(MergedCampaignTable::read(merged.toStdString()), merged);
                outcome.mergedPath = merged;
            }
        } catch (const std::exception& e) {
            outcome.error = QString::fromUtf8(e.what());
        }
        QMetaObject::invokeMethod(this, [this, outcome] {
            running_ = false;
            emit finished(outcome);
        }, Qt::QueuedConnection);
    }, QStringLiteral("spare-campaign"));
    return true;
}

void CampaignRunJob::cancel()
{
    if (cancel_)
        *cancel_ = true;
}

}  // namespace spare
