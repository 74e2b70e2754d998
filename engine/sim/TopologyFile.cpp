#include "engine/sim/TopologyFile.h"

#include "engine/base/InputError.h"
#include "engine/base/InputFile.h"
#include "engine/sim/ScenarioJson.h"

#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include <filesystem>

namespace spare {

TopologyFile loadTopologyFile(const std::string& path)
{
    nlohmann::json topology;
    try {
        topology = nlohmann::json::parse(readInputFile(path, InputFileKind::Scenario));
    } catch (const nlohmann::json::exception& e) {
        throw ScenarioError({{path, "(root)", fmt::format("not valid JSON: {}", e.what())}});
    }
    if (!topology.is_object())
        throw ScenarioError({{path, "(root)",
                              "expected an object with the keys of a scenario's topology section and gpus_per_group"}});
    // Read as the scenario {"cluster": {"gpus_per_group": ..}, "topology": {..}}: the same keys, checks and messages.
    TopologyFile file;
    nlohmann::json scenario = {{"cluster", {{"gpus_per_group", file.gpusPerGroup}}}};
    if (const auto it = topology.find("gpus_per_group"); it != topology.end()) {
        scenario["cluster"]["gpus_per_group"] = *it;
        topology.erase(it);
    }
    scenario["topology"] = std::move(topology);
    const Scenario parsed = scenarioFromJson(scenario, path, std::filesystem::path(path).parent_path().string());
    file.topology = *parsed.topology;
    file.gpusPerGroup = parsed.gpusPerGroup;
    return file;
}

}  // namespace spare
