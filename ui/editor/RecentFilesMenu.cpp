#include "ui/editor/RecentFilesMenu.h"

#include <QFileInfo>
#include <QSettings>

namespace spare {

RecentFilesMenu::RecentFilesMenu(const QString& title, QWidget* parent) : QMenu(title, parent)
{
    rebuild();
}

void RecentFilesMenu::add(const QString& path)
{
    QSettings settings;
    QStringList files = settings.value(QStringLiteral("recentFiles")).toStringList();
    files.removeAll(path);
    files.prepend(path);
    while (files.size() > kMaxFiles)
        files.removeLast();
    settings.setValue(QStringLiteral("recentFiles"), files);
    rebuild();
}

void RecentFilesMenu::rebuild()
{
    clear();
    const QStringList files = QSettings().value(QStringLiteral("recentFiles")).toStringList();
    for (const QString& f : files)
        addAction(QFileInfo(f).fileName(), this, [this, f] { emit chosen(f); })->setToolTip(f);
    setEnabled(!files.isEmpty());
}

}  // namespace spare
