#include "ui/campaign/CampaignResultsLoader.h"

#include "engine/campaign/CampaignError.h"
#include "engine/campaign/MergedCampaignTable.h"
#include "ui/base/ErrorText.h"
#include "ui/campaign/CampaignData.h"

#include <exception>

namespace spare {

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
        *problems = errorLines(e);
    }
    return nullptr;
}

void CampaignResultsLoader::open(const QString& path)
{
    runner_.start({}, [path](Opened& opened, const auto&) { opened.data = load(path, &opened.problems); },
                  [this, path](const Opened& opened) {
                      if (opened.data)
                          emit loaded(path, opened.data);
                      else
                          emit failed(path, opened.problems);
                  });
}

}  // namespace spare
