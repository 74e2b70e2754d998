#pragma once

#include <QFont>
#include <QList>
#include <QObject>
#include <QPalette>
#include <QPointer>

class QMainWindow;
class QDockWidget;

namespace spare {

// Presentation mode (F11): full screen, larger fonts, a high-contrast palette, and the docks (editor,
// event log) hidden so the cluster and stack views take the whole window. Everything is restored on
// leaving.
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
    QList<QPointer<QDockWidget>> hiddenDocks_;
};

}  // namespace spare
