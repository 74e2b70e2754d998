#include "tour/PresentationMode.h"

#include <QMainWindow>
#include <QSplitter>

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
        savedSizes_.clear();
        for (QSplitter* splitter : window_->findChildren<QSplitter*>()) {
            const QList<int> sizes = splitter->sizes();
            if (sizes.size() < 2)
                continue;
            savedSizes_.append({splitter, sizes});
            int total = 0;
            for (int size : sizes)
                total += size;
            // The first pane (the views) takes 80%, the rest share the remainder.
            QList<int> enlarged;
            enlarged.append(total * 4 / 5);
            for (qsizetype i = 1; i < sizes.size(); ++i)
                enlarged.append(total / 5 / static_cast<int>(sizes.size() - 1));
            splitter->setSizes(enlarged);
        }
        window_->showFullScreen();
    } else {
        window_->setPalette(savedPalette_);
        window_->setFont(savedFont_);
        for (const auto& [splitter, sizes] : savedSizes_)
            if (splitter)
                splitter->setSizes(sizes);
        savedSizes_.clear();
        window_->setWindowState(savedState_);
    }
    emit toggled(active);
}

}  // namespace spare
