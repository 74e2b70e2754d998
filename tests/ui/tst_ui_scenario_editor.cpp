// The scenario editor rejects bad values with the engine's message naming the allowed range, and
// keeps Apply disabled until the scenario is valid; saving goes through QSaveFile.
#include "engine/sim/ScenarioJson.h"
#include "engine/sim/ScenarioKeyTable.h"
#include "ui/editor/ScenarioEditor.h"
#include "ui/editor/ScenarioFieldLabel.h"
#include "ui/playback/RunSetup.h"

#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <fstream>

using namespace spare;

class TestScenarioEditor : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void rejectsBadValues_data();
    void rejectsBadValues();
    void appliesValidEdit();
    void savesAtomically();
    void formCoversEveryKey();
    void labelsInWords_data();
    void labelsInWords();
    void labelsLineUpAndEveryKeyHasOne();
    void marksModifiedUntilApplied();
    void topologyIsOptional();
    void keepsFailureCategories();
    void marksEveryIssueKey();
};

void TestScenarioEditor::rejectsBadValues_data()
{
    QTest::addColumn<QString>("key");
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("message");
    QTest::newRow("groups too small") << QStringLiteral("cluster.groups") << QStringLiteral("1")
                                      << QStringLiteral("1 is out of range; allowed: 2 .. 10,000,000 groups");
    QTest::newRow("groups not a number") << QStringLiteral("cluster.groups") << QStringLiteral("many")
                                         << QStringLiteral("expected");
    QTest::newRow("redundancy above groups") << QStringLiteral("cluster.redundancy") << QStringLiteral("13")
                                             << QStringLiteral("1 .. min(cluster.groups, 64)");
    QTest::newRow("compute zero") << QStringLiteral("workload.compute_s") << QStringLiteral("0")
                                  << QStringLiteral("allowed: 0.001 .. 1e6 s");
    QTest::newRow("jitter sd") << QStringLiteral("workload.jitter_sd") << QStringLiteral("1.5")
                               << QStringLiteral("allowed: 0 .. 1");
    QTest::newRow("weibull shape") << QStringLiteral("failures.weibull_shape") << QStringLiteral("0.01")
                                   << QStringLiteral("0.05 .. 20");
    QTest::newRow("negative restart") << QStringLiteral("restart.duration_s") << QStringLiteral("-5")
                                      << QStringLiteral("allowed: 0 .. 1e9 s");
    QTest::newRow("nodes per rack") << QStringLiteral("topology.nodes_per_rack") << QStringLiteral("0")
                                    << QStringLiteral("allowed: 1 .. 100,000 nodes");
    QTest::newRow("checkpoint interval") << QStringLiteral("checkpoint.interval_steps") << QStringLiteral("0")
                                         << QStringLiteral("\"auto\"");
}

void TestScenarioEditor::rejectsBadValues()
{
    QFETCH(QString, key);
    QFETCH(QString, text);
    QFETCH(QString, message);
    ScenarioEditor editor;
    editor.setScenario(loadScenarioFile(SPARE_SOURCE_DIR "/scenarios/teaching-12.json"), QString());
    QVERIFY(editor.isValid());
    QVERIFY(editor.applyButton()->isEnabled());
    QSignalSpy applied(&editor, &ScenarioEditor::applied);
    editor.setFieldText(key, text);
    QVERIFY(!editor.isValid());
    QVERIFY(!editor.applyButton()->isEnabled());
    QVERIFY2(editor.issues().contains(key), qPrintable(editor.issues().keys().join(QLatin1Char(','))));
    QVERIFY2(editor.issues().value(key).contains(message), qPrintable(editor.issues().value(key)));
    QVERIFY(editor.fieldEditor(key)->property("invalid").toBool());
    QVERIFY(editor.fieldEditor(key)->styleSheet().contains(QStringLiteral("background")));
    editor.apply();  // refused while invalid
    QCOMPARE(applied.count(), 0);
    editor.revert();
    QVERIFY(editor.isValid());
    QVERIFY(!editor.fieldEditor(key)->property("invalid").toBool());
}

void TestScenarioEditor::appliesValidEdit()
{
    ScenarioEditor editor;
    editor.setScenario(loadScenarioFile(SPARE_SOURCE_DIR "/scenarios/teaching-12.json"), QString());
    QSignalSpy applied(&editor, &ScenarioEditor::applied);
    editor.setFieldText(QStringLiteral("cluster.groups"), QStringLiteral("20"));
    editor.setFieldText(QStringLiteral("run.policy"), QStringLiteral("rep"));
    QVERIFY(editor.isValid());
    QVERIFY(editor.hasUnsavedChanges());
    QTest::mouseClick(editor.applyButton(), Qt::LeftButton);
    QCOMPARE(applied.count(), 1);
    const auto s = applied.at(0).at(0).value<Scenario>();
    QCOMPARE(s.groups, 20);
    QCOMPARE(s.policy, Policy::Rep);
}

void TestScenarioEditor::savesAtomically()
{
    QTemporaryDir dir;
    ScenarioEditor editor;
    editor.setScenario(loadScenarioFile(SPARE_SOURCE_DIR "/scenarios/teaching-12.json"), QString());
    editor.setFieldText(QStringLiteral("run.seed"), QStringLiteral("77"));
    const QString path = dir.filePath(QStringLiteral("edited.json"));
    QVERIFY(editor.saveTo(path));
    QVERIFY(!editor.hasUnsavedChanges());
    const Scenario back = loadScenarioFile(path.toStdString());
    QCOMPARE(back.seed, std::uint64_t(77));
    QCOMPARE(back, editor.editedScenario());
}

void TestScenarioEditor::formCoversEveryKey()
{
    ScenarioEditor editor;
    for (const ScenarioKeyInfo& row : scenarioKeyTable()) {
        QWidget* field = editor.fieldEditor(QString::fromLatin1(row.key));
        QVERIFY2(field, row.key);
        QVERIFY(field->toolTip().contains(QString::fromUtf8(row.meaning).toHtmlEscaped()));
    }
}

void TestScenarioEditor::labelsInWords_data()
{
    QTest::addColumn<QString>("key");
    QTest::addColumn<QString>("label");
    QTest::newRow("mtbf") << QStringLiteral("failures.system_mtbf_s") << QStringLiteral("System MTBF <i>m</i> [s]");
    QTest::newRow("compute") << QStringLiteral("workload.compute_s") << QStringLiteral("Compute <i>T<sub>comp</sub></i> [s]");
    QTest::newRow("groups") << QStringLiteral("cluster.groups") << QStringLiteral("Groups <i>N</i>");
    QTest::newRow("gpus") << QStringLiteral("cluster.gpus_per_group") << QStringLiteral("GPUs per group <i>M</i>");
    QTest::newRow("interval") << QStringLiteral("checkpoint.interval_steps")
                              << QStringLiteral("Interval <i>T<sub>c</sub></i> [steps]");
    QTest::newRow("seed") << QStringLiteral("run.seed") << QStringLiteral("Seed");
    QTest::newRow("rep") << QStringLiteral("run.rep_redundancy") << QStringLiteral("Rep redundancy");
}

void TestScenarioEditor::labelsInWords()
{
    QFETCH(QString, key);
    QFETCH(QString, label);
    const ScenarioKeyInfo* row = findScenarioKey(key.toStdString());
    QVERIFY(row);
    QCOMPARE(ScenarioFieldLabel::text(*row), label);
}

// Every field has a label without JSON underscores, and the label column is as wide in every section.
void TestScenarioEditor::labelsLineUpAndEveryKeyHasOne()
{
    ScenarioEditor editor;
    editor.show();
    int width = -1;
    for (const ScenarioKeyInfo& row : scenarioKeyTable()) {
        QWidget* field = editor.fieldEditor(QString::fromLatin1(row.key));
        QLabel* label = nullptr;
        for (QLabel* candidate : editor.findChildren<QLabel*>())
            if (candidate->buddy() == field)
                label = candidate;
        QVERIFY2(label, row.key);
        QVERIFY2(!label->text().contains(QLatin1Char('_')) || label->text().contains(QStringLiteral("<sub>")), qPrintable(label->text()));
        if (width < 0)
            width = label->minimumWidth();
        QCOMPARE(label->minimumWidth(), width);
    }
    QVERIFY(width > 0);
}

void TestScenarioEditor::marksModifiedUntilApplied()
{
    ScenarioEditor editor;
    editor.setScenario(loadScenarioFile(SPARE_SOURCE_DIR "/scenarios/teaching-12.json"), QString());
    editor.show();
    auto* marker = editor.findChild<QLabel*>(QStringLiteral("modifiedMarker"));
    QVERIFY(marker);
    QVERIFY(!marker->isVisible());
    QSignalSpy modified(&editor, &ScenarioEditor::modifiedChanged);
    editor.setFieldText(QStringLiteral("run.seed"), QStringLiteral("5"));
    QVERIFY(editor.isModified());
    QVERIFY(marker->isVisible());
    QCOMPARE(modified.count(), 1);
    QCOMPARE(modified.last().first().toBool(), true);
    editor.apply();
    QVERIFY(!editor.isModified());
    QVERIFY(!marker->isVisible());
    QCOMPARE(modified.last().first().toBool(), false);
}

void TestScenarioEditor::topologyIsOptional()
{
    // Empty topology fields: no topology. One filled in: a topology, the other keys at their defaults.
    ScenarioEditor editor;
    editor.setScenario(loadScenarioFile(SPARE_SOURCE_DIR "/scenarios/teaching-12.json"), QString());
    QVERIFY(editor.isValid());
    QVERIFY(!editor.editedScenario().topology);
    editor.setFieldText(QStringLiteral("topology.nodes_per_rack"), QStringLiteral("4"));
    QVERIFY(editor.isValid());
    QVERIFY(editor.editedScenario().topology);
    QCOMPARE(editor.editedScenario().topology->nodesPerRack, 4);
    QCOMPARE(editor.editedScenario().topology->placement, std::string("contiguous"));
    QVERIFY(editor.editedScenario().topology->domainLevel == DomainLevel::Rack);
    editor.setFieldText(QStringLiteral("topology.nodes_per_rack"), QString());
    QVERIFY(!editor.editedScenario().topology);
}

// The failure lists have no fields: an edit elsewhere keeps the loaded scenario's categories.
void TestScenarioEditor::keepsFailureCategories()
{
    ScenarioEditor editor;
    const Scenario loaded = loadScenarioFile(SPARE_SOURCE_DIR "/scenarios/llama3-16k-categories.json");
    QCOMPARE(loaded.failureCategories.size(), std::size_t{18});
    editor.setScenario(loaded, QString());
    editor.setFieldText(QStringLiteral("run.seed"), QStringLiteral("5"));
    QVERIFY(editor.isValid());
    QCOMPARE(editor.editedScenario().seed, std::uint64_t(5));
    QVERIFY(editor.editedScenario().failureCategories == loaded.failureCategories);
}

// Every key of every issue is marked: two bad fields, then the issues of preparing the applied scenario
// (a bad layout file under cluster.layout, the memory budget under cluster.groups), until the next edit.
void TestScenarioEditor::marksEveryIssueKey()
{
    ScenarioEditor editor;
    editor.setScenario(loadScenarioFile(SPARE_SOURCE_DIR "/scenarios/teaching-12.json"), QString());
    editor.setFieldText(QStringLiteral("cluster.gpus_per_group"), QStringLiteral("0"));
    editor.setFieldText(QStringLiteral("workload.compute_s"), QStringLiteral("0"));
    QStringList marked = editor.markedKeys();
    marked.sort();
    QCOMPARE(marked, (QStringList{QStringLiteral("cluster.gpus_per_group"), QStringLiteral("workload.compute_s")}));
    editor.revert();
    QVERIFY(editor.markedKeys().isEmpty());

    QTemporaryDir dir;
    const QString layout = dir.filePath(QStringLiteral("layout.json"));
    std::ofstream(layout.toStdString()) << R"({"stacks": [[0, 0, 2], [1, 2, 3], [2, 3, 4], [3, 4, 5], [4, 5, 6],
        [5, 6, 7], [6, 7, 8], [7, 8, 9], [8, 9, 10], [9, 10, 11], [10, 11, 0], [11, 0, 1]]})";
    editor.setFieldText(QStringLiteral("cluster.layout"), layout);
    QVERIFY(editor.isValid());  // the form checks no files
    QSignalSpy applied(&editor, &ScenarioEditor::applied);
    editor.apply();
    QCOMPARE(applied.count(), 1);
    const RunSetup setup = RunSetup::prepare(applied.at(0).at(0).value<Scenario>());
    QCOMPARE(setup.issues.size(), std::size_t{3});
    QVERIFY(!setup.run);  // the rest was prepared, but no part of a refused run travels with its issues
    editor.markRunIssues(setup.issues);
    QCOMPARE(editor.markedKeys(), QStringList{QStringLiteral("cluster.layout")});
    QVERIFY(editor.fieldEditor(QStringLiteral("cluster.layout"))->property("invalid").toBool());
    QVERIFY(editor.applyButton()->isEnabled());  // the file may be fixed on disk and applied again
    editor.setFieldText(QStringLiteral("cluster.layout"), QStringLiteral("golomb"));
    QVERIFY(editor.markedKeys().isEmpty());

    RunSetup::setMemoryBudget(1);
    const RunSetup tooBig = RunSetup::prepare(editor.editedScenario());
    RunSetup::setMemoryBudget(0);
    editor.markRunIssues(tooBig.issues);
    QCOMPARE(editor.markedKeys(), QStringList{QStringLiteral("cluster.groups")});
}

QTEST_MAIN(TestScenarioEditor)
#include "tst_ui_scenario_editor.moc"
