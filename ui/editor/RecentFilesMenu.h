#pragma once

#include <QMenu>

namespace spare {

// File > Open recent: the scenario files opened last (most recent first, at most kMaxFiles), kept in
// QSettings ("recentFiles") across sessions; disabled while empty.
class RecentFilesMenu : public QMenu {
    Q_OBJECT
public:
    static constexpr int kMaxFiles = 8;

    explicit RecentFilesMenu(const QString& title, QWidget* parent = nullptr);

    // Puts `path` first.
    void add(const QString& path);

signals:
    void chosen(const QString& path);

private:
    void rebuild();
};

}  // namespace spare
