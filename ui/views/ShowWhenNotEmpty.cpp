#include "ui/views/ShowWhenNotEmpty.h"

#include <QAction>
#include <QEvent>
#include <QMenu>

namespace spare {

bool ShowWhenNotEmpty::eventFilter(QObject* watched, QEvent* event)
{
    if (event->type() == QEvent::ActionAdded || event->type() == QEvent::ActionRemoved) {
        auto* menu = static_cast<QMenu*>(watched);
        // ActionRemoved arrives before the action is gone.
        const qsizetype left = menu->actions().size() - (event->type() == QEvent::ActionRemoved ? 1 : 0);
        menu->menuAction()->setVisible(left > 0);
    }
    return false;
}

}  // namespace spare
