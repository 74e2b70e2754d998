#pragma once

#include <QObject>

#include <memory>

class QTabWidget;
class QWidget;

namespace spare {

class CampaignData;
class CampaignView;
struct StudioContext;
struct CampaignChartRequest;

// The Campaign view as one of the window's features: the "Campaign" tab, File > Open campaign
// results (a dialog lists every problem of a bad or foreign file), and --campaign FILE with its
// --metric / --x / --y / --fix at start.
class CampaignIntegration : public QObject {
    Q_OBJECT
public:
    explicit CampaignIntegration(const StudioContext& context);

    CampaignView* view() const { return view_; }
    // Shows --campaign's table with the flags' selection: `checked` when main() has read it already,
    // else read in the background. optionsApplied() follows from the event loop either way.
    void applyOptions(const CampaignChartRequest& request, std::shared_ptr<const CampaignData> checked = {});

signals:
    // --campaign's table is read and the flags' selection is on screen.
    void optionsApplied();

private:
    void applySelection(const CampaignChartRequest& request);

    QWidget* window_;
    QTabWidget* tabs_;
    CampaignView* view_ = nullptr;
};

}  // namespace spare
