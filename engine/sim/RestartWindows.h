#pragma once

#include "engine/memory/ZeroedArray.h"

#include <vector>

namespace spare {

// The per-group restart windows of restart.rule extend_on_failure: every group's window ends at a
// common first end until a failure inside it starts it over. Only the windows started over are stored
// (nonzero), so a restart costs what its failures cost, not N.
class RestartWindows {
public:
    explicit RestartWindows(int groups) : windowEnd_(static_cast<std::size_t>(groups)) {}

    // A new restart: every window ends at firstEndS.
    void start(double firstEndS);
    double end(int group) const
    {
        const double stored = windowEnd_[static_cast<std::size_t>(group)];
        return stored != 0.0 ? stored : firstEndS_;
    }
    void startOver(int group, double endS);

private:
    ZeroedArray<double> windowEnd_;
    std::vector<int> startedOver_;
    double firstEndS_ = 0.0;
};

}  // namespace spare
