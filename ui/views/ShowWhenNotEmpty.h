#pragma once

#include <QObject>

namespace spare {

// An event filter for a submenu: shows the menu's entry in its parent menu only while the menu has
// actions (install it on the submenu).
class ShowWhenNotEmpty : public QObject {
    Q_OBJECT
public:
    using QObject::QObject;
    bool eventFilter(QObject* watched, QEvent* event) override;
};

}  // namespace spare
