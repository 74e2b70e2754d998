#include "ui/compare/CompareSetup.h"

#include "engine/base/InputError.h"
#include "engine/base/ProblemList.h"
#include "engine/base/ScenarioLimits.h"
#include "engine/sim/ScenarioJson.h"
#include "ui/base/ErrorText.h"

#include <QFileInfo>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <exception>
#include <string>

namespace spare {

namespace {

// A typed value as the scenario parser expects it: numbers as JSON numbers, everything else ("auto",
// layout names, text that is not a number) as a string, which the parser then accepts or refuses. A
// whole number too large for 64 bits stays text, so that the message quotes it as typed.
nlohmann::json jsonValue(const QString& text)
{
    const std::string trimmed = text.trimmed().toStdString();
    const nlohmann::json number = nlohmann::json::parse(trimmed, nullptr, false);
    const bool overflowed = number.is_number_float() && trimmed.find_first_of(".eE") == std::string::npos;
    if (!number.is_discarded() && number.is_number() && !overflowed)
        return number;
    return trimmed;
}

nlohmann::json::json_pointer pointerTo(const char* key)
{
    std::string path = std::string("/") + key;
    std::replace(path.begin(), path.end(), '.', '/');
    return nlohmann::json::json_pointer(path);
}

}  // namespace

const char* CompareSetup::key(Kind kind)
{
    switch (kind) {
    case Kind::Redundancy: return "cluster.redundancy";
    case Kind::CheckpointInterval: return "checkpoint.interval_steps";
    case Kind::Layout: return "cluster.layout";
    case Kind::ScenarioFile: return nullptr;
    case Kind::Seed: return "run.seed";
    case Kind::Policy: return "run.policy";
    }
    return nullptr;
}

QString CompareSetup::name(Kind kind)
{
    switch (kind) {
    case Kind::Redundancy: return QStringLiteral("r");
    case Kind::CheckpointInterval: return QStringLiteral("intervals");
    case Kind::Layout: return QStringLiteral("layouts");
    case Kind::ScenarioFile: return QStringLiteral("files");
    case Kind::Seed: return QStringLiteral("seeds");
    case Kind::Policy: return QStringLiteral("policies");
    }
    return {};
}

QString CompareSetup::title(Kind kind)
{
    switch (kind) {
    case Kind::Redundancy: return QStringLiteral("Same scenario at two r values");
    case Kind::CheckpointInterval: return QStringLiteral("Two checkpoint intervals");
    case Kind::Layout: return QStringLiteral("Two layouts");
    case Kind::ScenarioFile: return QStringLiteral("Two scenario files");
    case Kind::Seed: return QStringLiteral("Two seeds");
    case Kind::Policy: return QStringLiteral("Two policies");
    }
    return {};
}

QString CompareSetup::sideName(int side)
{
    return side == 0 ? QStringLiteral("A") : QStringLiteral("B");
}

QString CompareSetup::describe(int side) const
{
    const QString& value = values[static_cast<std::size_t>(side)];
    switch (kind) {
    case Kind::Redundancy: return QStringLiteral("r = %1").arg(value);
    case Kind::CheckpointInterval: return QStringLiteral("T_c = %1").arg(value);
    case Kind::Layout: return QStringLiteral("layout %1").arg(value);
    case Kind::ScenarioFile: return QStringLiteral("file %1").arg(QFileInfo(value).fileName());
    case Kind::Seed: return QStringLiteral("seed %1").arg(value);
    case Kind::Policy: {
        const auto policy = parsePolicy(value.toStdString());
        return policy ? QString::fromLatin1(policyDisplayName(*policy)) : value;
    }
    }
    return {};
}

CompareSetup::Scenarios CompareSetup::build(const Scenario& base) const
{
    Scenarios out;
    for (std::size_t side = 0; side < 2; ++side) {
        const QString run = QStringLiteral("run %1").arg(sideName(static_cast<int>(side)));
        const QString& value = values[side];
        try {
            if (kind == Kind::ScenarioFile) {
                if (value.trimmed().isEmpty()) {
                    out.problems.append(QStringLiteral("%1: scenario file: none chosen; allowed: a scenario JSON file").arg(run));
                    continue;
                }
                out.runs[side] = loadScenarioFile(value.trimmed().toStdString());
            } else {
                nlohmann::json doc = scenarioToJson(base);
                doc[pointerTo(key(kind))] = jsonValue(value);
                out.runs[side] = scenarioFromJson(doc, run.toStdString());
            }
        } catch (const InputError& e) {
            // A scenario file's issues name the file: they go under the run; the varied key's name it already.
            out.problems.append(issueLines(kind == Kind::ScenarioFile ? issuesUnder(run.toStdString(), {}, e.issues())
                                                                      : e.issues()));
        } catch (const std::exception& e) {
            out.problems.append(QStringLiteral("%1: %2").arg(run, errorText(e)));
        }
    }
    return out;
}

CompareSetup::Runs CompareSetup::prepare(const Scenario& base, const std::optional<std::vector<TraceFailure>>& trace) const
{
    const Scenarios scenarios = build(base);
    Runs out;
    out.problems = scenarios.problems;
    for (std::size_t side = 0; side < 2 && scenarios.ok(); ++side) {
        out.runs[side] = RunSetup::prepare(scenarios.runs[side], kind == Kind::ScenarioFile ? std::nullopt : trace);
        for (const QString& problem : out.runs[side].problems)
            out.problems.append(QStringLiteral("run %1: %2").arg(sideName(static_cast<int>(side)), problem));
    }
    return out;
}

CompareSetup CompareSetup::defaults(Kind kind, const Scenario& base)
{
    CompareSetup setup;
    setup.kind = kind;
    switch (kind) {
    case Kind::Redundancy: {
        const int top = std::min(base.groups, ScenarioLimits::maxRedundancy);
        const int other = base.redundancy < top ? base.redundancy + 1 : base.redundancy - 1;
        setup.values = {QString::number(base.redundancy), QString::number(std::max(other, ScenarioLimits::minRedundancy))};
        break;
    }
    case Kind::CheckpointInterval: {
        const int interval = base.checkpointIntervalSteps.value_or(0);
        setup.values = {interval > 0 ? QString::number(interval) : QStringLiteral("auto"),
                        interval > 0 ? QString::number(std::min(2 * interval, base.steps)) : QStringLiteral("1")};
        break;
    }
    case Kind::Layout:
        setup.values = {QStringLiteral("golomb"), QStringLiteral("consecutive")};
        break;
    case Kind::ScenarioFile: break;
    case Kind::Seed:
        setup.values = {QString::number(base.seed), QString::number(base.seed + 1)};
        break;
    case Kind::Policy:
        setup.values = {QString::fromLatin1(policyName(base.policy)),
                        QString::fromLatin1(policyName(base.policy == Policy::Spare ? Policy::Elastic : Policy::Spare))};
        break;
    }
    return setup;
}

std::optional<CompareSetup> CompareSetup::parse(const QString& text, QString* error)
{
    QStringList names;
    for (Kind kind : kKinds)
        names.append(name(kind));
    const QString kindText = text.section(QLatin1Char(':'), 0, 0);
    const QStringList parts = text.section(QLatin1Char(':'), 1).split(QLatin1Char(','));
    for (Kind kind : kKinds) {
        if (kindText != name(kind))
            continue;
        if (parts.size() != 2 || parts[0].trimmed().isEmpty() || parts[1].trimmed().isEmpty())
            break;
        CompareSetup setup;
        setup.kind = kind;
        setup.values = {parts[0].trimmed(), parts[1].trimmed()};
        return setup;
    }
    *error = QStringLiteral("--compare '%1': allowed KIND:A,B with KIND one of %2 (e.g. seeds:1,2)")
                 .arg(text, names.join(QStringLiteral(", ")));
    return std::nullopt;
}

}  // namespace spare
