#include "engine/sim/ScenarioJson.h"

#include "engine/base/InputFile.h"
#include "engine/base/ProblemList.h"
#include "engine/layout/BuiltInLayouts.h"
#include "engine/sim/ScenarioKeyTable.h"

#include <fmt/core.h>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <limits>
#include <set>

namespace spare {

namespace {

using nlohmann::json;

constexpr const char* kSections[] = {"cluster",    "topology",          "workload", "failures",   "restart",
                                     "repair",     "hosts",             "elastic",  "rebalance",  "memory_checkpoint",
                                     "progress",   "checkpoint",        "maintenance", "run"};
constexpr double kTwoTo63 = 9223372036854775808.0;
constexpr double kTwoTo64 = 18446744073709551616.0;
// Entries of a scenario list read at most (a longer list is refused by validation anyway).
constexpr std::size_t kMaxListEntries = 1000;

// A value as it appears in a message: scalars verbatim (long strings cut), containers by kind only
// (dumping a deeply nested document could recurse deeply).
std::string describe(const json& value)
{
    switch (value.type()) {
    case json::value_t::object: return "an object";
    case json::value_t::array: return "an array";
    case json::value_t::null: return "null";
    case json::value_t::binary: return "binary data";
    default: break;
    }
    std::string text = value.dump(-1, ' ', false, json::error_handler_t::replace);
    if (text.size() > 60)
        text = text.substr(0, 57) + "...";
    return text;
}

std::string resolveAgainst(const std::string& baseDir, const std::string& path)
{
    const std::filesystem::path p(path);
    if (baseDir.empty() || path.empty() || p.is_absolute())
        return path;
    return (std::filesystem::path(baseDir) / p).lexically_normal().string();
}

// Reads one document into a Scenario, collecting every problem.
class ScenarioReader {
public:
    explicit ScenarioReader(const json& doc) : doc_(doc) {}

    Scenario read()
    {
        Scenario s;
        if (!doc_.is_object()) {
            fail("(root)", fmt::format("expected a JSON object, got {}", describe(doc_)), describe(doc_));
            return s;
        }
        checkKeys(doc_, "");
        for (const char* section : kSections) {
            const auto it = doc_.find(section);
            if (it == doc_.end())
                continue;
            if (it->is_object())
                checkKeys(*it, section);
            else
                fail(section, fmt::format("expected an object (a section), got {}", describe(*it)), describe(*it));
        }
        text("name", s.name);
        text("description", s.description);
        integer("cluster.groups", s.groups);
        integer("cluster.gpus_per_group", s.gpusPerGroup);
        integer("cluster.redundancy", s.redundancy);
        text("cluster.layout", s.layout);
        if (sectionPresent("topology")) {
            Topology& t = s.topology.emplace();
            integer("topology.gpus_per_node", t.gpusPerNode);
            integer("topology.nodes_per_rack", t.nodesPerRack);
            integer("topology.racks_per_pod", t.racksPerPod);
            text("topology.placement", t.placement);
            choice("topology.domain_level", t.domainLevel, &parseDomainLevel, domainLevelNames());
        }
        integer("workload.steps", s.steps);
        number("workload.compute_s", s.computeS);
        number("workload.allreduce_s", s.allReduceS);
        number("workload.failed_allreduce_factor", s.failedAllReduceFactor);
        number("workload.shrink_s", s.shrinkS);
        number("workload.jitter_sd", s.jitterSd);
        number("workload.jitter_min", s.jitterMin);
        choice("failures.model", s.failureModel, &parseFailureModel, failureModelNames());
        number("failures.system_mtbf_s", s.systemMtbfS);
        number("failures.weibull_shape", s.weibullShape);
        choice("failures.start", s.clockStart, &parseClockStart, clockStartNames());
        text("failures.trace", s.failureTrace);
        list("failures.domains", s.domainFailures, &ScenarioReader::domainProcess);
        list("failures.categories", s.failureCategories, &ScenarioReader::category);
        number("restart.duration_s", s.restartS);
        choice("restart.rule", s.restartRule, &parseRestartRule, restartRuleNames());
        number("restart.detect_s", s.detectS);
        number("restart.diagnose_s", s.diagnoseS);
        number("restart.queue_s", s.queueS);
        if (sectionPresent("repair")) {
            RepairModel& r = s.repair.emplace();
            integer("repair.spare_nodes", r.spareNodes);
            numberOrInfinity("repair.swap_s", r.swapS);
            choice("repair.repair_distribution", r.repairDistribution, &parseRepairDistribution,
                   repairDistributionNames());
            number("repair.repair_mean_s", r.repairMeanS);
            number("repair.repair_sigma", r.repairSigma);
            number("repair.escalation_share", r.escalationShare);
            number("repair.escalation_mean_s", r.escalationMeanS);
            choice("repair.rejoin", r.rejoin, &parseRejoinRule, rejoinRuleNames());
            number("repair.state_transfer_s", r.stateTransferS);
        }
        if (sectionPresent("hosts")) {
            HostHeterogeneity& h = s.hosts.emplace();
            number("hosts.prone_share", h.proneShare);
            number("hosts.prone_factor", h.proneFactor);
            integer("hosts.remove_after", h.removeAfter);
            number("hosts.slow_share", h.slowShare);
            number("hosts.slow_factor", h.slowFactor);
            numberOrInfinity("hosts.evict_after_s", h.evictAfterS);
        }
        if (sectionPresent("elastic")) {
            ElasticSettings& e = s.elastic.emplace();
            number("elastic.detect_s", e.detectS);
            integer("elastic.min_replicas", e.minReplicas);
            integer("elastic.spare_groups", e.spareGroups);
        }
        if (sectionPresent("rebalance")) {
            RebalanceSettings& r = s.rebalance.emplace();
            number("rebalance.reconfigure_s", r.reconfigureS);
            boolean("rebalance.integer_factor", r.integerFactor);
        }
        if (sectionPresent("memory_checkpoint")) {
            MemoryCheckpoint& m = s.memoryCheckpoint.emplace();
            integer("memory_checkpoint.every_steps", m.everySteps);
            integer("memory_checkpoint.copies", m.copies);
            choice("memory_checkpoint.placement", m.placement, &parseMemoryPlacement, memoryPlacementNames());
            number("memory_checkpoint.stall_s", m.stallS);
            number("memory_checkpoint.lost_share", m.lostShare);
            number("memory_checkpoint.restore_s", m.restoreS);
        }
        if (sectionPresent("progress")) {
            ProgressModel& p = s.progress.emplace();
            choice("progress.measure", p.measure, &parseProgressMeasure, progressMeasureNames());
            numberOrInfinity("progress.phi", p.phi);
        }
        integerOrAuto("checkpoint.interval_steps", s.checkpointIntervalSteps);
        number("checkpoint.write_s", s.checkpointWriteS);
        boolean("checkpoint.writer_only_waits", s.writerOnlyWaits);
        number("checkpoint.persist_s", s.checkpointPersistS);
        choice("checkpoint.semantics", s.checkpointSemantics, &parseCheckpointSemantics, checkpointSemanticsNames());
        choice("checkpoint.auto_rule", s.checkpointAutoRule, &parseCheckpointAutoRule, checkpointAutoRuleNames());
        if (sectionPresent("maintenance")) {
            MaintenanceSchedule& m = s.maintenance.emplace();
            number("maintenance.every_s", m.everyS);
            number("maintenance.duration_s", m.durationS);
            maintenanceTimes(m);
        }
        choice("run.policy", s.policy, &parsePolicy, policyNames());
        seed(s.seed);
        integerOrAuto("run.rep_redundancy", s.repRedundancy);
        return s;
    }

    // True when the optional section `name` is there as an object (absent: the feature is off).
    bool sectionPresent(const char* name) const
    {
        const auto it = doc_.find(name);
        return it != doc_.end() && it->is_object();
    }

    // Problems (no origin yet), in document order of the checks.
    const std::vector<InputIssue>& problems() const { return problems_; }
    bool failed(const std::string& key) const { return failedKeys_.count(key) > 0; }

private:
    // A list of objects at `key` ("failures.domains"): each entry's keys are checked against the list-key
    // table and read by `entry`. At most kMaxListEntries entries are read (validation refuses far fewer).
    template <typename Entry>
    void list(const std::string& key, std::vector<Entry>& out,
              void (ScenarioReader::*entry)(const json&, const std::string&, Entry&))
    {
        const json* value = find(key);
        if (value == nullptr)
            return;
        if (!value->is_array()) {
            fail(key, fmt::format("expected an array of objects, got {}", describe(*value)), describe(*value));
            return;
        }
        out.clear();
        for (std::size_t i = 0; i < value->size() && i < kMaxListEntries; ++i) {
            const json& item = (*value)[i];
            const std::string path = fmt::format("{}[{}]", key, i);
            if (!item.is_object()) {
                fail(path, fmt::format("expected an object, got {}", describe(item)), describe(item));
                continue;
            }
            for (auto it = item.begin(); it != item.end(); ++it)
                if (findScenarioListKey(key + "[]." + it.key()) == nullptr)
                    fail(path + "." + it.key(), fmt::format("unknown key; known keys here: {}", listKeys(key)),
                         describe(it.value()));
            (this->*entry)(item, path, out.emplace_back());
        }
    }

    static std::string listKeys(const std::string& list)
    {
        std::vector<std::string_view> names;
        const std::string prefix = list + "[].";
        for (const ScenarioKeyInfo& row : scenarioListKeyTable())
            if (std::string_view(row.key).starts_with(prefix))
                names.push_back(std::string_view(row.key).substr(prefix.size()));
        return fmt::format("{}", fmt::join(names, ", "));
    }

    static const json* member(const json& object, const char* name)
    {
        const auto it = object.find(name);
        return it == object.end() ? nullptr : &*it;
    }

    void domainProcess(const json& item, const std::string& path, DomainFailureProcess& out)
    {
        choice(path + ".level", member(item, "level"), out.level, &parseDomainLevel, domainLevelNames());
        const auto optionalNumber = [&](const char* name, std::optional<double>& field) {
            const json* value = member(item, name);
            if (value == nullptr)
                return;
            double v = 0.0;
            const std::size_t before = problems_.size();
            number(path + "." + name, value, *findScenarioListKey(std::string("failures.domains[].") + name), v);
            if (problems_.size() == before)
                field = v;
        };
        optionalNumber("mtbf_s", out.mtbfS);
        optionalNumber("rate_per_1000_domain_days", out.ratePer1000DomainDays);
        if (!out.mtbfS && !out.ratePer1000DomainDays && !failed(path + ".mtbf_s") &&
            !failed(path + ".rate_per_1000_domain_days"))
            fail(path, "missing mtbf_s or rate_per_1000_domain_days; give exactly one");
        choice(path + ".shape", member(item, "shape"), out.shape, &parseFailureShape, failureShapeNames());
        number(path + ".weibull_k", member(item, "weibull_k"), *findScenarioListKey("failures.domains[].weibull_k"),
               out.weibullShape);
    }

    // maintenance.at_s: a list of instants; when it has entries, every_s is not used.
    void maintenanceTimes(MaintenanceSchedule& m)
    {
        const json* value = find("maintenance.at_s");
        if (value == nullptr)
            return;
        if (!value->is_array()) {
            fail("maintenance.at_s", fmt::format("expected an array of numbers, got {}", describe(*value)),
                 describe(*value));
            return;
        }
        const ScenarioKeyInfo& row = *findScenarioListKey("maintenance.at_s[]");
        for (std::size_t i = 0; i < value->size() && i < kMaxListEntries; ++i) {
            double at = 0.0;
            const std::size_t before = problems_.size();
            number(fmt::format("maintenance.at_s[{}]", i), &(*value)[i], row, at);
            if (problems_.size() == before)
                m.atS.push_back(at);
        }
        if (value->size() > kMaxListEntries)
            fail("maintenance.at_s", fmt::format("{} entries; allowed: at most 1,000", value->size()));
    }

    void category(const json& item, const std::string& path, FailureCategory& out)
    {
        if (member(item, "name") == nullptr)
            fail(path + ".name", "missing; every category needs a name");
        text(path + ".name", member(item, "name"), out.name);
        number(path + ".share", member(item, "share"), *findScenarioListKey("failures.categories[].share"), out.share);
        choice(path + ".level", member(item, "level"), out.level, &parseCategoryLevel, categoryLevelNames());
    }

    void fail(std::string key, std::string message, std::string value = {})
    {
        failedKeys_.insert(key);
        problems_.push_back({{}, std::move(key), std::move(message), std::move(value)});
    }

    void checkKeys(const json& object, const std::string& prefix)
    {
        for (auto it = object.begin(); it != object.end(); ++it) {
            const std::string& key = it.key();
            const std::string path = prefix.empty() ? key : prefix + "." + key;
            const bool isSection = prefix.empty() && std::find(std::begin(kSections), std::end(kSections),
                                                               std::string_view(key)) != std::end(kSections);
            const auto lists = scenarioListKeys();
            if (isSection || findScenarioKey(path) != nullptr ||
                std::find(lists.begin(), lists.end(), std::string_view(path)) != lists.end())
                continue;
            fail(path, fmt::format("unknown key; known keys here: {}", knownKeys(prefix)), describe(it.value()));
        }
    }

    static std::string knownKeys(const std::string& prefix)
    {
        std::vector<std::string> names;
        for (const ScenarioKeyInfo& row : scenarioKeyTable()) {
            const std::string_view key = row.key;
            const auto dot = key.find('.');
            std::string name;
            if (prefix.empty())
                name = std::string(dot == std::string_view::npos ? key : key.substr(0, dot));
            else if (dot != std::string_view::npos && key.substr(0, dot) == prefix)
                name = std::string(key.substr(dot + 1));
            if (!name.empty() && std::find(names.begin(), names.end(), name) == names.end())
                names.push_back(std::move(name));
        }
        for (const std::string_view list : scenarioListKeys())
            if (!prefix.empty() && list.starts_with(prefix + "."))
                names.emplace_back(list.substr(prefix.size() + 1));
        return fmt::format("{}", fmt::join(names, ", "));
    }

    // The value at "section.key" (or "key"), or nullptr when absent or its section is not an object.
    const json* find(const std::string& path) const
    {
        const auto dot = path.find('.');
        const json* object = &doc_;
        std::string key = path;
        if (dot != std::string::npos) {
            const auto section = doc_.find(path.substr(0, dot));
            if (section == doc_.end() || !section->is_object())
                return nullptr;
            object = &*section;
            key = path.substr(dot + 1);
        }
        const auto it = object->find(key);
        return it == object->end() ? nullptr : &*it;
    }

    // An integral JSON number (integers, or floats like 1e4 with no fraction) as long double range-safe
    // value; sets a problem and returns nullopt otherwise.
    std::optional<double> integral(const std::string& key, const json& value, const char* expected)
    {
        if (value.is_number_integer() || value.is_number_unsigned())
            return value.get<double>();
        if (value.is_number_float()) {
            const double v = value.get<double>();
            if (!std::isfinite(v)) {
                fail(key, fmt::format("{} is not a finite number; expected {}", describe(value), expected),
                     describe(value));
                return std::nullopt;
            }
            if (std::trunc(v) != v) {
                fail(key, fmt::format("{} is not an integer; expected {}", describe(value), expected), describe(value));
                return std::nullopt;
            }
            return v;
        }
        fail(key, fmt::format("expected {}, got {}", expected, describe(value)), describe(value));
        return std::nullopt;
    }

    void integer(const std::string& key, int& out)
    {
        const json* value = find(key);
        if (value == nullptr)
            return;
        const auto v = integral(key, *value, "an integer");
        if (!v)
            return;
        if (*v < std::numeric_limits<int>::min() || *v > std::numeric_limits<int>::max()) {
            fail(key, scenarioRangeMessage(*findScenarioKey(key), describe(*value)), describe(*value));
            return;
        }
        out = value->is_number_float() ? static_cast<int>(*v) : value->get<int>();
    }

    void seed(std::uint64_t& out)
    {
        const std::string key = "run.seed";
        const json* value = find(key);
        if (value == nullptr)
            return;
        const auto v = integral(key, *value, "a non-negative integer");
        if (!v)
            return;
        if (value->is_number_unsigned()) {
            out = value->get<std::uint64_t>();
        } else if (*v < 0 || *v >= kTwoTo64) {
            fail(key, scenarioRangeMessage(*findScenarioKey(key), describe(*value)), describe(*value));
        } else if (value->is_number_integer()) {
            out = static_cast<std::uint64_t>(value->get<std::int64_t>());
        } else {
            // Floats at or above 2^63 do not fit int64: convert in two halves.
            out = *v >= kTwoTo63 ? static_cast<std::uint64_t>(*v - kTwoTo63) + (std::uint64_t{1} << 63)
                                 : static_cast<std::uint64_t>(*v);
        }
    }

    void number(const std::string& key, double& out) { number(key, find(key), *findScenarioKey(key), out); }

    // `value` (nullptr: absent) read as the number at `key`, whose range is `row`'s.
    void number(const std::string& key, const json* value, const ScenarioKeyInfo& row, double& out)
    {
        if (value == nullptr)
            return;
        if (!value->is_number()) {
            fail(key, fmt::format("expected a number, got {}", describe(*value)), describe(*value));
            return;
        }
        const double v = value->get<double>();
        if (!std::isfinite(v)) {
            fail(key, fmt::format("{} is not a finite number; allowed: {}", describe(*value), row.allowed),
                 describe(*value));
            return;
        }
        out = v;
    }

    void text(const std::string& key, std::string& out) { text(key, find(key), out); }

    void text(const std::string& key, const json* value, std::string& out)
    {
        if (value == nullptr)
            return;
        if (!value->is_string()) {
            fail(key, fmt::format("expected a string, got {}", describe(*value)), describe(*value));
            return;
        }
        out = value->get<std::string>();
    }

    void boolean(const std::string& key, bool& out)
    {
        const json* value = find(key);
        if (value == nullptr)
            return;
        if (!value->is_boolean()) {
            fail(key, fmt::format("expected true or false, got {}", describe(*value)), describe(*value));
            return;
        }
        out = value->get<bool>();
    }

    template <typename Enum>
    void choice(const std::string& key, Enum& out, std::optional<Enum> (*parse)(std::string_view),
                const char* allowed)
    {
        choice(key, find(key), out, parse, allowed);
    }

    template <typename Enum>
    void choice(const std::string& key, const json* value, Enum& out, std::optional<Enum> (*parse)(std::string_view),
                const char* allowed)
    {
        if (value == nullptr)
            return;
        const std::optional<Enum> parsed =
            value->is_string() ? parse(value->get_ref<const std::string&>()) : std::nullopt;
        if (!parsed) {
            fail(key, fmt::format("{} is not a known value; allowed: {}", describe(*value), allowed), describe(*value));
            return;
        }
        out = *parsed;
    }

    // For a key that also takes the string `word`: nullopt when `value` is no string (read it as a
    // number), true when it is `word`, false (a problem reported) for any other string.
    std::optional<bool> isWord(const std::string& key, const json& value, std::string_view word)
    {
        if (!value.is_string())
            return std::nullopt;
        if (value.get_ref<const std::string&>() == word)
            return true;
        fail(key, fmt::format("{} is not a known value; allowed: {}", describe(value), findScenarioKey(key)->allowed),
             describe(value));
        return false;
    }

    // A number key that also takes "inf" (+infinity). A document built in memory (the GUI editor) may
    // hold +infinity itself.
    void numberOrInfinity(const std::string& key, double& out)
    {
        const json* value = find(key);
        if (value == nullptr)
            return;
        constexpr double infinity = std::numeric_limits<double>::infinity();
        if (const std::optional<bool> word = isWord(key, *value, kScenarioInfinityWord)) {
            if (*word)
                out = infinity;
            return;
        }
        if (value->is_number_float() && value->get<double>() == infinity)
            out = infinity;
        else
            number(key, out);
    }

    // An integer key that also takes "auto" (nullopt).
    void integerOrAuto(const std::string& key, std::optional<int>& out)
    {
        const json* value = find(key);
        if (value == nullptr)
            return;
        if (const std::optional<bool> word = isWord(key, *value, "auto")) {
            if (*word)
                out = std::nullopt;
            return;
        }
        int number = 0;
        const std::size_t before = problems_.size();
        integer(key, number);
        if (problems_.size() == before)
            out = number;
    }

    const json& doc_;
    std::vector<InputIssue> problems_;
    std::set<std::string> failedKeys_;
};

// One pass over the JSON text that tracks the key path being read: finds where a document stops parsing
// (the path, e.g. "cluster.groups", and why) and every key written twice in one object, which a parsed
// document silently keeps only once.
class JsonKeyScanner : public nlohmann::json_sax<json> {
public:
    std::string path() const
    {
        std::string out;
        for (const Frame& frame : frames_) {
            if (frame.isArray)
                out += fmt::format("[{}]", frame.index);
            else if (!frame.key.empty())
                out += (out.empty() ? "" : ".") + frame.key;
        }
        return out.empty() ? "(root)" : out;
    }
    const std::string& syntaxProblem() const { return syntaxProblem_; }
    const std::vector<std::string>& duplicateKeys() const { return duplicateKeys_; }

    bool null() override { return value(); }
    bool boolean(bool) override { return value(); }
    bool number_integer(number_integer_t) override { return value(); }
    bool number_unsigned(number_unsigned_t) override { return value(); }
    bool number_float(number_float_t, const string_t&) override { return value(); }
    bool string(string_t&) override { return value(); }
    bool binary(binary_t&) override { return value(); }
    bool start_object(std::size_t) override { return open(false); }
    bool key(string_t& name) override
    {
        Frame& frame = frames_.back();
        frame.key = name;
        if (!frame.keys.insert(name).second)
            duplicateKeys_.push_back(path());
        return true;
    }
    bool end_object() override { return close(); }
    bool start_array(std::size_t) override { return open(true); }
    bool end_array() override { return close(); }
    bool parse_error(std::size_t, const std::string& token, const nlohmann::detail::exception& e) override
    {
        if (e.id == 406)  // number overflow: 1e999 and the like would be +-inf
            syntaxProblem_ = fmt::format("{} is not a finite number", token);
        else
            syntaxProblem_ = fmt::format("not valid JSON: {}", e.what());
        return false;
    }

private:
    struct Frame {
        bool isArray = false;
        std::size_t index = 0;
        std::string key;
        std::set<std::string> keys;
    };
    bool value()
    {
        if (!frames_.empty() && frames_.back().isArray)
            ++frames_.back().index;
        return true;
    }
    bool open(bool isArray)
    {
        frames_.push_back({isArray, 0, {}, {}});
        return true;
    }
    bool close()
    {
        frames_.pop_back();
        return value();
    }

    std::vector<Frame> frames_;
    std::string syntaxProblem_;
    std::vector<std::string> duplicateKeys_;
};


// The reader's and validateScenario()'s problems after `earlier` ones (found in the text itself).
Scenario readScenario(const json& doc, const std::string& origin, const std::string& baseDir,
                      std::vector<InputIssue> earlier)
{
    ScenarioReader reader(doc);
    Scenario scenario = reader.read();
    std::vector<InputIssue> problems = std::move(earlier);
    problems.insert(problems.end(), reader.problems().begin(), reader.problems().end());
    for (InputIssue& issue : validateScenario(scenario))
        if (!reader.failed(issue.keyPath))
            problems.push_back(std::move(issue));
    if (!problems.empty())
        throw ScenarioError(withOrigin(std::move(problems), origin));
    if (!isBuiltInLayoutName(scenario.layout))
        scenario.layout = resolveAgainst(baseDir, scenario.layout);
    if (scenario.topology && scenario.topology->placementIsFile())
        scenario.topology->placement = resolveAgainst(baseDir, scenario.topology->placement);
    scenario.failureTrace = resolveAgainst(baseDir, scenario.failureTrace);
    return scenario;
}

}  // namespace

Scenario scenarioFromJson(const nlohmann::json& doc, const std::string& origin, const std::string& baseDir)
{
    return readScenario(doc, origin, baseDir, {});
}

Scenario scenarioFromJsonText(std::string_view text, const std::string& origin, const std::string& baseDir)
{
    // The JSON lexer takes a NUL byte for the end of the input; whatever follows would go unread.
    const auto nul = text.find('\0');
    if (nul != std::string_view::npos)
        throw ScenarioError({{origin, "(root)",
                              fmt::format("not valid JSON: a NUL byte at byte {}; allowed: UTF-8 JSON text", nul)}});
    JsonKeyScanner scanner;
    if (!json::sax_parse(text.begin(), text.end(), &scanner))
        throw ScenarioError({{origin, scanner.path(), scanner.syntaxProblem()}});
    std::vector<InputIssue> duplicates;
    for (const std::string& key : scanner.duplicateKeys())
        duplicates.push_back({{}, key, "the key appears more than once in its object; allowed: each key once"});
    return readScenario(json::parse(text.begin(), text.end()), origin, baseDir, std::move(duplicates));
}

Scenario loadScenarioFile(const std::string& path)
{
    return scenarioFromJsonText(readInputFile(path, InputFileKind::Scenario), path,
                                std::filesystem::path(path).parent_path().string());
}

}  // namespace spare
