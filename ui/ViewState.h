#pragma once

#include <QObject>

namespace spare {

// The one selection/zoom state every view follows: the selected group (and GPU), and zoom requests
// from the View menu. Lives on the GUI thread.
class ViewState : public QObject {
    Q_OBJECT
public:
    explicit ViewState(QObject* parent = nullptr);

    int selectedGroup() const { return selectedGroup_; }
    int selectedGpu() const { return selectedGpu_; }

public slots:
    void select(int group, int gpu = -1);
    void zoomIn() { emit zoomRequested(1.25); }
    void zoomOut() { emit zoomRequested(0.8); }
    void zoomToFit() { emit fitRequested(); }

signals:
    void selectionChanged(int group, int gpu);
    void zoomRequested(double factor);
    void fitRequested();

private:
    int selectedGroup_ = -1;
    int selectedGpu_ = -1;
};

}  // namespace spare
