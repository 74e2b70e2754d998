#include "ui/planning/PlannerPanel.h"

#include "engine/planning/PlanReport.h"
#include "ui/planning/PlanCiBarDelegate.h"
#include "ui/planning/PlanRaceModel.h"
#include "ui/planning/PlanText.h"

#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QTableView>
#include <QTextBrowser>
#include <QVBoxLayout>

#include <algorithm>

namespace spare {

namespace {

// What the command names when no file holds the plan's scenario (the report export writes one).
const QString kScenarioPlaceholder = QStringLiteral("SCENARIO.json");

}  // namespace

PlannerPanel::PlannerPanel(QWidget* parent) : QWidget(parent), job_(new PlanJob(this)), race_(new PlanRaceModel(this))
{
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(buildForm());
    problems_ = new QLabel;
    problems_->setWordWrap(true);
    problems_->setStyleSheet(QStringLiteral("color: #b00"));
    problems_->setObjectName(QStringLiteral("planProblems"));
    problems_->hide();
    layout->addWidget(problems_);

    auto* controls = new QHBoxLayout;
    plan_ = new QPushButton(tr("Plan"));
    cancel_ = new QPushButton(tr("Cancel"));
    cancel_->setEnabled(false);
    progress_ = new QProgressBar;
    progress_->setRange(0, 1);
    progress_->setValue(0);
    controls->addWidget(plan_);
    controls->addWidget(cancel_);
    controls->addWidget(progress_, 1);
    layout->addLayout(controls);
    status_ = new QLabel;
    status_->setWordWrap(true);
    layout->addWidget(status_);

    auto* split = new QSplitter(Qt::Vertical);
    raceTable_ = new QTableView;
    raceTable_->setModel(race_);
    raceTable_->setItemDelegateForColumn(PlanRaceModel::CiBar, new PlanCiBarDelegate(raceTable_));
    raceTable_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    raceTable_->horizontalHeader()->setSectionResizeMode(PlanRaceModel::CiBar, QHeaderView::Stretch);
    raceTable_->verticalHeader()->hide();
    split->addWidget(raceTable_);
    recommendation_ = new QTextBrowser;
    recommendation_->setPlaceholderText(tr("The recommendation appears here when the plan completes."));
    split->addWidget(recommendation_);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    layout->addWidget(split, 1);

    auto* commandRow = new QHBoxLayout;
    command_ = new QLineEdit;
    command_->setReadOnly(true);
    command_->setToolTip(tr("The spare-cli command that reproduces every figure of the plan"));
    export_ = new QPushButton(tr("Export report..."));
    export_->setEnabled(false);
    export_->setToolTip(tr("The recommendation with the fit summary, as Markdown and a one-page PDF"));
    commandRow->addWidget(new QLabel(tr("Same with spare-cli")));
    commandRow->addWidget(command_, 1);
    commandRow->addWidget(export_);
    layout->addLayout(commandRow);

    connect(plan_, &QPushButton::clicked, this, [this] { startPlan(); });
    connect(cancel_, &QPushButton::clicked, this, &PlannerPanel::cancelPlan);
    connect(job_, &PlanJob::progressed, this, [this](qulonglong done, qulonglong total) {
        progress_->setRange(0, static_cast<int>(total));
        progress_->setValue(static_cast<int>(done));
    });
    connect(job_, &PlanJob::roundFinished, this, &PlannerPanel::roundFinished);
    connect(job_, &PlanJob::finished, this, &PlannerPanel::finished);
}

QWidget* PlannerPanel::buildForm()
{
    auto* box = new QGroupBox(tr("Choose r and the checkpoint interval per policy"));
    auto* form = new QFormLayout(box);
    base_ = new QLabel(tr("No scenario yet."));
    base_->setWordWrap(true);
    form->addRow(tr("Scenario"), base_);
    auto* policies = new QHBoxLayout;
    for (const Policy p : kPolicies) {
        auto* check = new QCheckBox(QString::fromLatin1(policyDisplayName(p)));
        check->setObjectName(QStringLiteral("policy-%1").arg(QString::fromLatin1(policyName(p))));
        policyChecks_.push_back(check);
        policies->addWidget(check);
    }
    policies->addStretch(1);
    form->addRow(tr("Policies"), policies);
    redundancy_ = new QLineEdit;
    redundancy_->setToolTip(tr("Candidate r for SPARe and Rep: 2-16, 2,4,8 or 2-6,9 (2 .. min(groups, 64))"));
    form->addRow(tr("Redundancy r"), redundancy_);
    checkpoint_ = new QLineEdit;
    checkpoint_->setToolTip(tr("Candidate checkpoint intervals: auto (the closed-form rule at each r) and/or interval "
                               "steps, comma separated: auto,4,8,16"));
    form->addRow(tr("Checkpoint intervals"), checkpoint_);
    confidence_ = new QDoubleSpinBox;
    confidence_->setRange(0.5, 0.999);
    confidence_->setDecimals(3);
    confidence_->setSingleStep(0.01);
    confidence_->setToolTip(tr("Probability of selecting the best candidate (0.5 .. 0.999)"));
    indifference_ = new QLineEdit;
    indifference_->setToolTip(tr("Differences smaller than this share of the best TTT/T0 do not matter: 1% or 0.01 (at most 50%)"));
    auto* statistics = new QHBoxLayout;
    statistics->addWidget(confidence_);
    statistics->addWidget(new QLabel(tr("indifference")));
    statistics->addWidget(indifference_);
    form->addRow(tr("Confidence"), statistics);
    firstStage_ = new QSpinBox;
    firstStage_->setRange(5, 1000);
    firstStage_->setToolTip(tr("Replicates of every candidate before any elimination (5 .. 1000)"));
    batch_ = new QSpinBox;
    batch_->setRange(1, 1000);
    batch_->setToolTip(tr("Replicates added per round to the candidates still in (1 .. 1000)"));
    maxReplicates_ = new QSpinBox;
    maxReplicates_->setRange(5, 100000);
    maxReplicates_->setToolTip(tr("Most replicates of one candidate: a guard, reported when reached (first stage .. 100000)"));
    auto* stages = new QHBoxLayout;
    stages->addWidget(firstStage_);
    stages->addWidget(new QLabel(tr("then per round")));
    stages->addWidget(batch_);
    stages->addWidget(new QLabel(tr("at most")));
    stages->addWidget(maxReplicates_);
    stages->addStretch(1);
    form->addRow(tr("First stage"), stages);
    setRequest(PlanRequest{});

    const auto revalidate = [this] {
        if (hasScenario_ && !job_->isRunning())
            spec();
    };
    for (QCheckBox* check : policyChecks_)
        connect(check, &QCheckBox::toggled, this, revalidate);
    for (QLineEdit* line : {redundancy_, checkpoint_, indifference_})
        connect(line, &QLineEdit::textChanged, this, revalidate);
    connect(confidence_, &QDoubleSpinBox::valueChanged, this, revalidate);
    for (QSpinBox* spin : {firstStage_, batch_, maxReplicates_})
        connect(spin, &QSpinBox::valueChanged, this, revalidate);
    return box;
}

void PlannerPanel::setRequest(const PlanRequest& r)
{
    for (std::size_t i = 0; i < kPolicies.size(); ++i)
        policyChecks_[i]->setChecked(std::find(r.policies.begin(), r.policies.end(), kPolicies[i]) != r.policies.end());
    redundancy_->setText(r.redundancy);
    checkpoint_->setText(r.checkpoint);
    confidence_->setValue(r.confidence);
    indifference_->setText(r.indifference);
    firstStage_->setValue(r.firstStage);
    batch_->setValue(r.batch);
    maxReplicates_->setValue(r.maxReplicates);
}

PlanRequest PlannerPanel::request() const
{
    PlanRequest r;
    r.policies.clear();
    for (std::size_t i = 0; i < kPolicies.size(); ++i)
        if (policyChecks_[i]->isChecked())
            r.policies.push_back(kPolicies[i]);
    r.redundancy = redundancy_->text();
    r.checkpoint = checkpoint_->text();
    r.confidence = confidence_->value();
    r.indifference = indifference_->text();
    r.firstStage = firstStage_->value();
    r.batch = batch_->value();
    r.maxReplicates = maxReplicates_->value();
    return r;
}

void PlannerPanel::setScenario(const Scenario& scenario, const QString& scenarioPath)
{
    // r candidates nobody typed follow the scenario (the default 2-16 is out of range below 16 groups).
    if (redundancy_->text() == (hasScenario_ ? PlanRequest::defaultRedundancy(scenario_) : PlanRequest{}.redundancy))
        redundancy_->setText(PlanRequest::defaultRedundancy(scenario));
    scenario_ = scenario;
    hasScenario_ = true;
    scenarioPath_ = scenarioPath;
    base_->setText(tr("%1: %2 groups x %3 GPUs, %4 steps, failures %5 with system MTBF %6%7")
                       .arg(QString::fromStdString(scenario.name))
                       .arg(scenario.groups)
                       .arg(scenario.gpusPerGroup)
                       .arg(scenario.steps)
                       .arg(QString::fromLatin1(failureModelName(scenario.failureModel)))
                       .arg(PlanText::duration(scenario.systemMtbfS))
                       .arg(scenarioPath.isEmpty() ? tr(" (not saved to a file)") : tr(" (%1)").arg(scenarioPath)));
    if (!job_->isRunning())
        spec();
}

std::optional<PlanSpec> PlannerPanel::spec()
{
    QStringList problems;
    std::optional<PlanSpec> out;
    if (hasScenario_)
        out = request().spec(scenario_, &problems);
    else
        problems << tr("Scenario: none is running; open one first");
    problems_->setText(problems.join(QLatin1Char('\n')));
    problems_->setVisible(!problems.isEmpty());
    plan_->setEnabled(out.has_value() && !job_->isRunning());
    return out;
}

bool PlannerPanel::startPlan(int threads)
{
    if (job_->isRunning())
        return false;
    const auto s = spec();
    if (!s)
        return false;
    auto shared = std::make_shared<const PlanSpec>(*s);
    if (!job_->start(shared, threads))
        return false;
    outcome_.reset();
    planSpec_ = shared;
    planScenarioPath_ = scenarioPath_;
    race_->reset(PlanResult{});
    recommendation_->clear();
    command_->setText(commandLine());
    export_->setEnabled(false);
    plan_->setEnabled(false);
    cancel_->setEnabled(true);
    progress_->setRange(0, 0);
    status_->setStyleSheet({});
    status_->setText(tr("First stage: %1 replicates of every candidate...").arg(s->firstStage));
    return true;
}

void PlannerPanel::cancelPlan()
{
    job_->cancel();
    status_->setText(tr("Cancelling: running runs stop at their next step..."));
}

void PlannerPanel::roundFinished(const PlanResult& result)
{
    race_->update(result);
    if (result.rounds == 0)
        return;
    QStringList parts;
    for (const PlanPolicyResult& p : result.policies) {
        const auto in = std::count_if(p.candidates.begin(), p.candidates.end(), [](const auto& c) { return c.alive; });
        const PlanCandidateState& lead = p.candidates[static_cast<std::size_t>(p.selected)];
        parts << tr("%1: %2 in%3, leading %4 at %5 +- %6")
                     .arg(QString::fromLatin1(policyDisplayName(p.policy)))
                     .arg(in)
                     .arg(p.done ? tr(" (decided)") : QString())
                     .arg(QString::fromStdString(lead.candidate.label()))
                     .arg(lead.mean, 0, 'f', 4)
                     .arg(lead.halfWidth, 0, 'f', 4);
    }
    status_->setText(tr("Round %1 done, %2 runs so far. %3").arg(result.rounds).arg(result.runs).arg(parts.join(QStringLiteral("; "))));
}

void PlannerPanel::finished(const PlanOutcome& outcome)
{
    cancel_->setEnabled(false);
    progress_->setRange(0, 1);
    progress_->setValue(outcome.result.complete ? 1 : 0);
    spec();
    if (!outcome.error.isEmpty()) {
        status_->setStyleSheet(QStringLiteral("color: #b00"));
        status_->setText(tr("The plan stopped: %1").arg(outcome.error));
        return;
    }
    race_->update(outcome.result);
    if (outcome.result.cancelled || !outcome.result.complete) {
        status_->setText(tr("Cancelled after %1 runs in %n round(s): the race so far stays in the table; Plan starts "
                            "again (the same seeds give the same runs).",
                            nullptr, outcome.result.rounds)
                             .arg(outcome.result.runs));
        return;
    }
    outcome_ = outcome;
    const QString command = commandLine();
    command_->setText(command);
    recommendation_->setMarkdown(
        QString::fromStdString(planReportMarkdown(outcome.result, *outcome.spec, command.toStdString())));
    export_->setEnabled(true);
    status_->setText(tr("Done: %1 runs in %n round(s).", nullptr, outcome.result.rounds).arg(outcome.result.runs));
    emit planFinished(outcome);
}

QString PlannerPanel::commandLine(const QString& scenarioPath) const
{
    if (!planSpec_)
        return {};
    const QString path = !scenarioPath.isEmpty() ? scenarioPath : planScenarioPath_;
    return PlanRequest::commandLine(*planSpec_, path.isEmpty() ? kScenarioPlaceholder : path);
}

}  // namespace spare
