#include "engine/sim/TrainingProgress.h"

#include <cmath>

namespace spare {

double TrainingProgress::stepWorth(double batchFraction, double phi)
{
    if (std::isinf(phi))
        return batchFraction;
    return (1.0 + phi) / (1.0 + phi / batchFraction);
}

}  // namespace spare
