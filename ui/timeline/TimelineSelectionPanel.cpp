#include "ui/timeline/TimelineSelectionPanel.h"

#include "ui/models/EventLogModel.h"

namespace spare {

TimelineSelectionPanel::TimelineSelectionPanel(QWidget* parent) : QLabel(parent)
{
    setObjectName(QStringLiteral("timelineSelection"));
    setAttribute(Qt::WA_TransparentForMouseEvents);
    setAutoFillBackground(true);
    setFrameShape(QFrame::StyledPanel);
    setMargin(3);
    hide();
}

void TimelineSelectionPanel::showStatistics(const QStringList& names, const std::vector<TimeRangeStatistics>& statistics)
{
    if (statistics.empty()) {
        hide();
        return;
    }
    const TimeRangeStatistics& range = statistics.front();
    QStringList lines;
    lines << tr("Selection %1 - %2 (%3)")
                 .arg(EventLogModel::formatTime(range.fromS), EventLogModel::formatTime(range.toS),
                      EventLogModel::formatTime(range.toS - range.fromS));
    for (std::size_t i = 0; i < statistics.size(); ++i) {
        const TimeRangeStatistics& s = statistics[i];
        const QString figures = tr("failures %1 (masked %2), moves %3, restarts %4, down %5, steps %6%7")
                                    .arg(s.failures)
                                    .arg(s.maskedFailures)
                                    .arg(s.moves)
                                    .arg(s.restarts)
                                    .arg(EventLogModel::formatTime(s.downTimeS))
                                    .arg(s.stepsGained >= 0 ? QStringLiteral("+") : QString())
                                    .arg(s.stepsGained);
        const QString name = i < static_cast<std::size_t>(names.size()) ? names[static_cast<qsizetype>(i)] : QString();
        lines << (name.isEmpty() ? figures : tr("%1: %2").arg(name, figures));
    }
    setText(lines.join(QLatin1Char('\n')));
    adjustSize();
    show();
    raise();
}

}  // namespace spare
