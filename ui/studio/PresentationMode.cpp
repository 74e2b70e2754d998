#include "ui/studio/PresentationMode.h"

#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QMainWindow>
#include <QMenu>

namespace spare {

namespace {

// Classes a platform theme may give their own font (which the application font does not override).
const char* const kMenuClasses[] = {"QMenu", "QMenuBar", "QToolTip"};

QFont scaled(QFont font)
{
    font.setPointSizeF(font.pointSizeF() * kPresentationScale);
    return font;
}

}  // namespace

PresentationMode::PresentationMode(QMainWindow* window) : QObject(window), window_(window) {}

QAction* PresentationMode::addAction(QMenu* menu)
{
    QAction* present = menu->addAction(tr("&Presentation mode"));
    present->setCheckable(true);
    present->setShortcut(QKeySequence(Qt::Key_F11));
    present->setShortcutContext(Qt::ApplicationShortcut);
    connect(present, &QAction::toggled, this, &PresentationMode::setActive);
    connect(this, &PresentationMode::toggled, present, &QAction::setChecked);
    return present;
}

PresentationMode::~PresentationMode()
{
    if (active_)
        restoreApplicationFonts();  // they outlive the window
}

void PresentationMode::restoreApplicationFonts()
{
    QApplication::setFont(savedFont_);
    for (int i = 0; i < savedMenuFonts_.size(); ++i)
        QApplication::setFont(savedMenuFonts_[i], kMenuClasses[i]);
}

QPalette PresentationMode::highContrastPalette()
{
    QPalette palette;
    palette.setColor(QPalette::Window, Qt::black);
    palette.setColor(QPalette::WindowText, Qt::white);
    palette.setColor(QPalette::Base, QColor(0x10, 0x10, 0x10));
    palette.setColor(QPalette::AlternateBase, QColor(0x28, 0x28, 0x28));
    palette.setColor(QPalette::Text, Qt::white);
    palette.setColor(QPalette::Button, QColor(0x20, 0x20, 0x20));
    palette.setColor(QPalette::ButtonText, Qt::white);
    palette.setColor(QPalette::Highlight, QColor(0xff, 0xd0, 0x00));
    palette.setColor(QPalette::HighlightedText, Qt::black);
    palette.setColor(QPalette::ToolTipBase, Qt::white);
    palette.setColor(QPalette::ToolTipText, Qt::black);
    for (QPalette::ColorRole role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        palette.setColor(QPalette::Disabled, role, QColor(0x80, 0x80, 0x80));
    return palette;
}

void PresentationMode::setActive(bool active)
{
    if (!window_ || active == active_)
        return;
    active_ = active;
    if (active) {
        savedPalette_ = window_->palette();
        savedFont_ = QApplication::font();
        savedMenuFonts_.clear();
        for (const char* name : kMenuClasses)
            savedMenuFonts_.append(QApplication::font(name));
        savedState_ = window_->windowState();
        window_->setPalette(highContrastPalette());
        QApplication::setFont(scaled(savedFont_));
        for (int i = 0; i < savedMenuFonts_.size(); ++i)
            QApplication::setFont(scaled(savedMenuFonts_[i]), kMenuClasses[i]);
        hiddenDocks_.clear();
        for (QDockWidget* dock : window_->findChildren<QDockWidget*>())
            if (!dock->isHidden()) {
                hiddenDocks_.append(dock);
                dock->hide();
            }
        window_->showFullScreen();
    } else {
        window_->setPalette(savedPalette_);
        restoreApplicationFonts();
        for (const QPointer<QDockWidget>& dock : hiddenDocks_)
            if (dock)
                dock->show();
        hiddenDocks_.clear();
        window_->setWindowState(savedState_);
    }
    emit toggled(active);
}

}  // namespace spare
