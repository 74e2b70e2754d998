#pragma once

#include <QObject>
#include <QPointer>

#include <memory>

namespace spare {

class CampaignData;
class CampaignView;
class MainWindow;
struct StudioOptions;

// Plugs the Campaign view into spare-studio's MainWindow: the "Campaign" tab, File > Open campaign
// results (a dialog lists every problem of a bad or foreign file), and --campaign FILE with its
// --metric / --x / --y / --fix at start.
class CampaignIntegration : public QObject {
    Q_OBJECT
public:
    explicit CampaignIntegration(MainWindow* window);

    CampaignView* view() const { return view_; }
    // Shows --campaign's table with the flags' selection: `checked` when main() has read it already,
    // else read in the background. optionsApplied() follows from the event loop either way.
    void applyOptions(const StudioOptions& options, std::shared_ptr<const CampaignData> checked = {});

signals:
    // --campaign's table is read and the flags' selection is on screen.
    void optionsApplied();

private:
    void applySelection(const StudioOptions& options);

    QPointer<MainWindow> window_;
    CampaignView* view_ = nullptr;
};

}  // namespace spare
