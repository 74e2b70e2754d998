#include "ui/views/ShortcutOverlay.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QMenu>
#include <QMenuBar>
#include <QTableWidget>
#include <QVBoxLayout>

namespace spare {
namespace {

QString plain(QString text)
{
    return text.remove(QLatin1Char('&')).remove(QStringLiteral("..."));
}

void collect(const QMenu* menu, const QString& path, QList<QStringList>* rows)
{
    for (const QAction* action : menu->actions()) {
        if (action->menu()) {
            collect(action->menu(), path + QStringLiteral(" > ") + plain(action->text()), rows);
            continue;
        }
        if (!action->shortcut().isEmpty() && action->isVisible())
            rows->append({path, plain(action->text()), action->shortcut().toString(QKeySequence::NativeText)});
    }
}

}  // namespace

ShortcutOverlay::ShortcutOverlay(const QMenuBar* menus, QWidget* parent) : QDialog(parent)
{
    setWindowTitle(tr("Keyboard shortcuts"));
    QList<QStringList> rows;
    for (const QAction* top : menus->actions())
        if (top->menu())
            collect(top->menu(), plain(top->text()), &rows);
    table_ = new QTableWidget(static_cast<int>(rows.size()), 3);
    table_->setHorizontalHeaderLabels({tr("Menu"), tr("Action"), tr("Key")});
    for (int r = 0; r < rows.size(); ++r)
        for (int c = 0; c < 3; ++c)
            table_->setItem(r, c, new QTableWidgetItem(rows[r][c]));
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->verticalHeader()->hide();
    table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    table_->horizontalHeader()->setStretchLastSection(true);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::close);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(table_);
    layout->addWidget(buttons);
    resize(560, 640);
}

int ShortcutOverlay::rowCount() const
{
    return table_->rowCount();
}

QString ShortcutOverlay::actionText(int row) const
{
    return table_->item(row, 1)->text();
}

QString ShortcutOverlay::keyText(int row) const
{
    return table_->item(row, 2)->text();
}

}  // namespace spare
