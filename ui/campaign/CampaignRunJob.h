#pragma once

#include "ui/base/JobRunner.h"

#include <QObject>
#include <QString>

#include <memory>

namespace spare {

class CampaignData;

// How a campaign run from the GUI ended.
struct CampaignRunOutcome {
    bool cancelled = false;
    qulonglong ran = 0;      // runs finished by this start
    qulonglong skipped = 0;  // runs the folder already had (a resume)
    qulonglong failed = 0;
    QString mergedPath;                          // set when every run is done and the merge was written
    std::shared_ptr<const CampaignData> merged;  // that merge, read back for the Campaign view
    QString error;                               // a bad campaign file or folder, an I/O error
};

// Runs a campaign file on this machine in one background thread (CampaignRunner, one shard, oneTBB
// inside): the same results folder and files as `spare-cli campaign run FILE --shard 0/1 --out DIR`, so
// starting again resumes (finished run_ids are skipped) and the CLI can continue what the GUI began.
// When nothing is missing it merges into DIR/merged.csv (CampaignTable, as `campaign merge`).
class CampaignRunJob : public QObject {
    Q_OBJECT
public:
    using QObject::QObject;

    // False when a run is already going.
    bool start(const QString& campaignPath, const QString& outDir, int threads = 0);
    // Running runs stop at their next step; nothing half-done is written.
    void cancel() { runner_.cancel(); }
    bool isRunning() const { return runner_.running(); }
    static QString mergedPath(const QString& outDir);

signals:
    // In the GUI thread: runs done in the folder so far, of at least `total`.
    void progressed(qulonglong done, qulonglong total);
    void finished(const spare::CampaignRunOutcome& outcome);

private:
    JobRunner<CampaignRunOutcome> runner_{this, QStringLiteral("spare-campaign")};
};

}  // namespace spare
