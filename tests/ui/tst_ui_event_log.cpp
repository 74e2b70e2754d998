// The event log model and its filter/sort proxy pass QAbstractItemModelTester while chunks arrive.
#include "ui/models/EventFilterProxyModel.h"
#include "ui/models/EventLogModel.h"

#include <QAbstractItemModelTester>
#include <QTest>

using namespace spare;

namespace {

RecordingChunkPtr makeChunk(std::size_t first, int count, double t0)
{
    auto chunk = std::make_shared<RecordingChunk>();
    chunk->firstEventIndex = first;
    for (int i = 0; i < count; ++i) {
        Event e;
        e.time = t0 + i;
        e.kind = static_cast<EventKind>(i % (static_cast<int>(kLastEventKind) + 1));
        e.group = e.kind == EventKind::Failure ? i % 7 : -1;
        e.gpu = e.kind == EventKind::Failure ? 3 : -1;
        e.step = i / 10;
        if (e.kind == EventKind::Decision) {
            auto d = std::make_shared<ReorderDecision>();
            d->phase = ReorderDecision::Phase::MinCost;
            d->moves = 2;
            e.decision = d;
        }
        chunk->events.push_back(e);
    }
    return chunk;
}

}  // namespace

class TestEventLog : public QObject {
    Q_OBJECT
private slots:
    void passesModelTester();
    void filtersAndSorts();
    void failureNamesCategoryAndDomain_data();
    void failureNamesCategoryAndDomain();
};

void TestEventLog::failureNamesCategoryAndDomain_data()
{
    QTest::addColumn<QString>("category");
    QTest::addColumn<int>("level");  // -1: gpu level (no domain)
    QTest::addColumn<int>("domain");
    QTest::addColumn<QString>("expected");
    QTest::addRow("rack category") << QStringLiteral("network switch/cable") << int(DomainLevel::Rack) << 12
                                   << QStringLiteral("GPU 3 failed (category=network switch/cable rack=12)");
    QTest::addRow("domains entry") << QString() << int(DomainLevel::Pod) << 1 << QStringLiteral("GPU 3 failed (pod=1)");
    QTest::addRow("gpu category") << QStringLiteral("faulty GPU") << -1 << -1
                                  << QStringLiteral("GPU 3 failed (category=faulty GPU)");
}

void TestEventLog::failureNamesCategoryAndDomain()
{
    QFETCH(QString, category);
    QFETCH(int, level);
    QFETCH(int, domain);
    QFETCH(QString, expected);
    auto origin = std::make_shared<FailureOrigin>();
    origin->category = category.toStdString();
    if (level >= 0)
        origin->level = static_cast<DomainLevel>(level);
    origin->domain = domain;
    auto chunk = std::make_shared<RecordingChunk>();
    for (int group : {4, 5}) {  // one domain firing: two groups, one origin
        Event e;
        e.kind = EventKind::Failure;
        e.group = group;
        e.gpu = 3;
        e.origin = origin;
        chunk->events.push_back(e);
    }
    EventLogModel model;
    model.append(chunk);
    for (int row = 0; row < 2; ++row)
        QCOMPARE(model.data(model.index(row, EventLogModel::DetailsColumn)).toString(), expected);
}

void TestEventLog::passesModelTester()
{
    EventLogModel model;
    EventFilterProxyModel proxy;
    proxy.setSourceModel(&model);
    proxy.sort(EventLogModel::TimeColumn, Qt::DescendingOrder);
    QAbstractItemModelTester modelTester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester proxyTester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.append(makeChunk(0, 50, 0.0));
    model.append(makeChunk(50, 70, 50.0));
    proxy.setKindMask(EventFilterProxyModel::notableKinds());
    proxy.setText(QStringLiteral("failed"));
    proxy.setText(QString());
    model.clear();
    model.append(makeChunk(0, 30, 0.0));
    QCOMPARE(model.rowCount(), 30);
}

void TestEventLog::filtersAndSorts()
{
    EventLogModel model;
    EventFilterProxyModel proxy;
    proxy.setSourceModel(&model);
    model.append(makeChunk(0, 180, 0.0));
    QCOMPARE(model.rowCount(), 180);
    QCOMPARE(model.data(model.index(5, EventLogModel::KindColumn)).toString(),
             QString::fromLatin1(eventKindName(EventKind::Failure)));
    QCOMPARE(model.data(model.index(5, EventLogModel::DetailsColumn)).toString(), QStringLiteral("GPU 3 failed"));

    proxy.setKindMask(EventFilterProxyModel::kindBit(EventKind::Failure));
    QCOMPARE(proxy.rowCount(), 9);  // 180 events cycling through 20 kinds: i = 5, 25, .., 165
    proxy.setText(QStringLiteral("5"));  // group number
    for (int r = 0; r < proxy.rowCount(); ++r)
        QCOMPARE(proxy.data(proxy.index(r, EventLogModel::GroupColumn)).toInt(), 5);
    proxy.setText(QString());
    proxy.setKindMask(EventFilterProxyModel::allKinds());
    proxy.sort(EventLogModel::TimeColumn, Qt::DescendingOrder);
    QCOMPARE(proxy.data(proxy.index(0, 0), EventLogModel::TimeRole).toDouble(), 179.0);
    // Sorting is numeric, not by the formatted text.
    proxy.sort(EventLogModel::TimeColumn, Qt::AscendingOrder);
    double last = -1.0;
    for (int r = 0; r < proxy.rowCount(); ++r) {
        const double t = proxy.data(proxy.index(r, 0), EventLogModel::TimeRole).toDouble();
        QVERIFY(t >= last);
        last = t;
    }
    QCOMPARE(EventLogModel::formatTime(3723.25), QStringLiteral("1:02:03.2"));
}

QTEST_MAIN(TestEventLog)
#include "tst_ui_event_log.moc"
