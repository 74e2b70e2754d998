#include "ui/compare/CompareView.h"

#include "ui/compare/CompareChooser.h"
#include "ui/compare/MetricDifferenceModel.h"
#include "ui/models/EventLogModel.h"
#include "ui/playback/PlaybackClock.h"
#include "ui/playback/PlaybackCursor.h"
#include "ui/playback/SimulationWorker.h"
#include "ui/views/ClusterView.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

namespace spare {

namespace {

// Moves of the run's reorder decisions (wipe-outs restart instead of moving), from its recording.
std::int64_t reorderMoves(const Recording& recording)
{
    std::int64_t moves = 0;
    for (std::size_t i = 0; i < recording.eventCount(); ++i) {
        const Event& e = recording.event(i);
        if (e.kind == EventKind::Decision && e.decision && !e.decision->wipeout)
            moves += e.decision->moves;
    }
    return moves;
}

}  // namespace

CompareView::CompareView(QWidget* parent) : QWidget(parent)
{
    clock_ = new PlaybackClock(this);
    auto* outer = new QVBoxLayout(this);
    chooser_ = new CompareChooser;
    outer->addWidget(chooser_);
    problems_ = new QLabel;
    problems_->setObjectName(QStringLiteral("compareProblems"));
    problems_->setStyleSheet(QStringLiteral("color: #b71c1c;"));
    problems_->setWordWrap(true);
    problems_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    problems_->hide();
    outer->addWidget(problems_);
    timeLabel_ = new QLabel;
    outer->addWidget(timeLabel_);

    auto* splitter = new QSplitter(Qt::Vertical);
    auto* sidesHost = new QWidget;
    auto* sidesRow = new QHBoxLayout(sidesHost);
    sidesRow->setContentsMargins(0, 0, 0, 0);
    for (std::size_t i = 0; i < sides_.size(); ++i)
        sidesRow->addWidget(buildSide(i), 1);
    splitter->addWidget(sidesHost);
    differences_ = new MetricDifferenceModel(this);
    table_ = new QTableView;
    table_->setObjectName(QStringLiteral("metricDifferences"));
    table_->setModel(differences_);
    table_->verticalHeader()->hide();
    table_->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    table_->verticalHeader()->setDefaultSectionSize(table_->fontMetrics().height() + 4);
    table_->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    table_->setMinimumHeight(80);
    splitter->addWidget(table_);
    splitter->setStretchFactor(0, 1);
    splitter->setStretchFactor(1, 1);
    outer->addWidget(splitter, 1);

    connect(chooser_, &CompareChooser::setupChanged, this, [this] { start(); });
    connect(clock_, &PlaybackClock::ticked, this, &CompareView::refresh);
}

CompareView::~CompareView() = default;

QWidget* CompareView::buildSide(std::size_t index)
{
    Side& side = sides_[index];
    side.cursor = new PlaybackCursor(this);
    side.worker = new SimulationWorker(this);
    clock_->addCursor(side.cursor);
    connect(side.worker, &SimulationWorker::chunkReady, side.cursor, &PlaybackCursor::append);
    connect(side.worker, &SimulationWorker::chunkReady, this, &CompareView::recordingGrew);
    connect(side.cursor, &PlaybackCursor::recordingGrew, this, [this, index] { showSimulation(index); });
    connect(side.worker, &SimulationWorker::finished, this,
            [this, index](const RunMetrics& metrics) { runFinished(index, metrics); });
    connect(side.worker, &SimulationWorker::failed, this, [this, index](const QString& message) {
        emit runFailed(tr("run %1: %2").arg(CompareSetup::sideName(static_cast<int>(index)), message));
    });

    auto* host = new QWidget;
    auto* column = new QVBoxLayout(host);
    column->setContentsMargins(0, 0, 0, 0);
    side.title = new QLabel;
    side.title->setObjectName(QStringLiteral("compareTitle%1").arg(CompareSetup::sideName(static_cast<int>(index))));
    side.details = new QLabel;
    side.details->setWordWrap(true);
    side.simulation = new QLabel;
    side.view = new ClusterView(side.cursor);
    side.progress = new QProgressBar;
    side.progress->setFormat(tr("%v / %m steps"));
    side.figures = new QLabel;
    side.figures->setWordWrap(true);
    column->addWidget(side.title);
    column->addWidget(side.details);
    column->addWidget(side.simulation);
    column->addWidget(side.view, 1);
    column->addWidget(side.progress);
    column->addWidget(side.figures);
    return host;
}

void CompareView::setBase(const Scenario& base, const std::optional<std::vector<TraceFailure>>& trace)
{
    base_ = base;
    trace_ = trace;
    chooser_->setBase(base);
    if (started_)
        start();
}

void CompareView::setSetup(const CompareSetup& setup)
{
    chooser_->setSetup(setup);
    if (started_)
        start();
}

CompareSetup CompareView::setup() const
{
    return chooser_->setup();
}

QString CompareView::problems() const
{
    return problems_->text();
}

QString CompareView::sideTitle(int side) const
{
    return sides_[static_cast<std::size_t>(side)].title->text();
}

QString CompareView::sideFigures(int side) const
{
    return sides_[static_cast<std::size_t>(side)].figures->text();
}

bool CompareView::start()
{
    const CompareSetup setup = chooser_->setup();
    CompareSetup::Runs prepared;
    if (base_ || setup.kind == CompareSetup::Kind::ScenarioFile)
        prepared = setup.prepare(base_.value_or(Scenario{}), trace_);
    else
        prepared.problems.append(tr("no scenario to vary: open one first, or compare two scenario files"));
    const QStringList& problems = prepared.problems;
    started_ = true;
    clock_->pause();
    differences_->clear(tr("A: %1").arg(setup.describe(0)), tr("B: %1").arg(setup.describe(1)));
    problems_->setText(problems.join(QLatin1Char('\n')));
    problems_->setVisible(!problems.isEmpty());
    for (std::size_t i = 0; i < sides_.size(); ++i) {
        Side& side = sides_[i];
        const RunSetup& sideSetup = prepared.runs[i];
        side.finalMetrics.reset();
        side.checkpointInterval = sideSetup.run ? sideSetup.run->checkpointIntervalSteps : 0;
        side.title->setText(tr("<b>%1: %2</b>").arg(CompareSetup::sideName(static_cast<int>(i)), setup.describe(static_cast<int>(i)).toHtmlEscaped()));
        side.worker->cancel();
        if (!problems.isEmpty()) {
            side.cursor->reset(sideSetup.scenario, nullptr);
            side.cursor->endRecording("not run");
            side.details->setText(tr("not run"));
            continue;
        }
        const PreparedRun& run = *sideSetup.run;
        const Scenario& s = run.scenario;
        side.details->setText(tr("%1, %2, r = %3, layout %4, T_c = %5 steps, seed %6")
                                  .arg(QString::fromStdString(s.name), QString::fromLatin1(policyDisplayName(s.policy)))
                                  .arg(s.redundancy)
                                  .arg(QString::fromStdString(s.layout))
                                  .arg(run.checkpointIntervalSteps)
                                  .arg(s.seed));
        side.progress->setRange(0, s.steps);
        side.cursor->reset(run);
        side.worker->start(run);
    }
    clock_->syncTo(0.0);
    if (!problems.isEmpty()) {
        emit runFailed(problems.join(QLatin1Char('\n')));
        return false;
    }
    clock_->play();
    return true;
}

void CompareView::stop()
{
    for (Side& side : sides_) {
        side.worker->cancel();
        side.cursor->endRecording("stopped by the user");
    }
}

void CompareView::runFinished(std::size_t index, const RunMetrics& metrics)
{
    Side& side = sides_[index];
    side.finalMetrics = metrics;
    side.moves = reorderMoves(side.cursor->recording());
    refresh();
    if (sides_[0].finalMetrics && sides_[1].finalMetrics)
        emit bothFinished();
}

void CompareView::showSimulation(std::size_t index)
{
    const Side& side = sides_[index];
    const Recording& r = side.cursor->recording();
    if (!side.cursor->layout())
        side.simulation->clear();
    else if (!r.complete())
        side.simulation->setText(r.eventCount() == 0 ? tr("simulating: starting")
                                                     : tr("simulating: step %1 of %2")
                                                           .arg(r.event(r.eventCount() - 1).step)
                                                           .arg(side.cursor->scenario().steps));
    else if (!r.error().empty())
        side.simulation->setText(tr("simulation stopped: %1").arg(QString::fromStdString(r.error())));
    else
        side.simulation->setText(tr("simulated: %1 events").arg(r.eventCount()));
}

void CompareView::refresh()
{
    timeLabel_->setText(tr("Two runs on one clock: %1 simulated (h:mm:ss), %2 real time.")
                            .arg(EventLogModel::formatTime(clock_->time()), PlaybackClock::speedText(clock_->speed())));
    for (std::size_t i = 0; i < sides_.size(); ++i) {
        Side& side = sides_[i];
        if (!side.cursor->layout()) {
            side.figures->clear();
            continue;
        }
        if (side.finalMetrics && side.cursor->atEnd())
            differences_->setRun(static_cast<int>(i), *side.finalMetrics, side.moves);
        else
            differences_->setProgress(static_cast<int>(i), side.cursor->state());
        const RunFigures f = side.cursor->state().figures();
        side.progress->setValue(f.stepsDone);
        side.figures->setText(tr("S = %1 | live %2/%3 | failures %4 | restarts %5 | availability %6% | down %7 h%8")
                                  .arg(f.stackNumber)
                                  .arg(f.aliveGroups)
                                  .arg(f.groups)
                                  .arg(f.failures)
                                  .arg(f.restarts)
                                  .arg(100.0 * f.availability, 0, 'f', 1)
                                  .arg(f.downTimeS / 3600.0, 0, 'f', 2)
                                  .arg(f.finished ? tr(" | DONE at %1 h").arg(f.timeS / 3600.0, 0, 'f', 2) : QString()));
    }
}

}  // namespace spare
