#pragma once

#include "ui/base/PresentationScale.h"

namespace spare {

// How a chart is drawn, apart from what it shows: normal or presentation (larger, high contrast).
struct ChartStyle {
    double fontPointSize = 9.0;
    double lineWidth = 2.0;
    bool highContrast = false;
    bool showTitle = true;  // off for figures whose caption says what the title would

    static ChartStyle presentation()
    {
        const ChartStyle normal;
        return ChartStyle{normal.fontPointSize * kPresentationScale, normal.lineWidth * kPresentationScale, true, true};
    }
};

}  // namespace spare
