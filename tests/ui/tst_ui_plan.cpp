// The Plan tab: a synthetic failure log written here previewed (header, rows, the guessed time column
// and format); bad fields named with their value and range; a read error shown with its line and
// column; read + fit in the background agreeing with fitFailureLog on the same options (winner, AIC,
// p-values, counts) and drawing its charts and clustering; a cancelled fit keeping the last one;
// "Use in scenario" writing clusterFailureModel's failures section through the window's scenario
// editor, the same scenario spare-cli fit writes with the tab's command; a small plan on teaching-12
// selecting what runPlan selects in-process and what the tab's spare-cli plan command selects; the
// race's CI bars on a fixed scale; a cancelled plan and a panel destroyed mid-plan; and the one-page
// report (Markdown with both commands, a one-page PDF).
#include "engine/planning/ClusterFailureModel.h"
#include "engine/planning/ConfigurationPlanner.h"
#include "engine/planning/FailureLogFits.h"
#include "engine/planning/SyntheticFailureLog.h"
#include "engine/sim/ScenarioJson.h"
#include "ui/MainWindow.h"
#include "ui/charts/ChartPanel.h"
#include "ui/editor/ScenarioEditor.h"
#include "ui/planning/FailureLogPreviewModel.h"
#include "ui/planning/FitCharts.h"
#include "ui/planning/FitFamiliesModel.h"
#include "ui/planning/FitResultsPanel.h"
#include "ui/planning/LogImportPanel.h"
#include "ui/planning/PlanIntegration.h"
#include "ui/planning/PlanRaceModel.h"
#include "ui/planning/PlanView.h"
#include "ui/planning/PlannerPanel.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QProcess>
#include <QPushButton>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTextBrowser>
#include <QtTest>

#include <nlohmann/json.hpp>

using namespace spare;

namespace {

const QString kTeaching = QStringLiteral(SPARE_SOURCE_DIR "/scenarios/teaching-12.json");
const QString kPattern = QStringLiteral("c{col}-{row}c{cage}s{slot}n{node}");
const QString kNotFailures = QStringLiteral("Scheduled maintenance");
constexpr int kBootstrap = 40;
constexpr double kUnits = 4096.0;

QByteArray readAll(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// Fills the import panel as a user would for the synthetic log: maintenance rows filtered out,
// locations with clustering, a fleet of kUnits GPUs.
void chooseFields(LogImportPanel* panel)
{
    panel->setTimeColumn(QStringLiteral("time"));
    panel->setTimeFormat(QStringLiteral("%m/%d/%Y %H:%M"));
    panel->addFilter(QStringLiteral("cause"), kNotFailures, true);
    panel->setLocation(QStringLiteral("location"), kPattern, 3600.0);
    panel->setFleet(QString::number(kUnits), FleetUnit::Gpu);
    panel->setBootstrap(kBootstrap);
}

bool waitForPreview(PlanView* view, const QString& path)
{
    QSignalSpy changed(view->importPanel(), &LogImportPanel::previewChanged);
    view->openLog(path);
    return changed.wait(20000);
}

FitOutcome fitIn(PlanView* view)
{
    QSignalSpy finished(view->importPanel(), &LogImportPanel::fitFinished);
    if (!view->importPanel()->readAndFit() || !finished.wait(120000))
        return {};
    return finished.takeFirst().front().value<FitOutcome>();
}

struct EngineFit {
    FailureLog log;
    FailureLogFits fits;
};

EngineFit engineFit(const FitRequest& request)
{
    EngineFit out;
    out.log = readFailureLog(request.logPath.toStdString(), request.readOptions());
    FitOptions options;
    options.bootstrapSamples = request.bootstrap;
    options.seed = request.seed;
    out.fits = fitFailureLog(out.log, options);
    return out;
}

PlanRequest smallPlan()
{
    PlanRequest r;
    r.redundancy = QStringLiteral("2-4");
    r.checkpoint = QStringLiteral("auto");
    r.indifference = QStringLiteral("5%");
    return r;
}

int pdfPages(const QByteArray& pdf)
{
    static const QRegularExpression page(QStringLiteral("/Type\\s*/Page(?!s)"));
    return static_cast<int>(QString::fromLatin1(pdf).count(page));
}

}  // namespace

class TestPlanTab : public QObject {
    Q_OBJECT

private:
    QTemporaryDir dir_;
    QString logPath_;
    SyntheticFailureLog synthetic_;
    std::unique_ptr<PlanView> view_;  // fitted, then planned, by the tests in order
    Scenario teaching_;

private slots:
    void initTestCase()
    {
        QVERIFY(dir_.isValid());
        SyntheticFailureLogOptions options;
        options.model = GapDistribution::Weibull;
        options.shape = 0.7;
        options.meanGapS = 7200.0;
        options.days = 40.0;
        options.burstShare = 0.2;
        options.unsortedRows = 3;
        options.blankLines = 2;
        options.seed = 7;
        synthetic_ = SyntheticFailureLog::generate(options);
        logPath_ = dir_.filePath(QStringLiteral("synthetic.csv"));
        synthetic_.write(logPath_.toStdString());
        teaching_ = loadScenarioFile(kTeaching.toStdString());
        view_ = std::make_unique<PlanView>();
        view_->setScenario(teaching_, kTeaching);
    }

    void previewShowsHeaderAndRows()
    {
        QVERIFY(waitForPreview(view_.get(), logPath_));
        FailureLogPreviewModel* model = view_->importPanel()->previewModel();
        QAbstractItemModelTester tester(model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(model->columnCount(), 4);
        const QStringList header{QStringLiteral("time"), QStringLiteral("location"), QStringLiteral("cause"), QStringLiteral("job_id")};
        for (int c = 0; c < 4; ++c)
            QCOMPARE(model->headerData(c, Qt::Horizontal).toString(), header[c]);
        QCOMPARE(model->rowCount(), LogImportPanel::kPreviewRows);
        // The first data row, as the file has it (blank lines may precede later rows, not the first).
        const QStringList lines = QString::fromStdString(synthetic_.csv).split(QLatin1Char('\n'));
        const QStringList first = lines[1].split(QLatin1Char(','));
        for (int c = 0; c < 4; ++c)
            QCOMPARE(model->index(0, c).data().toString(), first[c]);
        QCOMPARE(model->headerData(0, Qt::Vertical).toString(), QStringLiteral("line 2"));
        // The time column and a format that reads it are guessed from the preview.
        const FitRequest request = view_->importPanel()->request();
        QCOMPARE(request.timeColumn, QStringLiteral("time"));
        QCOMPARE(request.timeFormat, QStringLiteral("%m/%d/%Y %H:%M"));
        QVERIFY(view_->importPanel()->timeFormatMessage()->text().startsWith(QStringLiteral("Reads line 2's time")));
    }

    void previewOfAMissingFileSaysWhy()
    {
        PlanView view;
        QSignalSpy failed(view.importPanel(), &LogImportPanel::previewFailed);
        view.openLog(dir_.filePath(QStringLiteral("missing.csv")));
        QVERIFY(failed.wait(20000));
        QVERIFY(failed.front().front().toString().contains(QStringLiteral("missing.csv")));
        QCOMPARE(view.importPanel()->previewModel()->rowCount(), 0);
    }

    void badFieldsAreNamed_data()
    {
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("value");
        QTest::addColumn<QString>("message");
        QTest::newRow("unknown time directive") << "time-format" << "%Y-%Q" << "Time format '%Y-%Q'";
        QTest::newRow("format that does not read the log") << "time-format" << "epoch"
                                                            << "Time format 'epoch': line 2's time";
        QTest::newRow("empty filter value") << "filter" << "GPU Xid 79,,Software"
                                            << "Filter 1 (cause) 'GPU Xid 79,,Software': an empty value";
        QTest::newRow("from is not a time") << "from" << "yesterday" << "From: 'yesterday' is not a time";
        QTest::newRow("unclosed location field") << "pattern" << "c{col" << "Location pattern 'c{col'";
        QTest::newRow("fleet of no units") << "units" << "0" << "Fleet units '0': allowed a number 1 ..";
    }

    void badFieldsAreNamed()
    {
        QFETCH(QString, field);
        QFETCH(QString, value);
        QFETCH(QString, message);
        PlanView view;
        QVERIFY(waitForPreview(&view, logPath_));
        LogImportPanel* panel = view.importPanel();
        if (field == QLatin1String("time-format"))
            panel->setTimeFormat(value);
        else if (field == QLatin1String("filter"))
            panel->addFilter(QStringLiteral("cause"), value);
        else if (field == QLatin1String("from"))
            panel->setWindow(value, {});
        else if (field == QLatin1String("pattern"))
            panel->setLocation(QStringLiteral("location"), value, 3600.0);
        else
            panel->setFleet(value, FleetUnit::Gpu);
        const QString shown = panel->timeFormatMessage()->text() + QLatin1Char('\n') + panel->problemsLabel()->text();
        QVERIFY2(shown.contains(message), qPrintable(shown));
        // A format that parses may still not read this log: the reader then stops at the row.
        if (value == QLatin1String("epoch"))
            return;
        QVERIFY(!panel->problems().isEmpty());
        QVERIFY(!panel->readAndFit());
        QVERIFY(!panel->fitJob()->isRunning());
    }

    void readErrorShowsLineAndColumn()
    {
        PlanView view;
        QVERIFY(waitForPreview(&view, logPath_));
        view.importPanel()->setTimeFormat(QStringLiteral("epoch"));
        const FitOutcome outcome = fitIn(&view);
        QVERIFY(!outcome.ok());
        QVERIFY2(outcome.error.contains(QStringLiteral("line 2, column 1 (time)")), qPrintable(outcome.error));
        QVERIFY(view.importPanel()->statusLabel()->text().contains(QStringLiteral("line 2, column 1 (time)")));
        QVERIFY(!view.fitPanel()->useButton()->isEnabled());
    }

    void readAndFitMatchesTheEngine()
    {
        chooseFields(view_->importPanel());
        QVERIFY2(view_->importPanel()->problems().isEmpty(), qPrintable(view_->importPanel()->problems().join(QLatin1Char('\n'))));
        const FitOutcome outcome = fitIn(view_.get());
        QVERIFY2(outcome.ok(), qPrintable(outcome.error));
        const EngineFit engine = engineFit(outcome.request);

        FitFamiliesModel* families = view_->fitPanel()->familiesModel();
        QAbstractItemModelTester tester(families, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(families->rowCount(), 3);
        const int winner = families->winnerRow();
        QCOMPARE(winner, static_cast<int>(engine.fits.best));
        QCOMPARE(families->index(winner, FitFamiliesModel::Winner).data().toString(), QStringLiteral("winner"));
        QVERIFY(families->index(winner, FitFamiliesModel::Family).data().toString().startsWith(
            QLatin1String(lifetimeFamilyName(engine.fits.bestFit().fit.distribution.family))));
        for (int row = 0; row < 3; ++row) {
            const FamilyFit& f = engine.fits.families[static_cast<std::size_t>(row)];
            QCOMPARE(families->index(row, FitFamiliesModel::Aic).data().toString(), QString::number(f.fit.aic, 'f', 1));
            QVERIFY(families->index(row, FitFamiliesModel::Ks).data().toString().endsWith(
                QStringLiteral("(p %1)").arg(f.goodness.ksPValue, 0, 'f', 3)));
            if (row != winner)
                QVERIFY(families->index(row, FitFamiliesModel::Winner).data().toString().isEmpty());
        }
        QCOMPARE(outcome.log->counts.failures, engine.log.counts.failures);
        QCOMPARE(outcome.log->counts.filteredOut, synthetic_.maintenanceRows);
        const QString counts = view_->fitPanel()->countsLabel()->text();
        QVERIFY2(counts.contains(QStringLiteral("%1 failures kept, %2 filtered out").arg(engine.log.counts.failures).arg(synthetic_.maintenanceRows)),
                 qPrintable(counts));
        QVERIFY(counts.contains(QStringLiteral("%1 unsorted rows").arg(engine.log.counts.unsortedRows)));

        for (const QString& name : FitCharts::names()) {
            const ChartSpec& spec = view_->fitPanel()->chart(name)->spec();
            QVERIFY2(!spec.series.isEmpty() && spec.series.front().points.size() > 1, qPrintable(name));
        }
        // The Weibull line's slope is the fitted shape.
        const ChartSeries* line = view_->fitPanel()->chart(QStringLiteral("weibull-plot"))->spec().series.constData() + 1;
        const double slope = (line->points[1].y() - line->points[0].y()) / (line->points[1].x() - line->points[0].x());
        QVERIFY(qAbs(slope - engine.fits.of(LifetimeFamily::Weibull).fit.distribution.a) < 1e-9);

        QCOMPARE(view_->fitPanel()->clusteringTable()->rowCount(), 5);
        QCOMPARE(view_->fitPanel()->rackLevel()->currentText(), QStringLiteral("row"));
        const auto share = view_->fitPanel()->rackShare();
        QVERIFY(share);
        QCOMPARE(share->evidence, suggestRackShare(clusterFailures(engine.log, {}), "row").evidence);
        QVERIFY(view_->fitCommand().startsWith(QStringLiteral("spare-cli fit ") + logPath_));
        QVERIFY(view_->fitCommand().contains(QStringLiteral("--where 'cause!=") + kNotFailures + QLatin1Char('\'')));
        QVERIFY(view_->fitCommand().contains(QStringLiteral("--scenario ") + kTeaching));
    }

    void cancelledFitKeepsTheLastFit()
    {
        LogImportPanel* panel = view_->importPanel();
        const QString before = view_->fitCommand();
        panel->setBootstrap(20000);
        QSignalSpy finished(panel, &LogImportPanel::fitFinished);
        // Cancel from the worker once the bootstrap has begun: deterministic whatever the speed.
        const auto connection = connect(panel->fitJob(), &FitJob::progressed, panel->fitJob(), [panel](const QString&, qulonglong, qulonglong total) {
            if (total > 0)
                panel->fitJob()->cancel();
        }, Qt::DirectConnection);
        QVERIFY(panel->readAndFit());
        QVERIFY(finished.wait(120000));
        disconnect(connection);
        const FitOutcome outcome = finished.takeFirst().front().value<FitOutcome>();
        QVERIFY(outcome.cancelled);
        QVERIFY(!outcome.ok());
        QVERIFY(panel->statusLabel()->text().startsWith(QStringLiteral("Cancelled")));
        QCOMPARE(view_->fitPanel()->familiesModel()->rowCount(), 3);
        QCOMPARE(view_->fitCommand(), before);
        panel->setBootstrap(kBootstrap);
    }

    void useInScenarioWritesTheEngineModel()
    {
        MainWindow window;
        auto* integration = window.findChild<PlanIntegration*>();
        QVERIFY(integration);
        bool hasAction = false;
        for (QAction* action : window.fileMenu()->actions())
            hasAction = hasAction || action->text() == QStringLiteral("&Plan from a failure log...");
        QVERIFY(hasAction);
        PlanView* view = integration->view();
        QVERIFY(view->scenario());
        QCOMPARE(view->scenario()->name, std::string("teaching-12"));
        QVERIFY(waitForPreview(view, logPath_));
        chooseFields(view->importPanel());
        const FitOutcome outcome = fitIn(view);
        QVERIFY2(outcome.ok(), qPrintable(outcome.error));

        const EngineFit engine = engineFit(outcome.request);
        const ClusterFailureModel model = clusterFailureModel(
            engine.fits, FleetDescription{kUnits, FleetUnit::Gpu, 8}, PlannedCluster{teaching_.groups, teaching_.gpusPerGroup});
        QVERIFY(view->fitPanel()->useButton()->isEnabled());
        QSignalSpy changed(&window, &MainWindow::scenarioChanged);
        view->fitPanel()->useButton()->click();
        QCOMPARE(changed.size(), 1);
        const Scenario& applied = window.editor()->appliedScenario();
        QCOMPARE(applied.systemMtbfS, model.failures.systemMtbfS);
        QCOMPARE(applied.failureModel, model.failures.model);
        if (model.family == LifetimeFamily::Weibull)
            QCOMPARE(applied.weibullShape, *model.failures.weibullShape);
        QCOMPARE(window.scenario(), applied);
        QCOMPARE(applied.groups, teaching_.groups);
        QCOMPARE(applied.checkpointWriteS, teaching_.checkpointWriteS);
        const QString said = view->fitPanel()->appliedLabel()->text();
        QVERIFY2(said.contains(QStringLiteral("failures.system_mtbf_s: 600 (10 min) -> ")), qPrintable(said));
        for (const std::string& note : model.notes)
            QVERIFY(said.contains(QString::fromStdString(note)));
        // The fitted scenario is the one the fit command writes, and the planner names that file.
        const QString fitted = dir_.filePath(QStringLiteral("synthetic-fitted.json"));
        QCOMPARE(view->plannerPanel()->scenarioPath(), fitted);
        QVERIFY(view->fitCommand().contains(QStringLiteral("--scenario %1 --scenario-out %2").arg(kTeaching, fitted)));
        QString command = view->fitCommand();
        command.replace(0, QStringLiteral("spare-cli").size(), QStringLiteral(SPARE_CLI));
        QProcess cli;
        cli.start(QStringLiteral("/bin/sh"), {QStringLiteral("-c"), command});
        QVERIFY(cli.waitForFinished(120000));
        QVERIFY2(cli.exitCode() == 0, cli.readAllStandardError().constData());
        QCOMPARE(loadScenarioFile(fitted.toStdString()), applied);
    }

    void planSelectsWhatRunPlanSelects()
    {
        PlannerPanel* planner = view_->plannerPanel();
        planner->setRequest(smallPlan());
        const auto spec = planner->spec();
        QVERIFY2(spec, qPrintable(planner->problemsLabel()->text()));
        QAbstractItemModelTester tester(planner->raceModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy rounds(planner->planJob(), &PlanJob::roundFinished);
        QSignalSpy finished(planner, &PlannerPanel::planFinished);
        QVERIFY(planner->startPlan(2));
        QVERIFY(finished.wait(300000));
        const PlanOutcome outcome = finished.takeFirst().front().value<PlanOutcome>();
        QVERIFY(outcome.result.complete);

        LocalPlanRoundRunner runner(RunControl{2, {}, nullptr});
        const PlanResult expected = runPlan(*spec, runner);
        QCOMPARE(outcome.result.policies.size(), expected.policies.size());
        QCOMPARE(outcome.result.runs, expected.runs);
        QCOMPARE(outcome.result.rounds, expected.rounds);
        for (std::size_t p = 0; p < expected.policies.size(); ++p) {
            const PlanPolicyResult& got = outcome.result.policies[p];
            const PlanPolicyResult& want = expected.policies[p];
            QCOMPARE(got.selected, want.selected);
            QCOMPARE(got.runnerUp, want.runnerUp);
            QVERIFY(got.candidates[static_cast<std::size_t>(got.selected)].candidate ==
                    want.candidates[static_cast<std::size_t>(want.selected)].candidate);
            QCOMPARE(got.candidates[static_cast<std::size_t>(got.selected)].mean, want.candidates[static_cast<std::size_t>(want.selected)].mean);
        }
        // The race was shown after every round, one row per candidate, the chosen ones marked.
        QCOMPARE(rounds.size(), expected.rounds + 1);
        PlanRaceModel* race = planner->raceModel();
        QCOMPARE(race->rowCount(), 6);
        int chosen = 0;
        for (int row = 0; row < race->rowCount(); ++row)
            chosen += race->index(row, PlanRaceModel::Status).data().toString() == QStringLiteral("chosen");
        QCOMPARE(chosen, 2);
        const QString command = planner->commandField()->text();
        QCOMPARE(command, PlanRequest::commandLine(*spec, kTeaching));
        QVERIFY(command.contains(QStringLiteral("--redundancy 2-4 --checkpoint auto --confidence 0.95 --indifference 0.05")));
        QVERIFY(planner->recommendation()->toPlainText().contains(command));
        QVERIFY(planner->exportButton()->isEnabled());

        // The command the tab shows selects the same with spare-cli.
        QProcess cli;
        cli.start(QStringLiteral("/bin/sh"), {QStringLiteral("-c"), QStringLiteral(SPARE_CLI) + command.mid(QStringLiteral("spare-cli").size()) +
                                                                         QStringLiteral(" --threads 2 --json")});
        QVERIFY(cli.waitForFinished(300000));
        QVERIFY2(cli.exitCode() == 0, cli.readAllStandardError().constData());
        const nlohmann::json doc = nlohmann::json::parse(cli.readAllStandardOutput().toStdString());
        QCOMPARE(doc.at("runs").get<std::size_t>(), expected.runs);
        for (std::size_t p = 0; p < expected.policies.size(); ++p) {
            const PlanCandidateState& want = expected.policies[p].candidates[static_cast<std::size_t>(expected.policies[p].selected)];
            QCOMPARE(doc.at("policies")[p].at("selected").at("redundancy").get<int>(), want.candidate.redundancy);
        }
    }

    void raceBarsKeepTheirScale()
    {
        // Two rounds of one policy's race: the second narrows the intervals and puts a candidate out.
        PlanResult result;
        PlanPolicyResult policy;
        policy.candidates = {{{Policy::Spare, 2, std::nullopt}, 10, 1.30, 0.20, true, -1},
                             {{Policy::Spare, 3, std::nullopt}, 10, 1.10, 0.10, true, -1}};
        policy.selected = 1;
        result.policies = {policy};
        result.rounds = 1;
        PlanRaceModel race;
        QAbstractItemModelTester tester(&race, QAbstractItemModelTester::FailureReportingMode::QtTest);
        race.reset(result);
        const QModelIndex bar = race.index(0, PlanRaceModel::CiBar);
        const double low = bar.data(PlanRaceModel::ScaleLowRole).toDouble();
        const double high = bar.data(PlanRaceModel::ScaleHighRole).toDouble();
        QCOMPARE(low, 1.0);
        QCOMPARE(high, 1.5);
        QSignalSpy changed(&race, &QAbstractItemModel::dataChanged);
        result.policies[0].candidates[0] = {{Policy::Spare, 2, std::nullopt}, 15, 1.32, 0.08, false, 15};
        result.policies[0].candidates[1].observations = 15;
        result.policies[0].candidates[1].halfWidth = 0.05;
        result.policies[0].done = true;
        result.rounds = 2;
        race.update(result);
        QCOMPARE(changed.size(), 1);
        QCOMPARE(bar.data(PlanRaceModel::ScaleLowRole).toDouble(), low);
        QCOMPARE(bar.data(PlanRaceModel::ScaleHighRole).toDouble(), high);
        QCOMPARE(bar.data(PlanRaceModel::CiHighRole).toDouble() - bar.data(PlanRaceModel::CiLowRole).toDouble(), 0.16);
        QCOMPARE(race.index(0, PlanRaceModel::Status).data().toString(), QStringLiteral("out"));
        QCOMPARE(race.index(0, PlanRaceModel::EliminatedAt).data().toString(), QStringLiteral("replicate 15"));
        QCOMPARE(race.index(1, PlanRaceModel::Status).data().toString(), QStringLiteral("chosen"));
    }

    // The time column is guessed among the columns whose values read as times from 1970 to 2100, never
    // a serial number read as epoch seconds (year 12114) or milliseconds.
    void timeColumnIsGuessedAmongTimes_data()
    {
        QTest::addColumn<QString>("csv");
        QTest::addColumn<QString>("column");
        QTest::addColumn<QString>("format");
        QTest::newRow("serial number, then an unnamed ISO column")
            << "SN,when,cause\n0320117100060,2024-03-05T12:34:56Z,GPU\n0320117100061,2024-03-06T01:00:00Z,NIC\n"
            << "when" << "iso8601";
        QTest::newRow("serial number, then a date column")
            << "SN,event_date\n0320117100060,01/02/2025 03:04\n0320117100077,01/03/2025 13:04\n"
            << "event_date" << "%m/%d/%Y %H:%M";
        QTest::newRow("serial number, then epoch seconds")
            << "SN,t\n0320117100060,1709642096\n0320117100061,1709642196\n" << "t" << "epoch";
        QTest::newRow("numbers past 2100 as seconds, then milliseconds")
            << "SN,t\n9320117100060,1709642096500\n9320117100061,1709642196500\n" << "t" << "epoch-ms";
        QTest::newRow("a column named time that holds no time")
            << "time_zone,stamp\nUTC,2024-03-05 12:34:00\nCET,2024-03-05 13:34:00\n" << "stamp" << "iso8601";
    }

    void timeColumnIsGuessedAmongTimes()
    {
        QFETCH(QString, csv);
        QFETCH(QString, column);
        QFETCH(QString, format);
        const QString path = dir_.filePath(QStringLiteral("guess.csv"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
        file.write(csv.toUtf8());
        file.close();
        LogImportPanel panel;
        QSignalSpy changed(&panel, &LogImportPanel::previewChanged);
        panel.openLog(path);
        QVERIFY(changed.wait(20000));
        QCOMPARE(panel.request().timeColumn, column);
        QCOMPARE(panel.request().timeFormat, format);
        QVERIFY2(panel.timeFormatMessage()->text().startsWith(QStringLiteral("Reads line 2's ") + column),
                 qPrintable(panel.timeFormatMessage()->text()));
    }

    // Choosing another column guesses its format again; a format that reads the new column stays.
    void changingTheColumnGuessesItsFormat()
    {
        const QString path = dir_.filePath(QStringLiteral("two-times.csv"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
        file.write("opened,closed,reopened\n2024-03-05T12:34:56Z,1709642096,1709643096\n"
                   "2024-03-06T01:00:00Z,1709652096,1709653096\n");
        file.close();
        LogImportPanel panel;
        QSignalSpy changed(&panel, &LogImportPanel::previewChanged);
        panel.openLog(path);
        QVERIFY(changed.wait(20000));
        QCOMPARE(panel.request().timeColumn, QStringLiteral("opened"));
        QCOMPARE(panel.request().timeFormat, QStringLiteral("iso8601"));
        panel.setTimeColumn(QStringLiteral("closed"));
        QCOMPARE(panel.request().timeFormat, QStringLiteral("epoch"));
        QVERIFY(panel.problems().isEmpty());
        panel.setTimeFormat(QStringLiteral("epoch"));
        panel.setTimeColumn(QStringLiteral("reopened"));
        QCOMPARE(panel.request().timeFormat, QStringLiteral("epoch"));
    }

    // The r candidates follow the open scenario until typed: 2-12 for N = 12 (2-16 would be refused).
    void defaultRedundancyFollowsTheScenario()
    {
        PlannerPanel planner;
        planner.setScenario(teaching_, kTeaching);
        QCOMPARE(planner.request().redundancy, QStringLiteral("2-12"));
        QVERIFY2(planner.spec().has_value(), qPrintable(planner.problemsLabel()->text()));
        Scenario large = teaching_;
        large.groups = 40;
        planner.setScenario(large, {});
        QCOMPARE(planner.request().redundancy, QStringLiteral("2-16"));
        PlanRequest typed = planner.request();
        typed.redundancy = QStringLiteral("3-5");
        planner.setRequest(typed);
        planner.setScenario(teaching_, kTeaching);
        QCOMPARE(planner.request().redundancy, QStringLiteral("3-5"));
    }

    // Every policy has a check box; elastic and rebalance are planned at r = 1 and refused, naming the
    // key, under the paper's checkpoint rule.
    void everyPolicyCanBePlanned()
    {
        PlannerPanel planner;
        planner.setScenario(teaching_, kTeaching);
        for (const Policy p : kPolicies)
            QVERIFY(planner.findChild<QCheckBox*>(QStringLiteral("policy-%1").arg(QString::fromLatin1(policyName(p)))));
        PlanRequest request = smallPlan();
        request.policies = {Policy::Spare, Policy::Elastic, Policy::Rebalance};
        planner.setRequest(request);
        QCOMPARE(planner.request().policies, request.policies);
        const std::optional<PlanSpec> spec = planner.spec();
        QVERIFY2(spec, qPrintable(planner.problemsLabel()->text()));
        QCOMPARE(spec->candidates(Policy::Elastic).size(), spec->checkpointIntervals.size());
        Scenario paper = teaching_;
        paper.checkpointSemantics = CheckpointSemantics::Paper;
        planner.setScenario(paper, {});
        QVERIFY(!planner.spec());
        QVERIFY2(planner.problemsLabel()->text().contains(QStringLiteral("policies: elastic: checkpoint.semantics")),
                 qPrintable(planner.problemsLabel()->text()));
    }

    void badPlanFieldsAreNamed_data()
    {
        QTest::addColumn<QString>("redundancy");
        QTest::addColumn<QString>("checkpoint");
        QTest::addColumn<QString>("indifference");
        QTest::addColumn<QString>("message");
        QTest::newRow("r above the groups") << "2-20" << "auto" << "1%" << "Redundancy r '2-20': 20 is out of range";
        QTest::newRow("r not a range") << "two" << "auto" << "1%" << "Redundancy r 'two'";
        QTest::newRow("interval beyond the steps") << "2-4" << "auto,500" << "1%" << "Checkpoint intervals 'auto,500': '500'";
        QTest::newRow("indifference too wide") << "2-4" << "auto" << "60%" << "Indifference '60%'";
    }

    void badPlanFieldsAreNamed()
    {
        QFETCH(QString, redundancy);
        QFETCH(QString, checkpoint);
        QFETCH(QString, indifference);
        QFETCH(QString, message);
        PlannerPanel planner;
        planner.setScenario(teaching_, kTeaching);
        PlanRequest request = smallPlan();
        request.redundancy = redundancy;
        request.checkpoint = checkpoint;
        request.indifference = indifference;
        planner.setRequest(request);
        QVERIFY(!planner.spec());
        QVERIFY2(planner.problemsLabel()->text().contains(message), qPrintable(planner.problemsLabel()->text()));
        QVERIFY(!planner.startPlan());
    }

    void cancelStopsARunningPlan()
    {
        PlannerPanel planner;
        planner.setScenario(teaching_, kTeaching);
        PlanRequest request = smallPlan();
        request.redundancy = QStringLiteral("2-12");
        request.checkpoint = QStringLiteral("auto,2,5,10");
        request.indifference = QStringLiteral("0.1%");
        planner.setRequest(request);
        QSignalSpy finished(planner.planJob(), &PlanJob::finished);
        // Cancel from the worker once a few runs are done: deterministic whatever the speed.
        connect(planner.planJob(), &PlanJob::progressed, planner.planJob(), [&planner](qulonglong done, qulonglong) {
            if (done >= 3)
                planner.planJob()->cancel();
        }, Qt::DirectConnection);
        QVERIFY(planner.startPlan(2));
        QVERIFY(finished.wait(120000));
        const PlanOutcome outcome = finished.takeFirst().front().value<PlanOutcome>();
        QVERIFY(outcome.error.isEmpty());
        QVERIFY(outcome.result.cancelled);
        QVERIFY(!outcome.result.complete);
        QVERIFY(!planner.lastOutcome());
        QVERIFY(planner.statusLabel()->text().startsWith(QStringLiteral("Cancelled")));
        QVERIFY(!planner.exportButton()->isEnabled());

        // A panel closed while its plan runs cancels it and waits for it.
        auto closing = std::make_unique<PlannerPanel>();
        closing->setScenario(teaching_, kTeaching);
        closing->setRequest(request);
        QVERIFY(closing->startPlan(2));
        closing.reset();
    }

    void reportFilesAreWritten_data()
    {
        QTest::addColumn<QString>("scenarioPath");
        QTest::newRow("scenario from its file") << kTeaching;
        QTest::newRow("scenario in no file") << QString();
    }

    void reportFilesAreWritten()
    {
        QFETCH(QString, scenarioPath);
        QVERIFY(view_->plannerPanel()->lastOutcome());
        const QString stem = scenarioPath.isEmpty() ? QStringLiteral("unsaved") : QStringLiteral("saved");
        const QString markdownPath = dir_.filePath(stem + QStringLiteral(".md"));
        if (!scenarioPath.isEmpty()) {
            QString error;
            QVERIFY2(view_->exportReport(markdownPath, &error), qPrintable(error));
        } else {
            // The same plan again from a scenario no file holds: the export writes it beside the report.
            view_->setScenario(teaching_, {});
            QSignalSpy finished(view_->plannerPanel(), &PlannerPanel::planFinished);
            QVERIFY(view_->plannerPanel()->startPlan(2));
            QVERIFY(finished.wait(300000));
            QString error;
            QVERIFY2(view_->exportReport(markdownPath, &error), qPrintable(error));
        }
        const QString markdown = QString::fromUtf8(readAll(markdownPath));
        const QString scenarioFile = scenarioPath.isEmpty() ? dir_.filePath(stem + QStringLiteral("-scenario.json")) : scenarioPath;
        QVERIFY(markdown.startsWith(QStringLiteral("# Plan: teaching-12")));
        QVERIFY(markdown.contains(view_->plannerPanel()->commandLine(scenarioFile)));
        QVERIFY(markdown.contains(QStringLiteral("spare-cli plan ") + scenarioFile));
        QVERIFY(markdown.contains(QStringLiteral("## Failure log fit")));
        QVERIFY(markdown.contains(view_->fitCommand()));
        QCOMPARE(QFileInfo::exists(dir_.filePath(stem + QStringLiteral("-scenario.json"))), scenarioPath.isEmpty());
        if (scenarioPath.isEmpty())
            QCOMPARE(loadScenarioFile(scenarioFile.toStdString()), teaching_);
        const QByteArray pdf = readAll(dir_.filePath(stem + QStringLiteral(".pdf")));
        QVERIFY(pdf.startsWith("%PDF"));
        QCOMPARE(pdfPages(pdf), 1);

        const QByteArray screenshot = qgetenv("SPARE_PLAN_TAB_SCREENSHOT");
        if (!screenshot.isEmpty() && !scenarioPath.isEmpty()) {
            view_->resize(1600, 1000);
            view_->showPlanner();
            view_->show();
            QVERIFY(QTest::qWaitForWindowExposed(view_.get()));
            QCoreApplication::processEvents();
            QVERIFY(view_->grab().save(QString::fromLocal8Bit(screenshot)));
        }
    }
};

QTEST_MAIN(TestPlanTab)
#include "tst_ui_plan.moc"
