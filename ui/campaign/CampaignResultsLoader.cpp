#include "campaign/CampaignResultsLoader.h"

#include "campaign/CampaignData.h"
#include "campaign/CampaignError.h"
#include "campaign/MergedCampaignTable.h"

#include <exception>

namespace spare {

CampaignResultsLoader::~CampaignResultsLoader()
{
    jobs_.cancelAll();
}

std::shared_ptr<const CampaignData> CampaignResultsLoader::load(const QString& path, QStringList* problems)
{
    try {
        auto data = CampaignData::fromTable(MergedCampaignTable::read(path.toStdString()), path);
        if (data->keys().isEmpty()) {
            *problems = {QStringLiteral("%1: no grid key varies in the table: nothing to chart").arg(path)};
            return nullptr;
        }
        return data;
    } catch (const std::exception& e) {
        *problems = QString::fromUtf8(e.what()).split(QLatin1Char('\n'));
    }
    return nullptr;
}

void CampaignResultsLoader::open(const QString& path)
{
    jobs_.start([this, path](const std::atomic<bool>&) {
        QStringList problems;
        auto data = load(path, &problems);
        QMetaObject::invokeMethod(this, [this, path, data, problems] {
            if (data)
                emit loaded(path, data);
            else
                emit failed(path, problems);
        }, Qt::QueuedConnection);
    }, QStringLiteral("spare-campaign-open"));
}

}  // namespace spare
