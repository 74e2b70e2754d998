#include "ui/editor/ScenarioEditor.h"

#include "ui/editor/ScenarioFieldLabel.h"

#include "engine/sim/ScenarioJson.h"
#include "engine/sim/ScenarioKeyTable.h"
#include "ui/base/ErrorText.h"
#include "ui/base/StudioPaths.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMessageBox>
#include <QPushButton>
#include <QSaveFile>
#include <QScrollArea>
#include <QVBoxLayout>

#include <nlohmann/json.hpp>

#include <algorithm>

namespace spare {

struct ScenarioEditor::Field {
    const ScenarioKeyInfo* row = nullptr;
    QString key;
    QLineEdit* line = nullptr;
    QComboBox* combo = nullptr;
    QCheckBox* check = nullptr;
    QWidget* editor() const { return line ? static_cast<QWidget*>(line) : combo ? static_cast<QWidget*>(combo) : check; }
};

namespace {

void appendProblem(QString& shown, const QString& problem)
{
    shown += (shown.isEmpty() ? QString() : QStringLiteral("; ")) + problem;
}

// key -> its problems, "; " between them.
void addIssues(QMap<QString, QString>& byKey, const std::vector<InputIssue>& issues)
{
    for (const InputIssue& issue : issues)
        appendProblem(byKey[QString::fromStdString(issue.keyPath)], QString::fromStdString(issue.problem));
}

QString sectionTitle(const QString& section)
{
    if (section == QLatin1String("cluster")) return ScenarioEditor::tr("Cluster");
    if (section == QLatin1String("topology")) return ScenarioEditor::tr("Topology (optional: leave empty for none)");
    if (section == QLatin1String("workload")) return ScenarioEditor::tr("Workload");
    if (section == QLatin1String("failures")) return ScenarioEditor::tr("Failures");
    if (section == QLatin1String("restart")) return ScenarioEditor::tr("Restart");
    if (section == QLatin1String("checkpoint")) return ScenarioEditor::tr("Checkpoint");
    if (section == QLatin1String("run")) return ScenarioEditor::tr("Policy");
    if (section == QLatin1String("repair"))
        return ScenarioEditor::tr("Repair and rejoin (optional: leave empty for none)");
    return ScenarioEditor::tr("Scenario");
}

nlohmann::json* pathIn(nlohmann::json& doc, const QString& key, bool create)
{
    nlohmann::json* node = &doc;
    for (const QString& part : key.split(QLatin1Char('.'))) {
        const std::string name = part.toStdString();
        if (create && node->is_null())
            *node = nlohmann::json::object();
        if (!node->is_object() || (!create && !node->contains(name)))
            return nullptr;
        node = &(*node)[name];
    }
    return node;
}

QString jsonText(const nlohmann::json& value)
{
    if (value.is_string())
        return QString::fromStdString(value.get<std::string>());
    if (value.is_number_float()) {
        return QString::number(value.get<double>(), 'g', QLocale::FloatingPointShortest);
    }
    return QString::fromStdString(value.dump());
}

}  // namespace

ScenarioEditor::ScenarioEditor(QWidget* parent) : QWidget(parent)
{
    buildForm();
    loadPresets();
}

ScenarioEditor::~ScenarioEditor() = default;

void ScenarioEditor::buildForm()
{
    auto* outer = new QVBoxLayout(this);
    auto* presetRow = new QHBoxLayout;
    presetRow->addWidget(new QLabel(tr("Preset:")));
    presets_ = new QComboBox;
    presets_->setToolTip(tr("Scenarios shipped in scenarios/"));
    presetRow->addWidget(presets_, 1);
    outer->addLayout(presetRow);

    auto* scroll = new QScrollArea;
    scroll->setWidgetResizable(true);
    auto* formHost = new QWidget;
    auto* formColumn = new QVBoxLayout(formHost);
    QMap<QString, QFormLayout*> sections;
    std::vector<QLabel*> labels;
    for (const ScenarioKeyInfo& row : scenarioKeyTable()) {
        const QString key = QString::fromLatin1(row.key);
        const QString section = key.contains(QLatin1Char('.')) ? key.section(QLatin1Char('.'), 0, 0) : QString();
        QFormLayout*& form = sections[section];
        if (!form) {
            auto* box = new QGroupBox(sectionTitle(section));
            form = new QFormLayout(box);
            form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
            formColumn->addWidget(box);
        }
        auto owned = std::make_unique<Field>();
        Field* field = owned.get();
        field->row = &row;
        field->key = key;
        const QString allowed = QString::fromUtf8(row.allowed);
        QString tip = QStringLiteral("<b>%1</b><br>%2<br>allowed: %3<br>default: %4")
                          .arg(key, QString::fromUtf8(row.meaning).toHtmlEscaped(), allowed.toHtmlEscaped(),
                               QString::fromUtf8(row.defaultText).toHtmlEscaped());
        if (*row.unit)
            tip += QStringLiteral("<br>unit: %1").arg(QString::fromUtf8(row.unit));
        switch (row.kind) {
        case ScenarioValueKind::Boolean:
            field->check = new QCheckBox;
            connect(field->check, &QCheckBox::toggled, this, &ScenarioEditor::revalidate);
            break;
        case ScenarioValueKind::Choice:
            field->combo = new QComboBox;
            for (const QString& choice : allowed.split(QStringLiteral(" | ")))
                field->combo->addItem(choice.trimmed());
            connect(field->combo, &QComboBox::currentIndexChanged, this, &ScenarioEditor::revalidate);
            break;
        default:
            field->line = new QLineEdit;
            field->line->setPlaceholderText(allowed);
            connect(field->line, &QLineEdit::textChanged, this, &ScenarioEditor::revalidate);
            break;
        }
        QWidget* editor = field->editor();
        editor->setObjectName(key);
        editor->setToolTip(tip);
        auto* labelWidget = new QLabel(ScenarioFieldLabel::text(row));
        labelWidget->setTextFormat(Qt::RichText);
        labelWidget->setToolTip(tip);
        labelWidget->setBuddy(editor);
        labels.push_back(labelWidget);
        form->addRow(labelWidget, editor);
        fields_.push_back(std::move(owned));
    }
    // One label column across the sections, so the fields line up from box to box.
    int labelWidth = 0;
    for (QLabel* label : labels)
        labelWidth = std::max(labelWidth, label->sizeHint().width());
    for (QLabel* label : labels)
        label->setMinimumWidth(labelWidth);
    formColumn->addStretch(1);
    scroll->setWidget(formHost);
    outer->addWidget(scroll, 1);

    messages_ = new QLabel;
    messages_->setWordWrap(true);
    messages_->setObjectName(QStringLiteral("validationMessages"));
    messages_->setStyleSheet(QStringLiteral("color: #b71c1c;"));
    outer->addWidget(messages_);

    auto* buttons = new QHBoxLayout;
    modified_ = new QLabel(tr("Modified: Apply runs it"));
    modified_->setObjectName(QStringLiteral("modifiedMarker"));
    modified_->setStyleSheet(QStringLiteral("font-weight: bold; color: #d55e00;"));
    modified_->setVisible(false);
    outer->addWidget(modified_);
    applyButton_ = new QPushButton(tr("Apply"));
    applyButton_->setToolTip(tr("Restart the run on this scenario"));
    revertButton_ = new QPushButton(tr("Revert"));
    auto* saveButton = new QPushButton(tr("Save as..."));
    buttons->addWidget(applyButton_);
    buttons->addWidget(revertButton_);
    buttons->addStretch(1);
    buttons->addWidget(saveButton);
    outer->addLayout(buttons);
    connect(applyButton_, &QPushButton::clicked, this, &ScenarioEditor::apply);
    connect(revertButton_, &QPushButton::clicked, this, &ScenarioEditor::revert);
    connect(saveButton, &QPushButton::clicked, this, &ScenarioEditor::saveAs);
    connect(presets_, &QComboBox::activated, this, &ScenarioEditor::choosePreset);
}

void ScenarioEditor::loadPresets()
{
    presets_->clear();
    presets_->addItem(tr("(choose a preset)"), QString());
    const QDir dir(StudioPaths::scenarioDirectory());
    for (const QFileInfo& info : dir.entryInfoList({QStringLiteral("*.json")}, QDir::Files, QDir::Name))
        presets_->addItem(info.completeBaseName(), info.absoluteFilePath());
}

void ScenarioEditor::choosePreset(int index)
{
    const QString file = presets_->itemData(index).toString();
    if (file.isEmpty() || !maybeSave())
        return;
    try {
        const Scenario s = loadScenarioFile(file.toStdString());
        setScenario(s, file);
        apply();
    } catch (const std::exception& e) {
        QMessageBox::warning(this, tr("Preset"), errorText(e));
    }
}

void ScenarioEditor::setScenario(const Scenario& scenario, const QString& path)
{
    applied_ = scenario;
    saved_ = scenario;
    path_ = path;
    showValues(scenario);
    const int preset = presets_->findData(QFileInfo(path).absoluteFilePath());
    presets_->setCurrentIndex(preset >= 0 ? preset : 0);
    emit pathChanged(path_);
}

void ScenarioEditor::showValues(const Scenario& scenario)
{
    loading_ = true;
    nlohmann::json doc = scenarioToJson(scenario);
    for (const auto& f : fields_) {
        const nlohmann::json* value = pathIn(doc, f->key, false);
        if (!value) {
            // A key of a section the scenario leaves out: empty, or the default choice.
            if (f->line)
                f->line->clear();
            else if (f->combo)
                f->combo->setCurrentIndex(std::max(
                    0, f->combo->findText(QString::fromUtf8(f->row->defaultText).remove(QLatin1Char('"')))));
            continue;
        }
        if (f->check)
            f->check->setChecked(value->is_boolean() && value->get<bool>());
        else if (f->combo)
            f->combo->setCurrentIndex(std::max(0, f->combo->findText(jsonText(*value))));
        else
            f->line->setText(jsonText(*value));
    }
    loading_ = false;
    revalidate();
}

void ScenarioEditor::revalidate()
{
    if (loading_)
        return;
    nlohmann::json doc = nlohmann::json::object();
    for (const auto& f : fields_) {
        nlohmann::json& node = *pathIn(doc, f->key, true);
        if (f->check) {
            node = f->check->isChecked();
        } else if (f->combo) {
            node = f->combo->currentText().toStdString();
        } else {
            const QString text = f->line->text().trimmed();
            bool ok = false;
            if (f->row->kind == ScenarioValueKind::Integer) {
                const qulonglong u = text.toULongLong(&ok);
                if (ok)
                    node = static_cast<std::uint64_t>(u);
                else if (const qlonglong i = text.toLongLong(&ok); ok)
                    node = static_cast<std::int64_t>(i);
            } else if (f->row->kind == ScenarioValueKind::Number) {
                const double d = text.toDouble(&ok);
                if (ok)
                    node = d;
            }
            if (!ok)
                node = text.toStdString();
        }
    }
    // In an optional section an empty text field takes its default, and a section whose text fields
    // are all empty is left out: the scenario has none.
    for (const char* section : optionalScenarioSections()) {
        const QString prefix = QString::fromLatin1(section) + QLatin1Char('.');
        bool empty = true;
        for (const auto& f : fields_) {
            if (!f->key.startsWith(prefix) || !f->line)
                continue;
            if (f->line->text().trimmed().isEmpty())
                doc[section].erase(f->key.mid(prefix.size()).toStdString());
            else
                empty = false;
        }
        if (empty)
            doc.erase(section);
    }
    // The lists (failures.domains, failures.categories) have no fields here: they keep the loaded scenario's.
    nlohmann::json loaded = scenarioToJson(applied_);
    for (const char* list : scenarioListKeys()) {
        const QString key = QString::fromLatin1(list);
        if (const nlohmann::json* value = pathIn(loaded, key, false))
            *pathIn(doc, key, true) = *value;
    }
    issues_.clear();
    runIssues_.clear();
    const std::string baseDir = path_.isEmpty() ? std::string() : QFileInfo(path_).absolutePath().toStdString();
    try {
        edited_ = scenarioFromJson(doc, "editor", baseDir);
    } catch (const InputError& e) {
        addIssues(issues_, e.issues());
    }
    showIssues();
    applyButton_->setEnabled(isValid());
    revertButton_->setEnabled(!isValid() || !(edited_ == applied_));
    updateModified();
}

void ScenarioEditor::markRunIssues(const std::vector<InputIssue>& issues)
{
    runIssues_.clear();
    addIssues(runIssues_, issues);
    showIssues();
}

QStringList ScenarioEditor::markedKeys() const
{
    QStringList keys = issues_.keys();
    for (const QString& key : runIssues_.keys())
        if (!keys.contains(key))
            keys << key;
    return keys;
}

// Marks the field of every key that has an issue, and lists the issues (those of keys without a field too).
void ScenarioEditor::showIssues()
{
    QMap<QString, QString> marked = issues_;
    for (auto it = runIssues_.cbegin(); it != runIssues_.cend(); ++it)
        appendProblem(marked[it.key()], it.value());
    QStringList lines;
    for (const auto& f : fields_) {
        const bool bad = marked.contains(f->key);
        f->editor()->setStyleSheet(bad ? QStringLiteral("background: #ffcdd2;") : QString());
        f->editor()->setProperty("invalid", bad);
        if (bad)
            lines << QStringLiteral("%1: %2").arg(f->key, marked.value(f->key));
    }
    for (auto it = marked.cbegin(); it != marked.cend(); ++it)
        if (std::none_of(fields_.begin(), fields_.end(), [&](const auto& f) { return f->key == it.key(); }))
            lines << (it.key().isEmpty() ? it.value() : QStringLiteral("%1: %2").arg(it.key(), it.value()));
    messages_->setText(lines.join(QLatin1Char('\n')));
    messages_->setVisible(!lines.isEmpty());
}

bool ScenarioEditor::isModified() const
{
    return !isValid() || !(edited_ == applied_);
}

void ScenarioEditor::updateModified()
{
    const bool modified = isModified();
    modified_->setText(isValid() ? tr("Modified: Apply runs it") : tr("Modified, not valid yet"));
    modified_->setVisible(modified);
    if (modified != shownModified_) {
        shownModified_ = modified;
        emit modifiedChanged(modified);
    }
}

QWidget* ScenarioEditor::fieldEditor(const QString& key) const
{
    for (const auto& f : fields_)
        if (f->key == key)
            return f->editor();
    return nullptr;
}

void ScenarioEditor::setFieldText(const QString& key, const QString& text)
{
    for (const auto& f : fields_) {
        if (f->key != key)
            continue;
        if (f->line)
            f->line->setText(text);
        else if (f->combo)
            f->combo->setCurrentIndex(f->combo->findText(text));
        else if (f->check)
            f->check->setChecked(text == QLatin1String("true"));
    }
}

bool ScenarioEditor::hasUnsavedChanges() const
{
    return !isValid() || !(edited_ == saved_);
}

void ScenarioEditor::apply()
{
    if (!isValid())
        return;
    applied_ = edited_;
    revertButton_->setEnabled(false);
    updateModified();
    emit applied(applied_);
}

void ScenarioEditor::revert()
{
    showValues(applied_);
}

bool ScenarioEditor::maybeSave()
{
    if (!hasUnsavedChanges())
        return true;
    const auto answer = QMessageBox::question(
        this, tr("Unsaved scenario"), tr("The scenario has edits that are not saved to a file. Save them?"),
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
    if (answer == QMessageBox::Cancel)
        return false;
    if (answer == QMessageBox::Discard) {
        showValues(saved_);
        return true;
    }
    return saveAs();
}

bool ScenarioEditor::saveAs()
{
    if (!isValid()) {
        QMessageBox::warning(this, tr("Save scenario"), tr("Fix the fields in red first."));
        return false;
    }
    const QString file = QFileDialog::getSaveFileName(this, tr("Save scenario as"), path_,
                                                      tr("Scenario JSON (*.json)"));
    return !file.isEmpty() && saveTo(file);
}

bool ScenarioEditor::saveTo(const QString& file)
{
    QSaveFile out(file);
    const std::string text = scenarioToJsonText(edited_);
    if (!out.open(QIODevice::WriteOnly) || out.write(text.data(), static_cast<qint64>(text.size())) < 0
        || !out.commit()) {
        QMessageBox::warning(this, tr("Save scenario"), tr("Could not write %1: %2").arg(file, out.errorString()));
        return false;
    }
    saved_ = edited_;
    path_ = file;
    emit pathChanged(path_);
    revalidate();
    return true;
}

}  // namespace spare
