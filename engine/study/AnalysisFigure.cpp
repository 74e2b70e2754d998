#include "engine/study/AnalysisFigure.h"

#include "engine/output/CsvField.h"

#include <fmt/format.h>

namespace spare {
namespace {

std::string number(double value)
{
    return fmt::format("{:.10g}", value);
}

// A label without its markup (T<sub>c</sub>* -> Tc*).
std::string plainText(const std::string& label)
{
    std::string plain;
    bool inTag = false;
    for (char c : label) {
        if (c == '<')
            inTag = true;
        else if (c == '>')
            inTag = false;
        else if (!inTag)
            plain += c;
    }
    return plain;
}

std::string joined(const std::vector<std::string>& fields, bool quote)
{
    std::string line;
    for (std::size_t i = 0; i < fields.size(); ++i)
        line += (i ? "," : "") + (quote ? csvField(fields[i]) : fields[i]);
    return line + '\n';
}

}  // namespace

std::string AnalysisFigure::csv() const
{
    if (barFigure) {
        std::string text = joined(TimeBreakdownTable::columns(), false);
        for (const std::vector<std::string>& row : TimeBreakdownTable::rows(bars))
            text += joined(row, true);
        return text;
    }
    std::string text = std::string(kCsvHeader) + '\n';
    for (const FigureSeries& s : series)
        for (const FigurePoint& p : s.points)
            text += "point," + csvField(s.name) + ',' + number(p.x) + ',' + number(p.y) + ','
                    + (s.hasBand ? number(p.low) + ',' + number(p.high) : std::string(",")) + '\n';
    for (const FigureMarker& m : markers)
        text += "marker," + csvField(plainText(m.label)) + ',' + number(m.x) + ',' + number(m.y) + ",,\n";
    return text;
}

}  // namespace spare
