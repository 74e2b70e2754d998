#pragma once

#include "ui/base/JobRunner.h"

#include <QObject>
#include <QString>
#include <QStringList>

#include <memory>

namespace spare {

class CampaignData;

// Opens a merged campaign table (CSV or JSON from `spare-cli campaign merge`) for the Campaign view.
class CampaignResultsLoader : public QObject {
    Q_OBJECT
public:
    using QObject::QObject;

    // In this thread: the data, or nullptr and every problem (one line each) in *problems.
    static std::shared_ptr<const CampaignData> load(const QString& path, QStringList* problems);
    // In a background thread; answers with loaded() or failed() in the GUI thread, unless a newer open()
    // came first.
    void open(const QString& path);

signals:
    void loaded(const QString& path, std::shared_ptr<const spare::CampaignData> data);
    void failed(const QString& path, const QStringList& problems);

private:
    struct Opened {
        std::shared_ptr<const CampaignData> data;
        QStringList problems;
    };
    JobRunner<Opened> runner_{this, QStringLiteral("spare-campaign-open")};
};

}  // namespace spare
