#include "ui/views/EventLogPanel.h"

#include "ui/models/EventFilterProxyModel.h"
#include "ui/models/EventLogModel.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLineEdit>
#include <QTableView>
#include <QVBoxLayout>

namespace spare {

EventLogPanel::EventLogPanel(EventLogModel* log, QWidget* parent)
    : QWidget(parent), filter_(new EventFilterProxyModel(this)), table_(new QTableView)
{
    auto* column = new QVBoxLayout(this);
    column->setContentsMargins(2, 2, 2, 2);
    auto* filterRow = new QHBoxLayout;
    auto* kinds = new QComboBox;
    kinds->setObjectName(QStringLiteral("kindFilter"));
    kinds->addItem(tr("Notable events"), static_cast<qulonglong>(EventFilterProxyModel::notableKinds()));
    kinds->addItem(tr("All kinds"), static_cast<qulonglong>(EventFilterProxyModel::allKinds()));
    for (int k = 0; k <= static_cast<int>(kLastEventKind); ++k)
        kinds->addItem(EventLogModel::kindName(static_cast<EventKind>(k)),
                       static_cast<qulonglong>(EventFilterProxyModel::kindBit(static_cast<EventKind>(k))));
    auto* text = new QLineEdit;
    text->setObjectName(QStringLiteral("textFilter"));
    text->setPlaceholderText(tr("Filter: text in kind/details, or a group number"));
    text->setClearButtonEnabled(true);
    filterRow->addWidget(kinds);
    filterRow->addWidget(text, 1);
    column->addLayout(filterRow);
    filter_->setSourceModel(log);
    filter_->setKindMask(EventFilterProxyModel::notableKinds());
    table_->setModel(filter_);
    table_->setSortingEnabled(true);
    table_->sortByColumn(EventLogModel::TimeColumn, Qt::AscendingOrder);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->setSelectionMode(QAbstractItemView::SingleSelection);
    table_->verticalHeader()->hide();
    table_->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    table_->verticalHeader()->setDefaultSectionSize(table_->fontMetrics().height() + 4);
    table_->horizontalHeader()->setStretchLastSection(true);
    table_->setColumnWidth(EventLogModel::TimeColumn, 110);
    table_->setColumnWidth(EventLogModel::GroupColumn, 60);
    table_->setColumnWidth(EventLogModel::KindColumn, 140);
    table_->setToolTip(tr("Click an event to select its group and seek playback there"));
    column->addWidget(table_, 1);
    connect(kinds, &QComboBox::currentIndexChanged, this, [this, kinds](int index) {
        filter_->setKindMask(static_cast<std::uint32_t>(kinds->itemData(index).toULongLong()));
    });
    connect(text, &QLineEdit::textChanged, filter_, &EventFilterProxyModel::setText);
}

}  // namespace spare
