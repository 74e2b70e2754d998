#include "ui/planning/FittedFailuresText.h"

#include "engine/planning/FittedFailures.h"
#include "engine/sim/ScenarioJson.h"
#include "ui/planning/PlanText.h"

#include <nlohmann/json.hpp>

namespace spare {

namespace {

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

QStringList FittedFailuresText::changes(const Scenario& before, const Scenario& after)
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

QVector<std::pair<QString, QString>> FittedFailuresText::editorFields(const Scenario& scenario)
{
    const nlohmann::json doc = scenarioToJson(scenario);
    QVector<std::pair<QString, QString>> out;
    for (const std::string& key : FittedFailures::keys()) {
        const auto dot = key.find('.');
        const nlohmann::json& section = doc.at(key.substr(0, dot));
        if (const auto value = section.find(key.substr(dot + 1)); value != section.end())
            out.append({QString::fromStdString(key), valueText(*value)});
    }
    return out;
}

}  // namespace spare
