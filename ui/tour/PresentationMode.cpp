#include "tour/PresentationMode.h"

#include <QMainWindow>
#include <QDockWidget>

namespace spare {

PresentationMode::PresentationMode(QMainWindow* window) : QObject(window), window_(window) {}

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
        savedFont_ = window_->font();
        savedState_ = window_->windowState();
        QFont font = savedFont_;
        font.setPointSizeF(font.pointSizeF() * kFontScale);
        window_->setPalette(highContrastPalette());
        window_->setFont(font);
        hiddenDocks_.clear();
        for (QDockWidget* dock : window_->findChildren<QDockWidget*>())
            if (!dock->isHidden()) {
                hiddenDocks_.append(dock);
                dock->hide();
            }
        window_->showFullScreen();
    } else {
        window_->setPalette(savedPalette_);
        window_->setFont(savedFont_);
        for (const QPointer<QDockWidget>& dock : hiddenDocks_)
            if (dock)
                dock->show();
        hiddenDocks_.clear();
        window_->setWindowState(savedState_);
    }
    emit toggled(active);
}

}  // namespace spare
