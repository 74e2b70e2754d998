#pragma once

#include "engine/planning/ClusterFailureModel.h"
#include "ui/planning/FitJob.h"
#include "ui/planning/PlanJob.h"

#include <QString>

#include <optional>

namespace spare {

// The Plan tab's one-page report: the engine's recommendation (planReportMarkdown, with the spare-cli
// plan command) followed by the failure-log fit it rests on (families, counts, the failures section
// and the spare-cli fit command), as Markdown and as a PDF of one A4 page typeset from the same
// Markdown. Every file goes through QSaveFile.
class PlanReportExporter {
public:
    static QString fitMarkdown(const FitOutcome& fit, const std::optional<ClusterFailureModel>& model,
                               const std::optional<RackShareSuggestion>& rackShare, const QString& fitCommand);
    // `fitSection` may be empty (a plan without a fit).
    static QString markdown(const PlanOutcome& plan, const QString& planCommand, const QString& fitSection);

    // Throw std::runtime_error naming the file on failure.
    static void writeMarkdown(const QString& path, const QString& markdown);
    // Scaled down as needed to keep the whole report on one page.
    static void writePdf(const QString& path, const QString& markdown);
};

}  // namespace spare
