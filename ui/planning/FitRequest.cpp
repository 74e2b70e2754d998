#include "ui/planning/FitRequest.h"

#include "engine/base/InputError.h"
#include "engine/base/ScenarioLimits.h"
#include "ui/planning/PlanText.h"

namespace spare {

namespace {

std::optional<FailureLogFilter> parseFilter(const FitFilterText& filter, int index, QString* problem)
{
    const QString name = FitRequest::tr("Filter %1").arg(index + 1);
    if (filter.column.isEmpty()) {
        *problem = FitRequest::tr("%1: no column chosen; allowed: a column of the header").arg(name);
        return std::nullopt;
    }
    FailureLogFilter out{filter.column.toStdString(), {}, filter.exclude};
    for (const QString& value : filter.values.split(QLatin1Char(','))) {
        if (value.isEmpty()) {
            *problem = FitRequest::tr("%1 (%2) '%3': an empty value; allowed: a comma list of non-empty values, e.g. GPU,NVLink")
                           .arg(name, filter.column, filter.values);
            return std::nullopt;
        }
        out.values.push_back(value.toStdString());
    }
    return out;
}

}  // namespace

QString FitRequest::timeFormatProblem() const
{
    try {
        TimeFormat::parse(timeFormat.toStdString());
    } catch (const InputError& e) {
        return PlanText::fieldMessage(e, tr("Time format"));
    }
    return {};
}

QStringList FitRequest::problems() const
{
    QStringList out;
    if (logPath.isEmpty())
        out << tr("Log file: none chosen; allowed: a CSV failure log with a header row");
    if (timeColumn.isEmpty())
        out << tr("Time column: none chosen; allowed: a column of the header");
    const QString format = timeFormatProblem();
    if (!format.isEmpty())
        out << format;
    for (qsizetype i = 0; i < filters.size(); ++i) {
        QString problem;
        if (!parseFilter(filters[i], static_cast<int>(i), &problem))
            out << problem;
    }
    if (format.isEmpty()) {
        const TimeFormat logFormat = TimeFormat::parse(timeFormat.toStdString());
        const auto checkBound = [&](const QString& text, WindowBound bound, const QString& label) {
            if (text.isEmpty())
                return;
            try {
                parseWindowBound(text.toStdString(), logFormat, bound);
            } catch (const InputError& e) {
                out << PlanText::fieldMessage(e, label);
            }
        };
        checkBound(from, WindowBound::From, tr("From"));
        checkBound(to, WindowBound::To, tr("To"));
    }
    if (!locationColumn.isEmpty()) {
        try {
            LocationPattern::parse(locationPattern.toStdString());
        } catch (const InputError& e) {
            out << PlanText::fieldMessage(e, tr("Location pattern"));
        }
        if (!(clusterWindowS > 0.0 && clusterWindowS <= kMaxClusterWindowS))
            out << tr("Cluster window %1 s: out of range; allowed: above 0 .. %2 s")
                       .arg(PlanText::number(clusterWindowS), PlanText::number(kMaxClusterWindowS));
    }
    if (!units.trimmed().isEmpty()) {
        bool ok = false;
        const double value = units.trimmed().toDouble(&ok);
        if (!ok || !(value >= 1.0 && value <= kMaxUnits))
            out << tr("Fleet units '%1': allowed a number 1 .. %2 (the GPUs or nodes the log covers)")
                       .arg(units, QString::number(kMaxUnits, 'f', 0));
    }
    if (unit == FleetUnit::Node && (gpusPerNode < 1 || gpusPerNode > ScenarioLimits::maxGpusPerNode))
        out << tr("GPUs per node %1: out of range; allowed: 1 .. %2").arg(gpusPerNode).arg(ScenarioLimits::maxGpusPerNode);
    if (bootstrap < 0 || bootstrap > kMaxBootstrap)
        out << tr("Bootstrap samples %1: out of range; allowed: 0 .. %2").arg(bootstrap).arg(kMaxBootstrap);
    return out;
}

FailureLogStudyOptions FitRequest::studyOptions(int threads) const
{
    FailureLogStudyOptions options;
    options.read = readOptions();
    options.bootstrapSamples = bootstrap;
    options.seed = seed;
    options.control.threads = threads;
    options.clusterWindowS = clusterWindowS;
    return options;
}

FailureLogOptions FitRequest::readOptions() const
{
    if (const QStringList all = problems(); !all.isEmpty())
        throw InputError(all.join(QLatin1Char('\n')).toStdString());
    FailureLogOptions read;
    read.timeColumn = timeColumn.toStdString();
    read.timeFormat = TimeFormat::parse(timeFormat.toStdString());
    for (qsizetype i = 0; i < filters.size(); ++i) {
        QString problem;
        read.filters.push_back(*parseFilter(filters[i], static_cast<int>(i), &problem));
    }
    if (!from.isEmpty())
        read.fromS = parseWindowBound(from.toStdString(), read.timeFormat, WindowBound::From);
    if (!to.isEmpty())
        read.toS = parseWindowBound(to.toStdString(), read.timeFormat, WindowBound::To);
    if (!locationColumn.isEmpty()) {
        read.locationColumn = locationColumn.toStdString();
        read.locationPattern = LocationPattern::parse(locationPattern.toStdString());
    }
    read.badRows = skipBadRows ? FailureLogOptions::BadRows::Skip : FailureLogOptions::BadRows::Error;
    return read;
}

std::optional<FleetDescription> FitRequest::fleet() const
{
    bool ok = false;
    const double value = units.trimmed().toDouble(&ok);
    if (!ok || !(value >= 1.0 && value <= kMaxUnits))
        return std::nullopt;
    return FleetDescription{value, unit, gpusPerNode};
}

QString FitRequest::commandLine(const QString& scenarioPath, const PlannedCluster& cluster, const QString& scenarioOut) const
{
    QStringList args{QStringLiteral("spare-cli"), QStringLiteral("fit"), logPath, QStringLiteral("--time-column"),
                     timeColumn, QStringLiteral("--time-format"), timeFormat};
    for (const FitFilterText& filter : filters)
        args << QStringLiteral("--where")
             << QStringLiteral("%1%2=%3").arg(filter.column, filter.exclude ? QStringLiteral("!") : QString(), filter.values);
    if (!from.isEmpty())
        args << QStringLiteral("--from") << from;
    if (!to.isEmpty())
        args << QStringLiteral("--to") << to;
    if (!locationColumn.isEmpty())
        args << QStringLiteral("--location-column") << locationColumn << QStringLiteral("--location-pattern")
             << locationPattern << QStringLiteral("--cluster-window") << PlanText::number(clusterWindowS);
    if (const auto f = fleet()) {
        args << QStringLiteral("--units") << PlanText::number(f->units) << QStringLiteral("--unit")
             << QString::fromLatin1(fleetUnitName(f->unit));
        if (f->unit == FleetUnit::Node)
            args << QStringLiteral("--gpus-per-node") << QString::number(f->gpusPerNode);
        if (scenarioPath.isEmpty())
            args << QStringLiteral("--groups") << QString::number(cluster.groups) << QStringLiteral("--gpus-per-group")
                 << QString::number(cluster.gpusPerGroup);
        else
            args << QStringLiteral("--scenario") << scenarioPath;
        if (!scenarioOut.isEmpty())
            args << QStringLiteral("--scenario-out") << scenarioOut;
    }
    args << QStringLiteral("--bootstrap") << QString::number(bootstrap) << QStringLiteral("--seed") << QString::number(seed);
    if (skipBadRows)
        args << QStringLiteral("--skip-bad-rows");
    return PlanText::commandLine(args);
}

}  // namespace spare
