#pragma once

#include "engine/base/InputError.h"
#include "engine/sim/Scenario.h"

#include <nlohmann/json_fwd.hpp>

#include <string>
#include <string_view>

namespace spare {

// How a scenario document writes an infinite value (repair.swap_s, hosts.evict_after_s, progress.phi):
// JSON has no number for it.
inline constexpr const char* kScenarioInfinityWord = "inf";

// Reads a scenario JSON file (shape: docs/scenario-format.md). Every key is optional; missing keys
// keep Scenario's defaults. Relative cluster.layout file paths and failures.trace paths are resolved
// against the file's folder. Throws ScenarioError listing EVERY problem as "path: key: message" lines
// (syntax errors, unknown keys, wrong types, out-of-range values, validateScenario() issues).
Scenario loadScenarioFile(const std::string& path);

// Same checks on a parsed document; `origin` prefixes each message line. Relative paths are resolved
// against `baseDir` when it is not empty.
Scenario scenarioFromJson(const nlohmann::json& doc, const std::string& origin,
                          const std::string& baseDir = {});

// Parses JSON text first (syntax errors become a ScenarioError too).
Scenario scenarioFromJsonText(std::string_view text, const std::string& origin,
                              const std::string& baseDir = {});

// Every key, stable order; scenarioFromJson(scenarioToJson(s)) == s for any valid s (ScenarioJsonWriter.cpp).
nlohmann::json scenarioToJson(const Scenario& scenario);
// Pretty (2-space indent) text of scenarioToJson, newline-terminated.
std::string scenarioToJsonText(const Scenario& scenario);

}  // namespace spare
