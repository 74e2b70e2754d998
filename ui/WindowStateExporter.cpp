#include "ui/WindowStateExporter.h"

#include "engine/sim/RunFiguresJson.h"
#include "ui/MainWindow.h"
#include "ui/compare/CompareView.h"
#include "ui/playback/PlaybackClock.h"
#include "ui/playback/PlaybackCursor.h"
#include "ui/race/RaceView.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QSaveFile>
#include <QTabWidget>

namespace spare {

namespace {

QJsonObject lane(const PlaybackCursor& cursor, int checkpointInterval)
{
    const nlohmann::json lane = runFiguresJson(cursor.scenario(), checkpointInterval, cursor.state().figures());
    return QJsonDocument::fromJson(QByteArray::fromStdString(lane.dump())).object();
}

}  // namespace

QJsonObject WindowStateExporter::state(const MainWindow& window)
{
    QJsonObject out;
    QWidget* current = window.tabs()->currentWidget();
    out[QStringLiteral("tab")] = window.tabs()->tabText(window.tabs()->currentIndex()).remove(QLatin1Char('&'));
    QJsonArray lanes;
    if (current == window.raceView()) {
        const RaceView& race = *window.raceView();
        out[QStringLiteral("clock_s")] = race.clock()->time();
        for (int i = 0; i < race.laneCount(); ++i) {
            QJsonObject run = lane(*race.cursor(i), race.checkpointInterval(i));
            run[QStringLiteral("contender")] = QString::fromStdString(race.lanes()[static_cast<std::size_t>(i)].name);
            lanes.append(run);
            if (race.lanes()[static_cast<std::size_t>(i)].policy == Policy::Spare && !out.contains(QStringLiteral("stack_number")))
                out[QStringLiteral("stack_number")] = race.cursor(i)->state().snapshot().stackNumber;
        }
    } else if (current == window.compareView()) {
        const CompareView& view = *window.compareView();
        out[QStringLiteral("clock_s")] = view.clock()->time();
        for (int side = 0; side < 2; ++side) {
            QJsonObject run = lane(*view.cursor(side), view.checkpointInterval(side));
            run[QStringLiteral("layout")] = QString::fromStdString(view.cursor(side)->scenario().layout);
            run[QStringLiteral("seed")] = QString::number(view.cursor(side)->scenario().seed);
            lanes.append(run);
        }
    } else {
        out[QStringLiteral("clock_s")] = window.clock()->time();
        out[QStringLiteral("stack_number")] = window.cursor()->state().snapshot().stackNumber;
        if (current == window.tabs()->widget(0) && window.hasScenario())
            lanes.append(lane(*window.cursor(), window.checkpointInterval()));
    }
    out[QStringLiteral("lanes")] = lanes;
    return out;
}

bool WindowStateExporter::write(const MainWindow& window, const QString& path, QString* error)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(QJsonDocument(state(window)).toJson()) < 0 || !file.commit()) {
        *error = QStringLiteral("--export-state '%1': cannot write: %2").arg(path, file.errorString());
        return false;
    }
    return true;
}

}  // namespace spare
