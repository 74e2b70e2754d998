#pragma once

#include "engine/base/InputIssue.h"
#include "engine/sim/Scenario.h"

#include <QMap>
#include <QString>
#include <QStringList>
#include <QWidget>

#include <memory>
#include <vector>

class QComboBox;
class QLabel;
class QPushButton;

namespace spare {

// A form for every scenario key (grouped cluster / workload / failures / restart / checkpoint /
// policy), built from the engine's key table: ranges, units, meanings and defaults come from there.
// Every edit is checked by the engine's own parser and validator: invalid fields turn red, the
// messages name the allowed range, and Apply stays disabled until the whole scenario is valid.
class ScenarioEditor : public QWidget {
    Q_OBJECT
public:
    explicit ScenarioEditor(QWidget* parent = nullptr);
    ~ScenarioEditor() override;

    // Shows a scenario (e.g. after a file was opened); `path` is where it came from (may be empty).
    void setScenario(const Scenario& scenario, const QString& path);
    const Scenario& appliedScenario() const { return applied_; }
    QString path() const { return path_; }

    // The form's current content; invalid fields make isValid() false.
    bool isValid() const { return issues_.isEmpty(); }
    // key -> message for every invalid field.
    const QMap<QString, QString>& issues() const { return issues_; }
    // Marks the keys of the issues found when the applied scenario was prepared to run (a layout file,
    // a failure trace, the memory budget), beside the invalid fields, until the next edit.
    void markRunIssues(const std::vector<InputIssue>& issues);
    // Every key marked: the invalid fields and the run's issues.
    QStringList markedKeys() const;
    Scenario editedScenario() const { return edited_; }
    bool hasUnsavedChanges() const;
    // The form differs from the scenario the run uses (or is invalid): Apply would change the run.
    bool isModified() const;

    // Field editor for a key ("cluster.groups"), for tests and automation.
    QWidget* fieldEditor(const QString& key) const;
    void setFieldText(const QString& key, const QString& text);
    QPushButton* applyButton() const { return applyButton_; }

    // Asks to save unsaved edits: true when it is fine to go on (saved or discarded).
    bool maybeSave();
    // Writes the edited scenario atomically (QSaveFile); false and a message box on error.
    bool saveTo(const QString& path);

public slots:
    void apply();
    void revert();
    bool saveAs();

signals:
    // The user applied a valid scenario: the run restarts on it.
    void applied(const spare::Scenario& scenario);
    void pathChanged(const QString& path);
    void modifiedChanged(bool modified);

private:
    struct Field;
    void buildForm();
    void loadPresets();
    void choosePreset(int index);
    void revalidate();
    void showIssues();
    void showValues(const Scenario& scenario);
    void updateModified();

    std::vector<std::unique_ptr<Field>> fields_;
    QComboBox* presets_ = nullptr;
    QLabel* messages_ = nullptr;
    QLabel* modified_ = nullptr;
    QPushButton* applyButton_ = nullptr;
    QPushButton* revertButton_ = nullptr;
    Scenario applied_;
    Scenario saved_;
    Scenario edited_;
    QString path_;
    QMap<QString, QString> issues_;
    QMap<QString, QString> runIssues_;
    bool loading_ = false;
    bool shownModified_ = false;
};

}  // namespace spare
