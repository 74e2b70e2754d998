#include "ui/planning/PlanReportExporter.h"

#include "engine/planning/PlanReport.h"
#include "ui/export/SaveFile.h"
#include "ui/planning/PlanText.h"

#include <QDateTime>
#include <QFont>
#include <QPageLayout>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QSaveFile>
#include <QTextBlock>
#include <QTextCursor>
#include <QTextDocument>

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace spare {

namespace {

// The width the report is laid out at (logical pixels): about the A4 text width at 96 dpi, so the
// PDF's fonts come out near their point sizes unless the page has to shrink.
constexpr double kLayoutWidth = 690.0;
constexpr double kFontPoints = 8.5;

QString utcText(double epochS)
{
    return QDateTime::fromSecsSinceEpoch(static_cast<qint64>(std::floor(epochS)), Qt::UTC).toString(QStringLiteral("yyyy-MM-dd HH:mm")) +
           QStringLiteral(" UTC");
}

}  // namespace

QString PlanReportExporter::fitMarkdown(const FitOutcome& fit, const std::optional<ClusterFailureModel>& model,
                                        const std::optional<RackShareSuggestion>& rackShare, const QString& fitCommand)
{
    if (!fit.ok())
        return {};
    const FailureLog& log = *fit.log;
    const FailureLogCounts& c = log.counts;
    QString out = QStringLiteral("\n## Failure log fit\n\n");
    out += QStringLiteral("Log `%1`: %2 failures kept of %3 lines (%4 filtered out, %5 outside the window, %6 malformed "
                          "and skipped, %7 ties, %8 unsorted); window %9 .. %10 (%11), resolution %12.\n\n")
               .arg(fit.request.logPath)
               .arg(c.failures)
               .arg(c.lines)
               .arg(c.filteredOut)
               .arg(c.outsideWindow)
               .arg(c.malformedRows)
               .arg(c.tiedFailures)
               .arg(c.unsortedRows)
               .arg(utcText(log.windowStartS))
               .arg(utcText(log.windowEndS))
               .arg(PlanText::duration(log.windowEndS - log.windowStartS))
               .arg(PlanText::duration(log.resolutionS));
    out += QStringLiteral("| family | parameters (95%) | MTBF (95%) | AIC | delta AIC | KS (p) | AD (p) |\n"
                          "|---|---|---|---|---|---|---|\n");
    for (std::size_t i = 0; i < fit.fits->families.size(); ++i) {
        const FamilyFit& f = fit.fits->families[i];
        QStringList parameters;
        for (const ParameterEstimate& p : f.fit.parameters)
            parameters << QStringLiteral("%1 %2").arg(QString::fromStdString(p.name), PlanText::estimate(p, p.name.ends_with("_s")));
        const QString family = QString::fromLatin1(lifetimeFamilyName(f.fit.distribution.family));
        out += QStringLiteral("| %1 | %2 | %3 | %4 | %5 | %6 (p %7) | %8 (p %9) |\n")
                   .arg(i == fit.fits->best ? QStringLiteral("**%1** (lowest AIC)").arg(family) : family,
                        parameters.join(QStringLiteral("; ")), PlanText::estimate(f.fit.mtbf, true),
                        QString::number(f.fit.aic, 'f', 1), QString::number(f.deltaAic, 'f', 1),
                        QString::number(f.goodness.ks, 'f', 4), PlanText::pValue(f.goodness.ksPValue),
                        QString::number(f.goodness.ad, 'f', 3), PlanText::pValue(f.goodness.adPValue));
    }
    if (model) {
        out += QStringLiteral("\nScaled to the plan's cluster: system MTBF %1, model %2%3 (fleet MTBF %4; per GPU %5).\n")
                   .arg(PlanText::estimate(model->systemMtbfS, true), QString::fromLatin1(lifetimeFamilyName(model->family)),
                        model->family == LifetimeFamily::Weibull ? QStringLiteral(", shape k = %1").arg(PlanText::value(model->weibullShape))
                                                                 : QString(),
                        PlanText::estimate(model->fleetMtbfS, true), PlanText::estimate(model->perGpuMtbfS, true));
        for (const std::string& note : model->notes)
            out += QStringLiteral("- Note: %1.\n").arg(QString::fromStdString(note));
    }
    if (rackShare)
        out += QStringLiteral("\nClustering (level %1): %2.\n").arg(QString::fromStdString(rackShare->level), QString::fromStdString(rackShare->evidence));
    out += QStringLiteral("\nThe fit is reproduced by:\n\n```sh\n%1\n```\n").arg(fitCommand);
    return out;
}

QString PlanReportExporter::markdown(const PlanOutcome& plan, const QString& planCommand, const QString& fitSection)
{
    return QString::fromStdString(planReportMarkdown(plan.result, *plan.spec, planCommand.toStdString())) + fitSection;
}

void PlanReportExporter::writeMarkdown(const QString& path, const QString& markdown)
{
    saveFileAtomically(path, markdown.toUtf8());
}

void PlanReportExporter::writePdf(const QString& path, const QString& markdown)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        throw std::runtime_error(QStringLiteral("could not write %1: %2").arg(path, file.errorString()).toStdString());
    {
        QPdfWriter writer(&file);
        writer.setPageLayout(QPageLayout(QPageSize(QPageSize::A4), QPageLayout::Portrait, QMarginsF(15, 15, 15, 15),
                                         QPageLayout::Millimeter));
        writer.setCreator(QStringLiteral("spare-studio"));
        writer.setTitle(QStringLiteral("Plan"));
        QTextDocument document;
        QFont font = document.defaultFont();
        font.setPointSizeF(kFontPoints);
        document.setDefaultFont(font);
        document.setMarkdown(markdown);
        // Code blocks (the commands) wrap on paper, where nothing scrolls.
        QTextOption wrapping = document.defaultTextOption();
        wrapping.setWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
        document.setDefaultTextOption(wrapping);
        for (QTextBlock block = document.begin(); block.isValid(); block = block.next()) {
            if (!block.blockFormat().nonBreakableLines())
                continue;
            QTextBlockFormat format;
            format.setNonBreakableLines(false);
            QTextCursor(block).mergeBlockFormat(format);
        }
        document.setTextWidth(kLayoutWidth);
        QPainter painter;
        if (!painter.begin(&writer))
            throw std::runtime_error(QStringLiteral("could not write %1: no PDF painter").arg(path).toStdString());
        const double pageWidth = writer.width();
        const double pageHeight = writer.height();
        const double height = document.size().height();
        const double scale = std::min(pageWidth / kLayoutWidth, height > 0.0 ? pageHeight / height : 1e9);
        painter.scale(scale, scale);
        document.drawContents(&painter);
        painter.end();
    }
    if (!file.commit())
        throw std::runtime_error(QStringLiteral("could not write %1: %2").arg(path, file.errorString()).toStdString());
}

}  // namespace spare
