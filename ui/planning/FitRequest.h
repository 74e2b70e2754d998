#pragma once

#include "engine/planning/ClusterFailureModel.h"
#include "engine/planning/FailureLogReader.h"
#include "engine/planning/FailureLogStudy.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>
#include <QVector>

#include <cstdint>
#include <optional>

namespace spare {

// A "keep rows whose column is one of these values" filter as typed: the values comma separated.
struct FitFilterText {
    QString column;
    QString values;
    bool exclude = false;  // keep the rows whose column is none of the values
};

// What the log import panel asks for, as typed: everything needed to read and fit a failure log and
// to say the same with spare-cli fit. A value, copied to the worker that reads and fits.
struct FitRequest {
    Q_DECLARE_TR_FUNCTIONS(FitRequest)

public:
    static constexpr double kMaxUnits = 1e9;
    static constexpr double kMaxClusterWindowS = 1e9;
    static constexpr int kMaxBootstrap = 100000;

    QString logPath;
    QString timeColumn;
    QString timeFormat = QStringLiteral("iso8601");
    QVector<FitFilterText> filters;
    QString from;  // empty: the first failure
    QString to;    // empty: the last failure
    QString locationColumn;  // empty: no locations
    QString locationPattern;
    double clusterWindowS = 3600.0;
    QString units;  // the fleet size as typed; empty: no cluster model
    FleetUnit unit = FleetUnit::Gpu;
    int gpusPerNode = 8;
    int bootstrap = 200;
    std::uint64_t seed = 1;
    bool skipBadRows = false;

    // Every problem of the fields, each naming the field, its value and what is allowed (empty: good).
    QStringList problems() const;
    // The time format's own problem, for live checking of that field alone (empty: good).
    QString timeFormatProblem() const;
    // The reader's options. Throws InputError as problems() describes.
    FailureLogOptions readOptions() const;
    // The fleet the log covers, when units are given and valid.
    std::optional<FleetDescription> fleet() const;
    // What runFailureLogStudy reads and fits on `threads` workers (0: all cores), as spare-cli fit
    // with these choices does. The cluster model comes later, with the planned scenario. Throws
    // InputError as problems() describes.
    FailureLogStudyOptions studyOptions(int threads) const;

    // spare-cli fit with these choices; `scenarioPath` (may be empty: the cluster is then given as
    // --groups / --gpus-per-group) is the planned scenario, `scenarioOut` where the fitted one goes.
    QString commandLine(const QString& scenarioPath, const PlannedCluster& cluster, const QString& scenarioOut) const;
};

}  // namespace spare
