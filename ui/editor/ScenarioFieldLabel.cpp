#include "ui/editor/ScenarioFieldLabel.h"

#include <QStringList>

namespace spare {
namespace {

// Words written as people write them, not as JSON keys.
QString word(const QString& part)
{
    static const QList<std::pair<QString, QString>> spelled{
        {QStringLiteral("mtbf"), QStringLiteral("MTBF")},   {QStringLiteral("gpus"), QStringLiteral("GPUs")},
        {QStringLiteral("allreduce"), QStringLiteral("all-reduce")}, {QStringLiteral("sd"), QStringLiteral("SD")},
        {QStringLiteral("rep"), QStringLiteral("Rep")},     {QStringLiteral("id"), QStringLiteral("ID")}};
    for (const auto& [json, written] : spelled)
        if (part == json)
            return written;
    return part;
}

// "T_comp" -> "T<sub>comp</sub>"; "N" stays.
QString symbol(const QString& plain)
{
    const qsizetype underscore = plain.indexOf(QLatin1Char('_'));
    if (underscore < 0)
        return plain.toHtmlEscaped();
    return plain.left(underscore).toHtmlEscaped() + QStringLiteral("<sub>") + plain.mid(underscore + 1).toHtmlEscaped()
           + QStringLiteral("</sub>");
}

}  // namespace

QString ScenarioFieldLabel::text(const ScenarioKeyInfo& row)
{
    const QString key = QString::fromLatin1(row.key);
    const QString unit = QString::fromUtf8(row.unit);
    QStringList parts = key.section(QLatin1Char('.'), -1).split(QLatin1Char('_'), Qt::SkipEmptyParts);
    // The unit is said once, in brackets: compute_s is "Compute [s]", interval_steps "Interval [steps]".
    if (parts.size() > 1 && (parts.back() == unit || (parts.back() == QLatin1String("s") && unit == QLatin1String("s"))))
        parts.removeLast();
    for (QString& part : parts)
        part = word(part);
    QString label = parts.join(QLatin1Char(' '));
    if (!label.isEmpty() && label.front().isLower())
        label.front() = label.front().toUpper();
    label = label.toHtmlEscaped();
    // A meaning that starts with its symbol ("m: system MTBF ...") gives the symbol.
    const QString meaning = QString::fromUtf8(row.meaning);
    const qsizetype colon = meaning.indexOf(QStringLiteral(": "));
    if (colon > 0 && colon <= 6 && !meaning.left(colon).contains(QLatin1Char(' ')))
        label += QStringLiteral(" <i>%1</i>").arg(symbol(meaning.left(colon)));
    const bool unitInWords = unit.isEmpty() || parts.contains(unit, Qt::CaseInsensitive);
    if (!unitInWords) {
        QStringList unitWords = unit.split(QLatin1Char(' '));
        for (QString& w : unitWords)
            w = symbol(w);
        label += QStringLiteral(" [%1]").arg(unitWords.join(QLatin1Char(' ')));
    }
    return label;
}

}  // namespace spare
