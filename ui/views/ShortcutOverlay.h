#pragma once

#include <QDialog>

class QMenuBar;
class QTableWidget;

namespace spare {

// Help > Keyboard shortcuts ("?"): every menu item that has a shortcut, by menu, read from the menus
// themselves so that the list can never drift from what the keys do.
class ShortcutOverlay : public QDialog {
    Q_OBJECT
public:
    explicit ShortcutOverlay(const QMenuBar* menus, QWidget* parent = nullptr);

    int rowCount() const;
    // The action text (without '&') of row `row` and its key as shown.
    QString actionText(int row) const;
    QString keyText(int row) const;

private:
    QTableWidget* table_ = nullptr;
};

}  // namespace spare
