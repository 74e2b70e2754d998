#pragma once

#include <QFont>
#include <QList>
#include <QPair>
#include <QObject>
#include <QPalette>
#include <QPointer>

class QMainWindow;
class QSplitter;

namespace spare {

// Presentation mode (F11): full screen, larger fonts, a high-contrast palette, and the first pane of
// every splitter (the cluster and stack views) enlarged. Everything is restored on leaving.
// Listeners (charts, views with their own scale) follow toggled().
class PresentationMode : public QObject {
    Q_OBJECT
public:
    static constexpr double kFontScale = 1.5;

    explicit PresentationMode(QMainWindow* window);

    bool active() const { return active_; }
    static QPalette highContrastPalette();

public slots:
    void setActive(bool active);
    void toggle() { setActive(!active_); }

signals:
    void toggled(bool active);

private:
    QPointer<QMainWindow> window_;
    bool active_ = false;
    QPalette savedPalette_;
    QFont savedFont_;
    Qt::WindowStates savedState_;
    QList<QPair<QPointer<QSplitter>, QList<int>>> savedSizes_;
};

}  // namespace spare
