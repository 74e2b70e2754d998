#pragma once

#include "engine/study/AnalysisFigure.h"
#include "engine/study/AnalysisRequest.h"
#include "engine/study/AnalysisResults.h"
#include "ui/charts/ChartSpec.h"

#include <QStringList>

#include <optional>

namespace spare {

// The Analysis tab's charts: the engine's figures (engine/study/AnalysisFigures, which computes every
// number) with the window's colours, line styles and symbols.
class AnalysisCharts {
public:
    // AnalysisFigures::names(), available() and unavailable() as the window's strings.
    static QStringList names();
    static QStringList available(const AnalysisRequest& request);
    static QString unavailable(const QString& name, const AnalysisRequest& request);
    // nullopt for an unknown name.
    static std::optional<ChartSpec> build(const QString& name, const AnalysisRequest& request,
                                          const AnalysisResults& results);
    // A figure as the window draws it.
    static ChartSpec chartSpec(const AnalysisFigure& figure);
};

}  // namespace spare
