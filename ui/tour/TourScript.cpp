#include "ui/tour/TourScript.h"

#include "engine/base/InputError.h"
#include "engine/sim/ScenarioJson.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

// The tour's resources live in the static spare_ui library; register them before the first read.
static void initTourResources()
{
    Q_INIT_RESOURCE(tour);
}

namespace spare {
namespace {

QByteArray readResource(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        throw InputError(QStringLiteral("%1: cannot open: %2").arg(path, file.errorString()).toStdString());
    return file.readAll();
}

QString requireString(const QJsonObject& object, const char* key, const QString& where)
{
    const QJsonValue value = object.value(QLatin1String(key));
    if (!value.isString() || value.toString().isEmpty())
        throw InputError(QStringLiteral("%1: \"%2\" must be a non-empty string").arg(where, QLatin1String(key))
                             .toStdString());
    return value.toString();
}

TourSeek parseSeek(const QJsonObject& object, const QString& where)
{
    TourSeek seek;
    seek.event = requireString(object, "event", where);
    seek.occurrence = object.value(QLatin1String("occurrence")).toInt(1);
    if (seek.occurrence < 1)
        throw InputError(QStringLiteral("%1: \"occurrence\" is %2; allowed: 1 or more")
                             .arg(where)
                             .arg(seek.occurrence)
                             .toStdString());
    if (object.contains(QLatin1String("phase")))
        seek.phase = object.value(QLatin1String("phase")).toInt();
    if (object.contains(QLatin1String("min_moves")))
        seek.minMoves = object.value(QLatin1String("min_moves")).toInt();
    if (object.contains(QLatin1String("wipeout")))
        seek.wipeout = object.value(QLatin1String("wipeout")).toBool();
    return seek;
}

}  // namespace

TourScript TourScript::load(const QString& path)
{
    initTourResources();
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(readResource(path), &parseError);
    if (!doc.isObject())
        throw InputError(QStringLiteral("%1: not a JSON object (%2)").arg(path, parseError.errorString()).toStdString());
    const QJsonObject root = doc.object();
    const QString folder = QFileInfo(path).path() + QLatin1Char('/');

    TourScript script;
    const QString scenarioPath = folder + requireString(root, "scenario", path);
    script.scenario_ = scenarioFromJsonText(readResource(scenarioPath).toStdString(), scenarioPath.toStdString());
    const QString tracePath = folder + requireString(root, "trace", path);
    script.trace_ = parseFailureTrace(readResource(tracePath).toStdString(), script.scenario_.groups,
                                      tracePath.toStdString());

    const QJsonArray steps = root.value(QLatin1String("steps")).toArray();
    if (steps.isEmpty())
        throw InputError(QStringLiteral("%1: \"steps\" must be a non-empty array").arg(path).toStdString());
    for (qsizetype i = 0; i < steps.size(); ++i) {
        const QString where = QStringLiteral("%1: steps[%2]").arg(path).arg(i);
        const QJsonObject object = steps[i].toObject();
        TourStep step;
        step.title = requireString(object, "title", where);
        step.captionHtml = QString::fromUtf8(readResource(folder + requireString(object, "caption", where)));
        step.target = object.value(QLatin1String("target")).toString();
        step.seek = parseSeek(object.value(QLatin1String("seek")).toObject(), where + QStringLiteral(".seek"));
        script.steps_.append(step);
    }
    return script;
}

}  // namespace spare
