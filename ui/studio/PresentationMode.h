#pragma once

#include "ui/base/PresentationScale.h"

#include <QFont>
#include <QList>
#include <QObject>
#include <QPalette>
#include <QPointer>

class QAction;
class QDockWidget;
class QMainWindow;
class QMenu;

namespace spare {

// Presentation mode (F11): full screen, the application font (menus and popups included) scaled by
// kPresentationScale, a high-contrast palette, and the docks (editor, event log) hidden so the
// cluster and stack views take the whole window. Everything is restored on leaving.
// Views draw with their font, so they follow it; charts follow toggled().
class PresentationMode : public QObject {
    Q_OBJECT
public:
    explicit PresentationMode(QMainWindow* window);
    ~PresentationMode() override;

    bool active() const { return active_; }
    // Adds View > Presentation mode (F11, anywhere in the application), checked while active.
    QAction* addAction(QMenu* menu);
    static QPalette highContrastPalette();

public slots:
    void setActive(bool active);
    void toggle() { setActive(!active_); }

signals:
    void toggled(bool active);

private:
    void restoreApplicationFonts();

    QPointer<QMainWindow> window_;
    bool active_ = false;
    QPalette savedPalette_;
    QFont savedFont_;
    QList<QFont> savedMenuFonts_;
    Qt::WindowStates savedState_;
    QList<QPointer<QDockWidget>> hiddenDocks_;
};

}  // namespace spare
