#include "engine/campaign/CampaignJson.h"

#include "engine/base/ScenarioLimits.h"
#include "engine/campaign/StableHash.h"
#include "engine/sim/RunMetrics.h"
#include "engine/sim/RunMetricsJson.h"
#include "engine/sim/ScenarioJson.h"
#include "engine/sim/ScenarioKeyTable.h"
#include "engine/sweep/Sweep.h"

#include <fmt/core.h>
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

namespace spare {

namespace {

using nlohmann::json;
using nlohmann::ordered_json;

constexpr const char* kTopKeys[] = {"name", "description", "base",        "design",       "variables", "variants",
                                    "grid", "derived",     "replication", "max_ttt_ratio"};
constexpr int kMaxPoints = 100000;
constexpr int kMaxSeeds = 100000;

std::string describe(const ordered_json& value)
{
    if (value.is_object())
        return "an object";
    if (value.is_array())
        return "an array";
    std::string text = value.dump(-1, ' ', false, ordered_json::error_handler_t::replace);
    return text.size() > 60 ? text.substr(0, 57) + "..." : text;
}

// A number rounded to 6 significant digits: range points read well and do not depend on the last bit of
// exp()/log().
double roundSignificant(double value) { return std::stod(fmt::format("{:.6g}", value)); }

class CampaignReader {
public:
    CampaignReader(std::string origin, std::string baseDir) : origin_(std::move(origin)), baseDir_(std::move(baseDir)) {}

    Campaign read(const ordered_json& doc)
    {
        Campaign c;
        if (!doc.is_object()) {
            fail("(root)", fmt::format("expected a JSON object, got {}", describe(doc)));
            return c;
        }
        for (const auto& [key, value] : doc.items())
            if (std::find(std::begin(kTopKeys), std::end(kTopKeys), std::string_view(key)) == std::end(kTopKeys))
                fail(key, fmt::format("unknown key; known keys here: {}", fmt::join(kTopKeys, ", ")));
        c.name = text(doc, "name");
        c.description = text(doc, "description");
        readBase(doc, c);
        readVariables(doc);
        readVariants(doc);
        readDesign(doc, c);
        readGrid(doc, c);
        if (c.listed)
            checkListedGrid(c);
        readDerived(doc, c);
        readReplication(doc, c.replication);
        if (const auto it = doc.find("max_ttt_ratio"); it != doc.end()) {
            if (!it->is_number() || !(it->get<double>() > 0.0) || it->get<double>() > 1e6)
                fail("max_ttt_ratio", fmt::format("{} is out of range; allowed: a number > 0 and <= 1e6", describe(*it)));
            else
                c.maxTttRatio = it->get<double>();
        }
        for (const auto& [name, variable] : variables_)
            if (!variable.used)
                fail("variables." + name, "declared but not a grid key used by a derived key");
        for (const auto& [name, variants] : variants_)
            if (std::none_of(c.grid.begin(), c.grid.end(), [&](const CampaignAxis& a) { return a.key == name; }))
                fail("variants." + name, "declared but not a grid key");
        return c;
    }

    const std::vector<InputIssue>& problems() const { return problems_; }

private:
    void fail(const std::string& key, const std::string& message)
    {
        problems_.push_back({origin_, key, message});
    }

    std::string text(const ordered_json& doc, const char* key)
    {
        const auto it = doc.find(key);
        if (it == doc.end())
            return {};
        if (!it->is_string()) {
            fail(key, fmt::format("expected a string, got {}", describe(*it)));
            return {};
        }
        return it->get<std::string>();
    }

    // Scenario problems keep their own origin ("campaign.json: base", a scenario file).
    void failScenario(const ScenarioError& e)
    {
        problems_.insert(problems_.end(), e.issues().begin(), e.issues().end());
    }

    void readBase(const ordered_json& doc, Campaign& c)
    {
        const auto it = doc.find("base");
        if (it == doc.end()) {
            fail("base", "missing; give a scenario file path or an inline scenario object");
            return;
        }
        try {
            Scenario scenario;
            if (it->is_string()) {
                const std::filesystem::path p(it->get<std::string>());
                const std::string path =
                    p.is_absolute() || baseDir_.empty() ? p.string() : (std::filesystem::path(baseDir_) / p).string();
                scenario = loadScenarioFile(path);
            } else if (it->is_object()) {
                scenario = scenarioFromJson(json::parse(it->dump()), origin_ + ": base", baseDir_);
            } else {
                fail("base", fmt::format("expected a scenario file path or an object, got {}", describe(*it)));
                return;
            }
            c.base = scenarioToJson(scenario);
            baseDocument_ = c.base;
            baseValid_ = true;
        } catch (const ScenarioError& e) {
            failScenario(e);
        }
    }

    void readDesign(const ordered_json& doc, Campaign& c)
    {
        const auto it = doc.find("design");
        if (it == doc.end())
            return;
        if (*it != "grid" && *it != "one_way" && *it != "list")
            fail("design", fmt::format("{} is not a known value; allowed: grid | one_way | list", describe(*it)));
        c.oneWay = *it == "one_way";
        c.listed = *it == "list";
        if (c.oneWay && (!variables_.empty() || !variants_.empty()))
            fail("design", "one_way varies scenario keys around the base; it takes no variables nor variants");
    }

    void checkListedGrid(const Campaign& c)
    {
        for (const CampaignAxis& axis : c.grid)
            if (axis.values.size() != c.grid.front().values.size())
                fail("grid." + axis.key,
                     fmt::format("has {} values where {} has {}; a list design takes value i of every key for cell i",
                                 axis.values.size(), c.grid.front().key, c.grid.front().values.size()));
    }

    // The object at top-level `key`: nullptr when absent, or (reported) when not an object.
    const ordered_json* section(const ordered_json& doc, const char* key, const char* shape)
    {
        const auto it = doc.find(key);
        if (it == doc.end())
            return nullptr;
        if (!it->is_object()) {
            fail(key, fmt::format("expected an object of {}, got {}", shape, describe(*it)));
            return nullptr;
        }
        return &*it;
    }

    void readVariables(const ordered_json& doc)
    {
        const ordered_json* variables = section(doc, "variables", "name: description");
        if (variables == nullptr)
            return;
        for (const auto& [name, meaning] : variables->items()) {
            if (name.empty() || name.find('.') != std::string::npos || findScenarioKey(name) != nullptr)
                fail("variables." + name, "a variable name must not be a scenario key nor contain '.'");
            else if (!meaning.is_string())
                fail("variables." + name, fmt::format("expected a description string, got {}", describe(meaning)));
            else
                variables_.emplace(name, Variable{meaning.get<std::string>(), false});
        }
    }

    // "variants": {"KEY": {"NAME": {partial scenario document}, ...}}; each overlay must give a valid scenario
    // when merged into the base.
    void readVariants(const ordered_json& doc)
    {
        const ordered_json* variants = section(doc, "variants", "key: {name: partial scenario}");
        if (variants == nullptr)
            return;
        for (const auto& [key, named] : variants->items()) {
            const std::string path = "variants." + key;
            if (key.empty() || key.find('.') != std::string::npos || findScenarioKey(key) != nullptr ||
                variables_.count(key) > 0) {
                fail(path, "a variants key must not be a scenario key, a variable nor contain '.'");
                continue;
            }
            if (!named.is_object() || named.empty()) {
                fail(path, fmt::format("expected a non-empty object of name: partial scenario, got {}", describe(named)));
                continue;
            }
            std::vector<std::pair<std::string, json>>& out = variants_[key];
            for (const auto& [name, overlay] : named.items()) {
                if (!overlay.is_object()) {
                    fail(path + "." + name, fmt::format("expected a partial scenario object, got {}", describe(overlay)));
                    continue;
                }
                out.emplace_back(name, json::parse(overlay.dump()));
                if (!baseValid_)
                    continue;
                json merged = baseDocument_;
                merged.merge_patch(out.back().second);
                try {
                    scenarioFromJson(merged, fmt::format("{}: {}.{}", origin_, path, name));
                } catch (const ScenarioError& e) {
                    failScenario(e);
                }
            }
        }
    }

    const ScenarioKeyInfo* numericRow(const std::string& key) const
    {
        const ScenarioKeyInfo* row = findScenarioKey(key);
        return row && (row->kind == ScenarioValueKind::Integer || row->kind == ScenarioValueKind::Number) ? row
                                                                                                          : nullptr;
    }

    bool isInteger(const std::string& key) const
    {
        const ScenarioKeyInfo* row = findScenarioKey(key);
        return row != nullptr && row->kind == ScenarioValueKind::Integer;
    }

    // {"log": [a, b], "points": n} or {"linear": [a, b], "points": n}.
    std::vector<ordered_json> expandRange(const std::string& path, const std::string& key, const ordered_json& spec)
    {
        const bool log = spec.contains("log");
        const char* kind = log ? "log" : "linear";
        for (const auto& [name, value] : spec.items())
            if (name != kind && name != "points")
                fail(path + "." + name, "unknown key; a range is {\"log\": [a, b], \"points\": n} or "
                                        "{\"linear\": [a, b], \"points\": n}");
        const auto bounds = spec.find(kind);
        const auto points = spec.find("points");
        if (bounds == spec.end() || !bounds->is_array() || bounds->size() != 2 || !(*bounds)[0].is_number() ||
            !(*bounds)[1].is_number()) {
            fail(path, fmt::format("expected \"{}\": [from, to] with two numbers", kind));
            return {};
        }
        if (points == spec.end() || !points->is_number_integer() || points->get<long long>() < 2 ||
            points->get<long long>() > kMaxPoints) {
            fail(path + ".points", fmt::format("{} is out of range; allowed: an integer 2 .. {}",
                                               points == spec.end() ? "missing" : describe(*points), kMaxPoints));
            return {};
        }
        const double from = (*bounds)[0].get<double>();
        const double to = (*bounds)[1].get<double>();
        if (!std::isfinite(from) || !std::isfinite(to) || !(from < to) || (log && !(from > 0.0))) {
            fail(path, fmt::format("[{}, {}] is not a range; allowed: from < to{}", from, to, log ? ", from > 0" : ""));
            return {};
        }
        const int n = points->get<int>();
        std::vector<ordered_json> values;
        for (int i = 0; i < n; ++i) {
            const double t = static_cast<double>(i) / (n - 1);
            double v = log ? std::exp(std::log(from) + t * (std::log(to) - std::log(from))) : from + t * (to - from);
            v = i == 0 ? from : i == n - 1 ? to : roundSignificant(v);
            if (isInteger(key)) {
                const auto rounded = static_cast<long long>(std::llround(v));
                if (values.empty() || values.back().get<long long>() != rounded)
                    values.emplace_back(rounded);
            } else {
                values.emplace_back(v);
            }
        }
        return values;
    }

    std::vector<ordered_json> expandValues(const std::string& path, const std::string& key, const ordered_json& spec)
    {
        if (spec.is_array())
            return {spec.begin(), spec.end()};
        if (spec.is_object())
            return expandRange(path, key, spec);
        if (spec.is_string() && (isInteger(key) || variables_.count(key) > 0)) {
            try {
                std::vector<ordered_json> values;
                // The widest integer key range; each value is then checked against its own key's limits.
                for (const int v : parseIntegerRanges(spec.get<std::string>(), 0, ScenarioLimits::maxSteps))
                    values.emplace_back(v);
                return values;
            } catch (const std::invalid_argument& e) {
                fail(path, e.what());
                return {};
            }
        }
        fail(path, fmt::format("expected a list of values, an integer range like \"2-20\", or "
                               "{{\"log\"|\"linear\": [from, to], \"points\": n}}, got {}",
                               describe(spec)));
        return {};
    }

    void readGrid(const ordered_json& doc, Campaign& c)
    {
        const auto it = doc.find("grid");
        if (it == doc.end() || !it->is_object() || it->empty()) {
            fail("grid", it == doc.end() ? "missing; map scenario key paths to lists or ranges"
                                         : fmt::format("expected a non-empty object of key path: values, got {}",
                                                       it->is_object() ? "an empty object" : describe(*it)));
            return;
        }
        for (const auto& [key, spec] : it->items()) {
            const std::string path = "grid." + key;
            const bool variable = variables_.count(key) > 0;
            const auto variants = variants_.find(key);
            if (!variable && variants == variants_.end() && findScenarioKey(key) == nullptr) {
                fail(path, "unknown key; use a scenario key path (spare-cli scenario-keys), a declared variable or "
                           "a variants key");
                continue;
            }
            if (key == "run.seed" || key == "name" || key == "description") {
                fail(path, "cannot be a grid key (seeds come from \"replication\")");
                continue;
            }
            std::vector<ordered_json> values = expandValues(path, key, spec);
            if (values.empty() && spec.is_array()) {
                fail(path, "empty list; give at least one value");
                continue;
            }
            CampaignAxis axis{key, {}, variable, variable ? variables_[key].meaning : std::string()};
            if (variants != variants_.end())
                c.variants[key] = variants->second;
            std::set<std::string> seen;
            for (std::size_t i = 0; i < values.size(); ++i) {
                const ordered_json& value = values[i];
                const std::string where = fmt::format("{}[{}]", path, i);
                if (!value.is_primitive() || value.is_null()) {
                    fail(where, fmt::format("expected a number or a string, got {}", describe(value)));
                    continue;
                }
                if (!seen.insert(value.dump()).second && !c.listed) {
                    fail(where, fmt::format("{} is listed twice", describe(value)));
                    continue;
                }
                if (variants != variants_.end()) {
                    if (!isVariantName(variants->second, value)) {
                        fail(where, fmt::format("{} is not a name under variants.{}", describe(value), key));
                        continue;
                    }
                } else if (variable ? !value.is_number() : !checkScenarioValue(c, key, value, where)) {
                    continue;
                }
                axis.values.push_back(normalized(key, value));
            }
            if (variable && axis.values.size() != values.size())
                fail(path, "a variable takes numbers only");
            c.grid.push_back(std::move(axis));
        }
    }

    static bool isVariantName(const std::vector<std::pair<std::string, json>>& variants, const ordered_json& value)
    {
        return value.is_string() && std::any_of(variants.begin(), variants.end(),
                                                [&](const auto& v) { return v.first == value.get<std::string>(); });
    }

    // Numbers as the scenario document writes them (floats for Number keys, integers for Integer keys), so a
    // grid value and the same base value have one text.
    json normalized(const std::string& key, const ordered_json& value) const
    {
        const ScenarioKeyInfo* row = findScenarioKey(key);
        if (row != nullptr && value.is_number() && row->kind == ScenarioValueKind::Number)
            return value.get<double>();
        if (row != nullptr && value.is_number_float() && row->kind == ScenarioValueKind::Integer)
            return static_cast<long long>(value.get<double>());
        return json::parse(value.dump());
    }

    // The value on the base scenario must pass the scenario rules (type, range, dependencies).
    bool checkScenarioValue(const Campaign& c, const std::string& key, const ordered_json& value,
                            const std::string& where)
    {
        if (!baseValid_)
            return true;
        json doc = c.base;
        const auto dot = key.find('.');
        doc[key.substr(0, dot)][key.substr(dot + 1)] = json::parse(value.dump());
        try {
            scenarioFromJson(doc, fmt::format("{}: {} = {}", origin_, where, describe(value)));
            return true;
        } catch (const ScenarioError& e) {
            failScenario(e);
            return false;
        }
    }

    void readDerived(const ordered_json& doc, Campaign& c)
    {
        const ordered_json* derived = section(doc, "derived", "key path: {\"divide\": [a, b]}");
        if (derived == nullptr)
            return;
        for (const auto& item : derived->items()) {
            const std::string key = item.key();
            const ordered_json& spec = item.value();
            const std::string path = "derived." + key;
            if (numericRow(key) == nullptr || key == "run.seed") {
                fail(path, "unknown or non-numeric key; a derived key is a numeric scenario key path");
                continue;
            }
            if (std::any_of(c.grid.begin(), c.grid.end(), [&](const CampaignAxis& a) { return a.key == key; })) {
                fail(path, "is also a grid key; give it one or the other");
                continue;
            }
            if (!spec.is_object() || spec.size() != 1 || !(spec.contains("divide") || spec.contains("multiply"))) {
                fail(path, "expected {\"divide\": [a, b]} or {\"multiply\": [a, b]}");
                continue;
            }
            const std::string operation = spec.begin().key();
            const ordered_json& operands = spec.begin().value();
            if (!operands.is_array() || operands.size() != 2) {
                fail(path + "." + operation, "expected two operands [a, b]");
                continue;
            }
            bool ok = true;
            for (const auto& operand : operands)
                ok = checkOperand(path + "." + operation, operand, c) && ok;
            if (ok)
                c.derived.push_back({key, operation, json::parse(operands[0].dump()), json::parse(operands[1].dump())});
        }
    }

    bool checkOperand(const std::string& path, const ordered_json& operand, const Campaign& c)
    {
        if (operand.is_number())
            return true;
        if (operand.is_string()) {
            const std::string name = operand.get<std::string>();
            if (const auto var = variables_.find(name); var != variables_.end()) {
                const bool inGrid =
                    std::any_of(c.grid.begin(), c.grid.end(), [&](const CampaignAxis& a) { return a.key == name; });
                if (!inGrid) {
                    fail(path, fmt::format("variable \"{}\" has no values in grid", name));
                    return false;
                }
                var->second.used = true;
                return true;
            }
            if (numericRow(name) != nullptr)
                return true;
        }
        fail(path, fmt::format("{} is not a number, a declared variable or a numeric scenario key path",
                               describe(operand)));
        return false;
    }

    void readReplication(const ordered_json& doc, CampaignReplication& r)
    {
        const auto it = doc.find("replication");
        if (it == doc.end())
            return;
        const auto integerIn = [this](const ordered_json& object, const char* key, int lo, int hi, int& out,
                                      const std::string& prefix) {
            const auto v = object.find(key);
            if (v == object.end())
                return;
            if (!v->is_number_integer() || v->get<long long>() < lo || v->get<long long>() > hi)
                fail(prefix + key, fmt::format("{} is out of range; allowed: an integer {} .. {}", describe(*v), lo, hi));
            else
                out = v->get<int>();
        };
        if (it->is_object() && it->contains("seeds") && !it->contains("adaptive")) {
            for (const auto& [key, value] : it->items())
                if (key != "seeds" && key != "first_replicate" && key != "common_seeds")
                    fail("replication." + key, "unknown key; known keys here: seeds, first_replicate, common_seeds");
            integerIn(*it, "seeds", 1, kMaxSeeds, r.seeds, "replication.");
            integerIn(*it, "first_replicate", 0, kMaxSeeds, r.firstReplicate, "replication.");
            if (const auto v = it->find("common_seeds"); v != it->end()) {
                if (!v->is_boolean())
                    fail("replication.common_seeds", fmt::format("{} is not allowed; use true or false", describe(*v)));
                else
                    r.commonSeeds = v->get<bool>();
            }
            return;
        }
        if (!it->is_object() || it->size() != 1 || !it->contains("adaptive") || !(*it)["adaptive"].is_object()) {
            fail("replication", "expected {\"seeds\": n} or {\"adaptive\": {\"min_seeds\": a, \"max_seeds\": b, "
                                "\"relative_half_width\": x, \"metric\": \"ttt_ratio\"}}");
            return;
        }
        const ordered_json& a = (*it)["adaptive"];
        const std::string prefix = "replication.adaptive.";
        for (const auto& [key, value] : a.items())
            if (key != "min_seeds" && key != "max_seeds" && key != "relative_half_width" && key != "metric")
                fail(prefix + key, "unknown key; known keys here: min_seeds, max_seeds, relative_half_width, metric");
        r.adaptive = true;
        integerIn(a, "min_seeds", 2, kMaxSeeds, r.minSeeds, prefix);
        integerIn(a, "max_seeds", 2, kMaxSeeds, r.maxSeeds, prefix);
        if (r.maxSeeds < r.minSeeds)
            fail(prefix + "max_seeds", fmt::format("{} is out of range; allowed: min_seeds ({}) .. {}", r.maxSeeds,
                                                   r.minSeeds, kMaxSeeds));
        if (const auto v = a.find("relative_half_width"); v != a.end()) {
            if (!v->is_number() || !(v->get<double>() > 0.0) || v->get<double>() > 1.0)
                fail(prefix + "relative_half_width", fmt::format("{} is out of range; allowed: > 0 .. 1", describe(*v)));
            else
                r.relativeHalfWidth = v->get<double>();
        }
        if (const auto v = a.find("metric"); v != a.end()) {
            const auto fields = runMetricsFields(RunMetrics{});
            const bool known = v->is_string() && std::any_of(fields.begin(), fields.end(), [&](const auto& f) {
                                   return f.first == v->get<std::string>();
                               });
            if (!known)
                fail(prefix + "metric", fmt::format("{} is not a run metric (e.g. ttt_ratio, availability)", describe(*v)));
            else
                r.metric = v->get<std::string>();
        }
    }

    std::string origin_;
    std::string baseDir_;
    bool baseValid_ = false;
    json baseDocument_;
    std::map<std::string, std::vector<std::pair<std::string, json>>> variants_;
    struct Variable {
        std::string meaning;
        bool used = false;  // by a derived key
    };
    std::map<std::string, Variable> variables_;
    std::vector<InputIssue> problems_;
};

}  // namespace

Campaign campaignFromJsonText(std::string_view text, const std::string& origin, const std::string& baseDir)
{
    ordered_json doc;
    try {
        doc = ordered_json::parse(text);
    } catch (const ordered_json::parse_error& e) {
        throw CampaignError(fmt::format("{}: (syntax): {}", origin, e.what()));
    }
    CampaignReader reader(origin, baseDir);
    Campaign campaign = reader.read(doc);
    if (!reader.problems().empty())
        throw CampaignError(reader.problems());
    return campaign;
}

Campaign loadCampaignFile(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw CampaignError(fmt::format("{}: cannot open the campaign file", path));
    std::ostringstream text;
    text << in.rdbuf();
    return campaignFromJsonText(text.str(), path, std::filesystem::path(path).parent_path().string());
}

std::string campaignToJsonText(const Campaign& c)
{
    ordered_json doc;
    doc["name"] = c.name;
    doc["description"] = c.description;
    doc["base"] = ordered_json::parse(c.base.dump());
    if (c.oneWay)
        doc["design"] = "one_way";
    if (c.listed)
        doc["design"] = "list";
    ordered_json variables = ordered_json::object();
    for (const CampaignAxis& axis : c.grid)
        if (axis.isVariable)
            variables[axis.key] = axis.variableMeaning;
    if (!variables.empty())
        doc["variables"] = variables;
    for (const auto& [key, variants] : c.variants)
        for (const auto& [name, overlay] : variants)
            doc["variants"][key][name] = ordered_json::parse(overlay.dump());
    ordered_json& grid = doc["grid"];
    for (const CampaignAxis& axis : c.grid)
        grid[axis.key] = ordered_json::parse(json(axis.values).dump());
    if (!c.derived.empty()) {
        ordered_json& derived = doc["derived"];
        for (const CampaignDerivedKey& d : c.derived)
            derived[d.key][d.operation] = ordered_json::parse(json::array({d.lhs, d.rhs}).dump());
    }
    const CampaignReplication& r = c.replication;
    if (r.adaptive)
        doc["replication"]["adaptive"] = {{"min_seeds", r.minSeeds},
                                          {"max_seeds", r.maxSeeds},
                                          {"relative_half_width", r.relativeHalfWidth},
                                          {"metric", r.metric}};
    else {
        doc["replication"]["seeds"] = r.seeds;
        if (r.firstReplicate > 0)
            doc["replication"]["first_replicate"] = r.firstReplicate;
        if (r.commonSeeds)
            doc["replication"]["common_seeds"] = true;
    }
    doc["max_ttt_ratio"] = c.maxTttRatio;
    return doc.dump(2) + "\n";
}

std::string campaignHash(const Campaign& campaign) { return hex64(stableHash64(campaignToJsonText(campaign))); }

}  // namespace spare
