#pragma once

#include <span>
#include <string>
#include <string_view>

namespace spare {

enum class ScenarioValueKind { Integer, Number, Boolean, Text, Choice };

// One row per scenario key (JSON key path), in the JSON's key order.
struct ScenarioKeyInfo {
    const char* key;          // "cluster.groups"
    ScenarioValueKind kind;
    double min;               // numeric kinds: lower bound
    bool minExclusive;        // true: value must be > min (else >= min)
    double max;               // numeric kinds: static upper bound (inclusive)
    const char* maxDependsOn; // key that also caps the value ("cluster.groups" for redundancy), or ""
    const char* unit;         // "s", "GPUs", "" ...
    const char* meaning;
    const char* defaultText;  // default as written in JSON
    const char* allowed;      // human-readable range / choices, e.g. "1 .. min(cluster.groups, 64)"
};

std::span<const ScenarioKeyInfo> scenarioKeyTable();
// The keys of each entry of the scenario's lists ("failures.domains[].level", ...): kept apart from
// scenarioKeyTable(), whose rows are single values the GUI editor shows as fields.
std::span<const ScenarioKeyInfo> scenarioListKeyTable();
// The lists themselves: "failures.domains", "failures.categories".
std::span<const char* const> scenarioListKeys();
// Sections a scenario may leave out as a whole (absent = the feature is off): "topology", "repair".
std::span<const char* const> optionalScenarioSections();
// The row for `key`, or nullptr.
const ScenarioKeyInfo* findScenarioKey(std::string_view key);
// The row of a list entry's key ("failures.domains[].level"), or nullptr.
const ScenarioKeyInfo* findScenarioListKey(std::string_view key);
// "<value> is out of range; allowed: <row.allowed> <unit>": the wording every range message uses.
std::string scenarioRangeMessage(const ScenarioKeyInfo& row, std::string_view valueText);
// The key table as a Markdown table (key, meaning, unit, default, allowed), for docs and `scenario-keys`.
std::string scenarioKeyTableMarkdown();
// The list-entry keys as a Markdown table of the same columns.
std::string scenarioListKeyTableMarkdown();

}  // namespace spare
