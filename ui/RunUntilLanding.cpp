#include "ui/RunUntilLanding.h"

#include "engine/sim/Recording.h"

#include <algorithm>

namespace spare {

RunUntilLanding RunUntilLanding::on(const RunUntil& until, const Recording& r)
{
    RunUntilLanding landing{true, r.eventCount(), 0.0};
    switch (until.kind) {
    case RunUntil::Kind::Failures: {
        int seen = 0;
        const auto index = r.findNext(0, [&](const Event& e) {
            return e.kind == EventKind::Failure && ++seen >= static_cast<int>(until.value);
        });
        if (index)
            return {true, *index + 1, r.event(*index).time};
        landing.time = r.endTime();
        landing.reached = r.complete();
        break;
    }
    case RunUntil::Kind::Time:
        landing.time = std::min(until.value, r.endTime());
        landing.reached = r.complete() || r.endTime() >= until.value;
        break;
    case RunUntil::Kind::End:
        landing.time = r.endTime();
        landing.reached = r.complete();
        break;
    case RunUntil::Kind::None: break;
    }
    return landing;
}

}  // namespace spare
