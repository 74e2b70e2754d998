#pragma once

#include "engine/analysis/MonteCarlo.h"

#include <QMetaType>
#include <QString>

#include <optional>

namespace spare {

// What the background worker learned about one layout (LayoutCandidate::key): the exact mu where a
// closed form exists and the Monte-Carlo estimate. complete = not cut short by a cancel.
struct LayoutRefinement {
    QString key;
    std::optional<double> muExact;
    MonteCarloResult monteCarlo;
    bool complete = false;
};

}  // namespace spare

Q_DECLARE_METATYPE(spare::LayoutRefinement)
