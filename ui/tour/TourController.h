#pragma once

#include "ui/tour/TourOverlay.h"
#include "ui/tour/TourScript.h"
#include "ui/tour/TourState.h"

#include <QObject>
#include <QPointer>

#include <optional>
#include <vector>

class QWidget;

namespace spare {

class TourHost;

// Runs the guided tour: prepares each step's state with the engine (cached), asks the host to show
// it and draws the overlay. next()/previous() also come from the overlay's keys and buttons.
class TourController : public QObject {
    Q_OBJECT
public:
    TourController(TourScript script, TourHost* host, QWidget* window, QObject* parent = nullptr);
    ~TourController() override;

    int stepCount() const { return static_cast<int>(script_.steps().size()); }
    int currentIndex() const { return index_; }
    bool running() const { return index_ >= 0; }
    const TourState& state(int index);
    TourOverlay* overlay() const { return overlay_; }

public slots:
    void start();
    void next();
    void previous();
    void stop();

signals:
    void stepShown(int index);
    void finished();

private:
    void show(int index);

    TourScript script_;
    TourHost* host_ = nullptr;
    QPointer<QWidget> window_;
    QPointer<TourOverlay> overlay_;
    std::vector<std::optional<TourState>> states_;
    int index_ = -1;
};

}  // namespace spare
