#include "engine/campaign/MergedCampaignTable.h"

#include "engine/base/ProblemList.h"
#include "engine/base/WholeNumber.h"
#include "engine/campaign/CampaignError.h"
#include "engine/campaign/CampaignPlan.h"

#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <limits>
#include <sstream>

namespace spare {

namespace {

constexpr std::string_view kFixedColumns[] = {"replicate", "seed", "status", "reason"};
constexpr std::string_view kRequiredMetrics[] = {"ttt_ratio", "availability"};
constexpr double kMissing = std::numeric_limits<double>::quiet_NaN();

// Splits the header into parameter and metric columns; false (with problems) when it is not a merged
// campaign table's: run_id first, at least one parameter, replicate/seed/status/reason, the metrics the
// Campaign view needs.
bool splitColumns(const std::vector<std::string>& columns, MergedCampaignTable& table, std::vector<std::string>& problems)
{
    if (columns.empty() || columns.front() != "run_id") {
        problems.push_back(fmt::format("not a merged campaign table: the first column is '{}', expected run_id "
                                       "(write one with spare-cli campaign merge DIR --out FILE.csv)",
                                       columns.empty() ? "" : columns.front()));
        return false;
    }
    const auto replicate = std::find(columns.begin(), columns.end(), "replicate");
    const auto fixedEnd = replicate + static_cast<std::ptrdiff_t>(std::size(kFixedColumns));
    if (replicate == columns.end() || columns.end() - replicate < static_cast<std::ptrdiff_t>(std::size(kFixedColumns))
        || !std::equal(replicate, fixedEnd, std::begin(kFixedColumns))) {
        problems.push_back("not a merged campaign table: missing the columns replicate, seed, status, reason after the "
                           "parameter columns");
        return false;
    }
    table.parameterColumns.assign(columns.begin() + 1, replicate);
    table.metricColumns.assign(fixedEnd, columns.end());
    if (table.parameterColumns.empty())
        problems.push_back("no parameter columns between run_id and replicate");
    for (const std::string_view metric : kRequiredMetrics)
        if (!table.metricIndex(metric))
            problems.push_back(fmt::format("missing the metric column {}", metric));
    return problems.empty();
}

// One CSV record (no embedded newlines: the merge never writes them); false on an unbalanced quote.
bool splitCsvLine(std::string_view line, std::vector<std::string>& fields)
{
    fields.clear();
    std::string field;
    bool quoted = false;
    for (std::size_t i = 0; i < line.size(); ++i) {
        const char c = line[i];
        if (quoted) {
            if (c != '"')
                field += c;
            else if (i + 1 < line.size() && line[i + 1] == '"')
                field += line[++i];
            else
                quoted = false;
        } else if (c == '"') {
            quoted = true;
        } else if (c == ',') {
            fields.push_back(std::move(field));
            field.clear();
        } else {
            field += c;
        }
    }
    fields.push_back(std::move(field));
    return !quoted;
}

// The fixed and metric fields of a row (parameters already set); problems name `where`.
template <typename Field>
void readRunFields(const MergedCampaignTable& table, const std::string& where, Field field, MergedCampaignRun& run,
                   std::vector<std::string>& problems)
{
    const std::size_t first = 1 + table.parameterColumns.size();
    const auto replicate = parseWholeNumber<int>(field(first));
    const auto seed = parseWholeNumber<std::uint64_t>(field(first + 1));
    const std::string status = field(first + 2);
    if (!replicate || *replicate < 0)
        problems.push_back(fmt::format("{}: replicate '{}' is not a whole number >= 0", where, field(first)));
    if (!seed)
        problems.push_back(fmt::format("{}: seed '{}' is not a whole number 0 .. 2^64-1", where, field(first + 1)));
    if (status != "ok" && status != "failed")
        problems.push_back(fmt::format("{}: status '{}': allowed ok, failed", where, status));
    run.replicate = replicate.value_or(0);
    run.seed = seed.value_or(0);
    run.ok = status == "ok";
    run.metrics.assign(table.metricColumns.size(), kMissing);
    if (!run.ok)
        return;
    for (std::size_t m = 0; m < table.metricColumns.size(); ++m) {
        const std::string text = field(first + std::size(kFixedColumns) + m);
        if (text.empty())
            continue;
        const auto value = parseWholeNumber<double>(text);
        if (value)
            run.metrics[m] = *value;
        else
            problems.push_back(fmt::format("{}: {} '{}' is not a number", where, table.metricColumns[m], text));
    }
}

MergedCampaignTable finish(MergedCampaignTable table, const std::string& origin, const std::vector<std::string>& problems)
{
    if (!problems.empty())
        throw CampaignError(issuesIn(origin, problems));
    if (table.runs.empty())
        throw CampaignError(fmt::format("{}: the table has no runs", origin));
    return table;
}

}  // namespace

std::optional<std::size_t> MergedCampaignTable::metricIndex(std::string_view column) const
{
    const auto it = std::find(metricColumns.begin(), metricColumns.end(), column);
    if (it == metricColumns.end())
        return std::nullopt;
    return static_cast<std::size_t>(it - metricColumns.begin());
}

MergedCampaignTable MergedCampaignTable::read(const std::string& path)
{
    const std::string extension = std::filesystem::path(path).extension().string();
    if (extension != ".csv" && extension != ".json")
        throw CampaignError(fmt::format("{}: a merged campaign table is a .csv or .json file (spare-cli campaign merge)", path));
    std::error_code error;
    if (!std::filesystem::is_regular_file(path, error))
        throw CampaignError(fmt::format("{}: no such file", path));
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    if (!in || !(text << in.rdbuf()))
        throw CampaignError(fmt::format("{}: cannot read the file", path));
    return extension == ".csv" ? fromCsv(text.str(), path) : fromJson(text.str(), path);
}

MergedCampaignTable MergedCampaignTable::fromCsv(std::string_view text, const std::string& origin)
{
    MergedCampaignTable table;
    std::vector<std::string> problems;
    std::vector<std::string> fields;
    bool haveHeader = false;
    std::size_t lineNumber = 0;
    while (!text.empty()) {
        const std::size_t end = std::min(text.find('\n'), text.size());
        std::string_view line = text.substr(0, end);
        text.remove_prefix(std::min(end + 1, text.size()));
        ++lineNumber;
        if (!line.empty() && line.back() == '\r')
            line.remove_suffix(1);
        if (!haveHeader && line.starts_with('#')) {
            line.remove_prefix(1);
            const std::size_t colon = line.find(':');
            const auto trim = [](std::string_view s) {
                s.remove_prefix(std::min(s.find_first_not_of(' '), s.size()));
                return std::string(s);
            };
            table.provenance.emplace_back(trim(line.substr(0, colon)),
                                          colon == std::string_view::npos ? std::string() : trim(line.substr(colon + 1)));
            continue;
        }
        if (line.empty())
            continue;
        const std::string where = fmt::format("line {}", lineNumber);
        if (!splitCsvLine(line, fields)) {
            problems.push_back(fmt::format("{}: unbalanced quote", where));
            if (!haveHeader)
                break;
            continue;
        }
        if (!haveHeader) {
            haveHeader = true;
            if (!splitColumns(fields, table, problems))
                break;
            continue;
        }
        const std::size_t columns = 1 + table.parameterColumns.size() + std::size(kFixedColumns) + table.metricColumns.size();
        if (fields.size() != columns) {
            problems.push_back(fmt::format("{}: {} fields, expected {} (one per column)", where, fields.size(), columns));
            continue;
        }
        MergedCampaignRun run;
        run.parameters.assign(fields.begin() + 1, fields.begin() + 1 + static_cast<std::ptrdiff_t>(table.parameterColumns.size()));
        readRunFields(table, where, [&](std::size_t i) { return fields[i]; }, run, problems);
        table.runs.push_back(std::move(run));
    }
    if (!haveHeader && problems.empty())
        problems.push_back("no header line: not a merged campaign table (spare-cli campaign merge DIR --out FILE.csv)");
    return finish(std::move(table), origin, problems);
}

MergedCampaignTable MergedCampaignTable::fromJson(std::string_view text, const std::string& origin)
{
    using nlohmann::json;
    const json doc = json::parse(text, nullptr, false);
    if (doc.is_discarded() || !doc.is_object() || !doc.contains("columns") || !doc["columns"].is_array()
        || !doc.contains("runs") || !doc["runs"].is_array())
        throw CampaignError(fmt::format("{}: not a merged campaign table: expected a JSON object with \"columns\" and "
                                        "\"runs\" arrays (spare-cli campaign merge DIR --out FILE.json)",
                                        origin));
    MergedCampaignTable table;
    std::vector<std::string> problems;
    if (doc.contains("provenance") && doc["provenance"].is_object())
        for (const auto& [key, value] : doc["provenance"].items())
            table.provenance.emplace_back(key, value.is_string() ? value.get<std::string>() : value.dump());
    std::vector<std::string> columns;
    for (const json& column : doc["columns"])
        columns.push_back(column.is_string() ? column.get<std::string>() : column.dump());
    if (!splitColumns(columns, table, problems))
        return finish(std::move(table), origin, problems);
    const auto textOf = [](const json& value) -> std::string {
        if (value.is_string())
            return value.get<std::string>();
        if (value.is_boolean())
            return value.get<bool>() ? "1" : "0";
        return value.is_null() ? std::string() : campaignValueText(value);
    };
    std::size_t index = 0;
    for (const json& row : doc["runs"]) {
        const std::string where = fmt::format("runs[{}]", index++);
        if (!row.is_object()) {
            problems.push_back(fmt::format("{}: expected an object", where));
            continue;
        }
        std::vector<std::string> fields;
        for (const std::string& column : columns) {
            const auto it = row.find(column);
            if (it == row.end())
                problems.push_back(fmt::format("{}: missing {}", where, column));
            fields.push_back(it == row.end() ? std::string() : textOf(*it));
        }
        MergedCampaignRun run;
        run.parameters.assign(fields.begin() + 1, fields.begin() + 1 + static_cast<std::ptrdiff_t>(table.parameterColumns.size()));
        readRunFields(table, where, [&](std::size_t i) { return fields[i]; }, run, problems);
        table.runs.push_back(std::move(run));
    }
    return finish(std::move(table), origin, problems);
}

}  // namespace spare
