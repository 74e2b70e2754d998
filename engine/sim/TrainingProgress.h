#pragma once

namespace spare {

// Training progress beside the committed step count, for policies whose batch can shrink
// (docs/progress.md): samples is the sum of the committed steps' batch fractions b, effective the sum of
// w(b) = (1 + phi) / (1 + phi / b), the large-batch model of McCandlish et al. (2018). A step at the
// full batch adds exactly 1 to both.
struct TrainingProgress {
    double samples = 0.0;
    double effective = 0.0;

    // w(b) for phi (+inf: b; 0: 1).
    static double stepWorth(double batchFraction, double phi);
};

}  // namespace spare
