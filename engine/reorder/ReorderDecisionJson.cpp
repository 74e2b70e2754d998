#include "engine/reorder/ReorderDecisionJson.h"

#include <nlohmann/json.hpp>

namespace spare {

nlohmann::json reorderDecisionToJson(const ReorderController& controller, const ReorderDecision& d)
{
    nlohmann::json out;
    out["wipeout"] = d.wipeout;
    out["lost_types"] = d.lostTypes;
    out["phase"] = static_cast<int>(d.phase);
    out["stack_number"] = d.wipeout ? nlohmann::json(nullptr) : nlohmann::json(d.stackNumber);
    out["previous_stack_number"] = d.previousStackNumber;
    out["moves"] = d.moves;
    out["failed"] = d.failedGroups;
    auto assignment = nlohmann::json::array();
    if (!d.wipeout)
        for (int t = 0; t < controller.layout().groups(); ++t)
            assignment.push_back(
                {{"type", t}, {"group", controller.contributor(t)}, {"position", controller.contributorPosition(t)}});
    out["assignment"] = std::move(assignment);
    auto patches = nlohmann::json::array();
    forEachPatch(
        d, controller.layout().groups(), [&](int g) { return controller.alive(g); },
        [&](const PatchCompute& p) { patches.push_back({{"group", p.group}, {"position", p.position}}); });
    out["patches"] = std::move(patches);
    auto moves = nlohmann::json::array();
    for (const auto& m : d.stackMoves)
        moves.push_back({{"group", m.group}, {"type", m.type}, {"from", m.fromPosition}, {"to", m.toPosition}});
    out["stack_moves"] = std::move(moves);
    return out;
}

}  // namespace spare
