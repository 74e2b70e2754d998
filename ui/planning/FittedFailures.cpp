#include "ui/planning/FittedFailures.h"

#include "engine/sim/ScenarioJson.h"
#include "ui/planning/PlanText.h"

#include <nlohmann/json.hpp>

namespace spare {

namespace {

constexpr const char* kFittedKeys[] = {"model", "system_mtbf_s", "weibull_shape", "start", "trace"};

QString valueText(const nlohmann::json& value)
{
    return value.is_string() ? QString::fromStdString(value.get<std::string>()) : QString::fromStdString(value.dump());
}

// For people: 6 significant digits, durations also in their unit ("600 (10 min)").
QString changeText(const std::string& key, const nlohmann::json& value)
{
    if (value.is_string())
        return value.get<std::string>().empty() ? QStringLiteral("\"\"") : valueText(value);
    if (!value.is_number())
        return valueText(value);
    const double number = value.get<double>();
    const QString text = QString::number(number, 'g', 6);
    return key.ends_with("_s") ? QStringLiteral("%1 (%2)").arg(text, PlanText::duration(number)) : text;
}

}  // namespace

QStringList FittedFailures::changes(const Scenario& before, const Scenario& after)
{
    const nlohmann::json old = scenarioToJson(before)["failures"];
    const nlohmann::json now = scenarioToJson(after)["failures"];
    QStringList out;
    for (const auto& [key, value] : now.items()) {
        const auto previous = old.find(key);
        if (previous != old.end() && *previous == value)
            continue;
        out.append(QStringLiteral("failures.%1: %2 -> %3")
                       .arg(QString::fromStdString(key),
                            previous == old.end() ? QStringLiteral("(none)") : changeText(key, *previous), changeText(key, value)));
    }
    return out;
}

QVector<std::pair<QString, QString>> FittedFailures::editorFields(const Scenario& scenario)
{
    const nlohmann::json failures = scenarioToJson(scenario)["failures"];
    QVector<std::pair<QString, QString>> out;
    for (const char* key : kFittedKeys)
        if (const auto value = failures.find(key); value != failures.end())
            out.append({QStringLiteral("failures.%1").arg(QLatin1String(key)), valueText(*value)});
    return out;
}

}  // namespace spare
