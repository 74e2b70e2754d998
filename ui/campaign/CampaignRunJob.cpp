#include "ui/campaign/CampaignRunJob.h"

#include "engine/base/AtomicFile.h"
#include "engine/campaign/CampaignJson.h"
#include "engine/campaign/CampaignPlan.h"
#include "engine/campaign/CampaignResultsDir.h"
#include "engine/campaign/CampaignRunner.h"
#include "engine/campaign/CampaignStatus.h"
#include "engine/campaign/CampaignTable.h"
#include "engine/campaign/MergedCampaignTable.h"
#include "ui/campaign/CampaignData.h"

#include <QDir>

namespace spare {

QString CampaignRunJob::mergedPath(const QString& outDir) { return QDir(outDir).filePath(QStringLiteral("merged.csv")); }

bool CampaignRunJob::start(const QString& campaignPath, const QString& outDir, int threads)
{
    if (runner_.running())
        return false;
    runner_.start({}, [this, campaignPath, outDir, threads](CampaignRunOutcome& outcome, const auto& job) {
        const CampaignPlan plan(loadCampaignFile(campaignPath.toStdString()));
        const CampaignResultsDir dir(outDir.toStdString());
        dir.prepare(plan.campaign());
        const std::size_t before = CampaignStatus::of(plan, dir.read()).done;
        CampaignRunOptions options;
        options.control.threads = threads;
        options.control.cancel = &job.cancelFlag();
        options.control.progress = [this, &job, before](std::size_t done, std::size_t total) {
            job.post([this, done = before + done, total = std::max(total, before + done)] { emit progressed(done, total); });
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
    }, [this](const CampaignRunOutcome& outcome) { emit finished(outcome); });
    return true;
}

}  // namespace spare
