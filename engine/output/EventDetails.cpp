#include "engine/output/EventDetails.h"

#include "engine/sim/RestartCause.h"

#include <fmt/format.h>

namespace spare {

std::string failureOriginText(const FailureOrigin& origin)
{
    std::string text;
    if (!origin.category.empty())
        text = fmt::format("category={}", origin.category);
    if (origin.level)
        text += fmt::format("{}{}={}", text.empty() ? "" : " ", domainLevelName(*origin.level), origin.domain);
    return text;
}

std::string eventDetails(const Event& event)
{
    switch (event.kind) {
    case EventKind::Decision: {
        if (!event.decision)
            return {};
        const ReorderDecision& d = *event.decision;
        const char* groupsLabel = d.phase == ReorderDecision::Phase::Readmit ? "rejoined" : "failed";
        std::string text = fmt::format("phase={} moves={} S={}->{} patches={} {}={}", static_cast<int>(d.phase),
                                       d.moves, d.previousStackNumber, d.stackNumber, d.patchComputes, groupsLabel,
                                       fmt::join(d.failedGroups, ";"));
        if (d.wipeout)
            text += fmt::format(" wipeout lost={}", fmt::join(d.lostTypes, ";"));
        return text;
    }
    case EventKind::Failure: return event.origin ? failureOriginText(*event.origin) : std::string();
    case EventKind::RestartStart: return fmt::format("cause={}", restartCauseName(restartCauseFromValue(event.value)));
    case EventKind::Rollback: return fmt::format("rework_steps={}", event.value);
    default: return {};
    }
}

}  // namespace spare
