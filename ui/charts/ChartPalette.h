#pragma once

#include "engine/sim/Scenario.h"

#include <QColor>

namespace spare {

// The colours every chart and view uses for the same thing, from the Okabe-Ito palette, which stays
// distinguishable with the common forms of colour blindness and in greyscale print. Yellow is left out:
// it vanishes on white paper.
class ChartPalette {
public:
    static QColor policy(Policy policy);
    static QColor model();          // closed-form curves and their optima (r*, T_c*)
    static QColor monteCarlo();     // Monte-Carlo estimates beside a simulated curve
    static QColor bestSimulated(Policy policy);  // the best simulated r of a policy, distinct from its curve
    static QColor series(int index);  // the n-th curve of a chart whose curves are not policies
    static int seriesCount();
};

}  // namespace spare
