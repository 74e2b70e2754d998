#pragma once

#include <QWidget>

class QTableView;

namespace spare {

class EventFilterProxyModel;
class EventLogModel;

// The event log dock's content: a kind filter (notable events, all kinds or one kind), a text filter and
// the table of the run's events, over an EventFilterProxyModel of the log.
class EventLogPanel : public QWidget {
    Q_OBJECT
public:
    explicit EventLogPanel(EventLogModel* log, QWidget* parent = nullptr);

    EventFilterProxyModel* filter() const { return filter_; }
    QTableView* table() const { return table_; }

private:
    EventFilterProxyModel* filter_;
    QTableView* table_;
};

}  // namespace spare
