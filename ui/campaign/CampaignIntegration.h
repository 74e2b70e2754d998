#pragma once

#include <QObject>
#include <QPointer>

namespace spare {

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
    void applyOptions(const StudioOptions& options);

signals:
    // --campaign's table is read and the flags' selection is on screen.
    void optionsApplied();

private:
    QPointer<MainWindow> window_;
    CampaignView* view_ = nullptr;
};

}  // namespace spare
