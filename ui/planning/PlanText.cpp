#include "ui/planning/PlanText.h"

#include "engine/base/ShellWord.h"
#include "engine/planning/LifetimeFit.h"

#include <QLocale>

#include <cmath>

namespace spare {

QString PlanText::number(double value) { return QString::number(value, 'g', QLocale::FloatingPointShortest); }

QString PlanText::value(double value) { return QString::number(value, 'g', 4); }

namespace {

struct DurationUnit {
    double seconds;
    const char* name;
};

// The unit a duration of this size reads best in.
DurationUnit durationUnit(double seconds)
{
    const double magnitude = std::fabs(seconds);
    if (magnitude < 120.0)
        return {1.0, "s"};
    if (magnitude < 2.0 * 3600.0)
        return {60.0, "min"};
    if (magnitude < 2.0 * 86400.0)
        return {3600.0, "h"};
    if (magnitude < 2.0 * 365.25 * 86400.0)
        return {86400.0, "d"};
    return {365.25 * 86400.0, "y"};
}

QString inUnit(double seconds, const DurationUnit& unit)
{
    return QStringLiteral("%1 %2").arg(PlanText::value(seconds / unit.seconds), QLatin1String(unit.name));
}

}  // namespace

QString PlanText::duration(double seconds)
{
    if (!std::isfinite(seconds))
        return QString::number(seconds);
    return inUnit(seconds, durationUnit(seconds));
}

QString PlanText::estimate(const ParameterEstimate& e, bool isDuration)
{
    if (!isDuration || !std::isfinite(e.value))
        return QStringLiteral("%1 (95%: %2 .. %3)").arg(value(e.value), value(e.lower), value(e.upper));
    // One unit for the value and its interval, so that they compare at a glance.
    const DurationUnit unit = durationUnit(e.value);
    return QStringLiteral("%1 (95%: %2 .. %3)").arg(inUnit(e.value, unit), inUnit(e.lower, unit), inUnit(e.upper, unit));
}

QString PlanText::pValue(double p) { return std::isnan(p) ? QStringLiteral("n/a") : QString::number(p, 'f', 3); }

QString PlanText::commandLine(const QStringList& arguments)
{
    QStringList quoted;
    for (const QString& argument : arguments)
        quoted.append(QString::fromStdString(shellWord(argument.toStdString())));
    return quoted.join(QLatin1Char(' '));
}

QString PlanText::fieldMessage(const InputError& error, const QString& label)
{
    QStringList lines;
    for (const InputIssue& issue : error.issues()) {
        const QString problem = QString::fromStdString(issue.problem);
        lines << (issue.keyPath.empty() && !issue.value.empty()
                      ? QStringLiteral("%1 '%2': %3").arg(label, QString::fromStdString(issue.value), problem)
                      : QStringLiteral("%1: %2").arg(label, problem));
    }
    return lines.join(QLatin1Char('\n'));
}

}  // namespace spare
