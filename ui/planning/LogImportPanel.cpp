#include "ui/planning/LogImportPanel.h"

#include "engine/base/ScenarioLimits.h"
#include "engine/planning/FailureLogPreview.h"
#include "ui/planning/FailureLogPreviewModel.h"
#include "ui/planning/PlanText.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDateTime>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QTableView>
#include <QVBoxLayout>

#include <cmath>
#include <exception>

namespace spare {

namespace {

// The time-format presets: label and spec; the last is "custom" (whatever the field holds).
struct FormatPreset {
    const char* label;
    const char* spec;
};
constexpr FormatPreset kFormatPresets[] = {
    {QT_TRANSLATE_NOOP("LogImportPanel", "ISO-8601"), "iso8601"},
    {QT_TRANSLATE_NOOP("LogImportPanel", "Epoch seconds"), "epoch"},
    {QT_TRANSLATE_NOOP("LogImportPanel", "Epoch milliseconds"), "epoch-ms"},
    {"%m/%d/%Y %H:%M", "%m/%d/%Y %H:%M"},
    {QT_TRANSLATE_NOOP("LogImportPanel", "Custom"), ""},
};
constexpr int kCustomPreset = static_cast<int>(std::size(kFormatPresets)) - 1;

constexpr const char* kErrorStyle = "color: #b00";
constexpr const char* kNoteStyle = "color: #555";

void setComboItems(QComboBox* combo, const QStringList& items, const QString& keep)
{
    combo->clear();
    combo->addItems(items);
    combo->setCurrentIndex(std::max(0, combo->findText(keep)));
}

}  // namespace

LogImportPanel::LogImportPanel(QWidget* parent)
    : QWidget(parent), previewModel_(new FailureLogPreviewModel(this)), fitJob_(new FitJob(this))
{
    auto* layout = new QVBoxLayout(this);
    auto* fileRow = new QHBoxLayout;
    path_ = new QLineEdit;
    path_->setPlaceholderText(tr("CSV failure log: a header row, then one failure per row"));
    auto* browse = new QPushButton(tr("Open log..."));
    fileRow->addWidget(new QLabel(tr("Log file")));
    fileRow->addWidget(path_, 1);
    fileRow->addWidget(browse);
    layout->addLayout(fileRow);
    previewStatus_ = new QLabel(tr("Open a failure log to see its first rows."));
    previewStatus_->setWordWrap(true);
    layout->addWidget(previewStatus_);
    previewTable_ = new QTableView;
    previewTable_->setModel(previewModel_);
    previewTable_->setMinimumHeight(160);
    previewTable_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    previewTable_->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    layout->addWidget(previewTable_, 1);
    layout->addWidget(buildForm());

    problems_ = new QLabel;
    problems_->setWordWrap(true);
    problems_->setStyleSheet(QLatin1String(kErrorStyle));
    problems_->setObjectName(QStringLiteral("fitProblems"));
    problems_->hide();
    layout->addWidget(problems_);
    auto* controls = new QHBoxLayout;
    fit_ = new QPushButton(tr("Read and fit"));
    fit_->setEnabled(false);
    cancel_ = new QPushButton(tr("Cancel"));
    cancel_->setEnabled(false);
    progress_ = new QProgressBar;
    progress_->setRange(0, 1);
    progress_->setValue(0);
    controls->addWidget(fit_);
    controls->addWidget(cancel_);
    controls->addWidget(progress_, 1);
    layout->addLayout(controls);
    status_ = new QLabel;
    status_->setWordWrap(true);
    status_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(status_);

    connect(browse, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Open a failure log"), path_->text(),
                                                          tr("Failure log (*.csv *.txt);;All files (*)"));
        if (!path.isEmpty())
            openLog(path);
    });
    connect(path_, &QLineEdit::editingFinished, this, [this] {
        if (!path_->text().isEmpty() && path_->text() != previewedPath_)
            openLog(path_->text());
    });
    connect(fit_, &QPushButton::clicked, this, &LogImportPanel::readAndFit);
    connect(cancel_, &QPushButton::clicked, this, &LogImportPanel::cancel);
    connect(fitJob_, &FitJob::progressed, this, [this](const QString& stage, qulonglong done, qulonglong total) {
        progress_->setRange(0, static_cast<int>(total));
        progress_->setValue(static_cast<int>(done));
        status_->setText(total > 0 ? tr("%1: %2 of %3").arg(stage).arg(done).arg(total) : tr("%1...").arg(stage));
    });
    connect(fitJob_, &FitJob::finished, this, &LogImportPanel::fitDone);
}

LogImportPanel::~LogImportPanel() = default;

QWidget* LogImportPanel::buildForm()
{
    auto* box = new QGroupBox(tr("How to read it"));
    auto* form = new QFormLayout(box);

    timeColumn_ = new QComboBox;
    form->addRow(tr("Time column"), timeColumn_);

    auto* formatRow = new QHBoxLayout;
    formatPreset_ = new QComboBox;
    for (const FormatPreset& preset : kFormatPresets)
        formatPreset_->addItem(tr(preset.label), QString::fromLatin1(preset.spec));
    timeFormat_ = new QLineEdit(QStringLiteral("iso8601"));
    timeFormat_->setToolTip(tr("epoch | epoch-ms | iso8601 | a pattern of %Y %y %m %d %e %H %I %p %M %S %b %j %z %% and "
                               "literal text; times without a zone are UTC"));
    formatRow->addWidget(formatPreset_);
    formatRow->addWidget(timeFormat_, 1);
    form->addRow(tr("Time format"), formatRow);
    timeFormatMessage_ = new QLabel;
    timeFormatMessage_->setWordWrap(true);
    timeFormatMessage_->setObjectName(QStringLiteral("timeFormatMessage"));
    form->addRow(QString(), timeFormatMessage_);

    auto* filters = new QWidget;
    filterRows_ = new QVBoxLayout(filters);
    filterRows_->setContentsMargins(0, 0, 0, 0);
    auto* addFilterButton = new QPushButton(tr("Add filter"));
    addFilterButton->setToolTip(tr("Keep only rows whose column is one of (or none of) the values; all filters must hold"));
    filterRows_->addWidget(addFilterButton, 0, Qt::AlignLeft);
    form->addRow(tr("Filters"), filters);

    auto* windowRow = new QHBoxLayout;
    from_ = new QLineEdit;
    from_->setPlaceholderText(tr("first failure"));
    to_ = new QLineEdit;
    to_->setPlaceholderText(tr("last failure"));
    windowRow->addWidget(from_, 1);
    windowRow->addWidget(new QLabel(tr("to")));
    windowRow->addWidget(to_, 1);
    form->addRow(tr("From"), windowRow);
    from_->setToolTip(tr("Window start, in the log's time format or ISO-8601"));
    to_->setToolTip(tr("Window end, in the log's time format or ISO-8601; a date alone means the end of that day. The "
                       "time from the last failure to the end counts as censored."));

    locationColumn_ = new QComboBox;
    locationPattern_ = new QLineEdit;
    locationPattern_->setPlaceholderText(QStringLiteral("c{col}-{row}c{cage}s{slot}n{node}"));
    locationPattern_->setToolTip(tr("How a location splits into levels, outermost first: literal text and {name} fields"));
    clusterWindow_ = new QDoubleSpinBox;
    clusterWindow_->setRange(0.1, FitRequest::kMaxClusterWindowS);
    clusterWindow_->setDecimals(1);
    clusterWindow_->setValue(3600.0);
    clusterWindow_->setSuffix(tr(" s"));
    clusterWindow_->setToolTip(tr("Two failures of one domain this close are clustered"));
    auto* locationRow = new QHBoxLayout;
    locationRow->addWidget(locationColumn_);
    locationRow->addWidget(locationPattern_, 1);
    form->addRow(tr("Location"), locationRow);
    form->addRow(tr("Cluster window"), clusterWindow_);

    auto* fleetRow = new QHBoxLayout;
    units_ = new QLineEdit;
    units_->setPlaceholderText(tr("how many the log covers (empty: no cluster model)"));
    unit_ = new QComboBox;
    unit_->addItem(tr("GPUs"), QStringLiteral("gpu"));
    unit_->addItem(tr("nodes"), QStringLiteral("node"));
    gpusPerNode_ = new QSpinBox;
    gpusPerNode_->setRange(1, ScenarioLimits::maxGpusPerNode);
    gpusPerNode_->setValue(8);
    gpusPerNode_->setPrefix(tr("x "));
    gpusPerNode_->setSuffix(tr(" GPUs"));
    gpusPerNode_->setEnabled(false);
    fleetRow->addWidget(units_, 1);
    fleetRow->addWidget(unit_);
    fleetRow->addWidget(gpusPerNode_);
    form->addRow(tr("Fleet"), fleetRow);

    auto* fitRow = new QHBoxLayout;
    bootstrap_ = new QSpinBox;
    bootstrap_->setRange(0, FitRequest::kMaxBootstrap);
    bootstrap_->setValue(200);
    bootstrap_->setToolTip(tr("Bootstrap samples per family for the KS and AD p-values (0: none)"));
    skipBadRows_ = new QCheckBox(tr("Skip malformed rows (count them) instead of stopping at the first"));
    fitRow->addWidget(bootstrap_);
    fitRow->addWidget(skipBadRows_, 1);
    form->addRow(tr("Bootstrap"), fitRow);

    connect(addFilterButton, &QPushButton::clicked, this, [this] { addFilter({}, {}); });
    connect(formatPreset_, &QComboBox::currentIndexChanged, this, [this](int index) {
        if (updating_ || index == kCustomPreset)
            return;
        timeFormat_->setText(formatPreset_->itemData(index).toString());
    });
    connect(timeFormat_, &QLineEdit::textChanged, this, [this](const QString& text) {
        const QSignalBlocker block(formatPreset_);
        const int preset = formatPreset_->findData(text);
        formatPreset_->setCurrentIndex(preset >= 0 ? preset : kCustomPreset);
        revalidate();
    });
    connect(unit_, &QComboBox::currentIndexChanged, this, [this] {
        gpusPerNode_->setEnabled(unit_->currentData().toString() == QLatin1String("node"));
        revalidate();
    });
    connect(locationColumn_, &QComboBox::currentIndexChanged, this, &LogImportPanel::refreshLocationFields);
    // Another column gets a format that reads it (when the one in the field does not).
    connect(timeColumn_, &QComboBox::currentIndexChanged, this, [this] {
        if (!updating_)
            guessTimeFormat();
        revalidate();
    });
    for (QLineEdit* line : {from_, to_, locationPattern_, units_})
        connect(line, &QLineEdit::textChanged, this, &LogImportPanel::revalidate);
    connect(clusterWindow_, &QDoubleSpinBox::valueChanged, this, &LogImportPanel::revalidate);
    connect(gpusPerNode_, &QSpinBox::valueChanged, this, &LogImportPanel::revalidate);
    connect(bootstrap_, &QSpinBox::valueChanged, this, &LogImportPanel::revalidate);
    refreshLocationFields();
    return box;
}

void LogImportPanel::openLog(const QString& path)
{
    path_->setText(path);
    previewedPath_ = path;
    previewStatus_->setStyleSheet({});
    previewStatus_->setText(tr("Reading the first rows of %1...").arg(path));
    preview_.start({}, [path](PreviewOutcome& outcome, const auto&) {
        outcome.preview = std::make_shared<const FailureLogPreview>(previewFailureLog(path.toStdString(), kPreviewRows));
    }, [this](const PreviewOutcome& outcome) {
        if (outcome.preview)
            return setPreview(outcome.preview);
        previewModel_->setPreview({});
        previewStatus_->setStyleSheet(QLatin1String(kErrorStyle));
        previewStatus_->setText(outcome.error);
        refreshColumns();
        emit previewFailed(outcome.error);
    });
}

void LogImportPanel::setPreview(std::shared_ptr<const FailureLogPreview> preview)
{
    previewModel_->setPreview(preview);
    previewStatus_->setStyleSheet({});
    previewStatus_->setText(tr("%1: %2 columns; the first %3 rows").arg(path_->text()).arg(preview->columns.size()).arg(preview->rows.size()));
    refreshColumns();
    // A first guess that the user can change: a column whose values read as times from 1970 to 2100.
    if (timeColumn_->count() > 0 && timeColumn_->currentIndex() <= 0) {
        const int column = previewModel_->guessTimeColumn(presetSpecs());
        if (column >= 0) {
            updating_ = true;
            timeColumn_->setCurrentIndex(column);
            updating_ = false;
        }
    }
    guessTimeFormat();
    revalidate();
    emit previewChanged();
}

QStringList LogImportPanel::presetSpecs()
{
    QStringList specs;
    for (int i = 0; i < kCustomPreset; ++i)
        specs.append(QString::fromLatin1(kFormatPresets[i].spec));
    return specs;
}

void LogImportPanel::guessTimeFormat()
{
    const int column = timeColumn_->currentIndex();
    if (!previewModel_->timeFormatFor(column, {timeFormat_->text()}).isEmpty())
        return;
    const QString spec = previewModel_->timeFormatFor(column, presetSpecs());
    if (!spec.isEmpty())
        timeFormat_->setText(spec);
}

void LogImportPanel::refreshColumns()
{
    updating_ = true;
    QStringList columns;
    if (const auto& preview = previewModel_->preview())
        for (const std::string& name : preview->columns)
            columns.append(QString::fromStdString(name));
    setComboItems(timeColumn_, columns, timeColumn_->currentText());
    const QString location = locationColumn_->currentIndex() > 0 ? locationColumn_->currentText() : QString();
    setComboItems(locationColumn_, QStringList{tr("(none)")} + columns, location);
    for (const FilterRow& filter : std::as_const(filters_))
        setComboItems(filter.column, columns, filter.column->currentText());
    updating_ = false;
    refreshLocationFields();
}

void LogImportPanel::refreshLocationFields()
{
    const bool located = locationColumn_->currentIndex() > 0;
    locationPattern_->setEnabled(located);
    clusterWindow_->setEnabled(located);
    revalidate();
}

void LogImportPanel::addFilter(const QString& column, const QString& values, bool exclude)
{
    auto* row = new QWidget;
    auto* layout = new QHBoxLayout(row);
    layout->setContentsMargins(0, 0, 0, 0);
    FilterRow filter{row, new QComboBox, new QComboBox, new QLineEdit(values)};
    filter.relation->addItems({tr("is one of"), tr("is none of")});
    filter.relation->setCurrentIndex(exclude ? 1 : 0);
    filter.values->setPlaceholderText(tr("values, comma separated"));
    QStringList columns;
    if (const auto& preview = previewModel_->preview())
        for (const std::string& name : preview->columns)
            columns.append(QString::fromStdString(name));
    setComboItems(filter.column, columns, column);
    auto* remove = new QPushButton(tr("Remove"));
    layout->addWidget(filter.column);
    layout->addWidget(filter.relation);
    layout->addWidget(filter.values, 1);
    layout->addWidget(remove);
    filterRows_->insertWidget(filterRows_->count() - 1, row);
    filters_.append(filter);
    connect(filter.column, &QComboBox::currentIndexChanged, this, &LogImportPanel::revalidate);
    connect(filter.relation, &QComboBox::currentIndexChanged, this, &LogImportPanel::revalidate);
    connect(filter.values, &QLineEdit::textChanged, this, &LogImportPanel::revalidate);
    connect(remove, &QPushButton::clicked, this, [this, row] {
        filters_.removeIf([row](const FilterRow& f) { return f.row == row; });
        row->deleteLater();
        revalidate();
    });
    revalidate();
}

FitRequest LogImportPanel::request() const
{
    FitRequest r;
    r.logPath = path_->text();
    r.timeColumn = timeColumn_->currentText();
    r.timeFormat = timeFormat_->text();
    for (const FilterRow& filter : filters_)
        r.filters.append({filter.column->currentText(), filter.values->text(), filter.relation->currentIndex() == 1});
    r.from = from_->text().trimmed();
    r.to = to_->text().trimmed();
    if (locationColumn_->currentIndex() > 0) {
        r.locationColumn = locationColumn_->currentText();
        r.locationPattern = locationPattern_->text();
        r.clusterWindowS = clusterWindow_->value();
    }
    r.units = units_->text();
    r.unit = unit_->currentData().toString() == QLatin1String("node") ? FleetUnit::Node : FleetUnit::Gpu;
    r.gpusPerNode = gpusPerNode_->value();
    r.bootstrap = bootstrap_->value();
    r.skipBadRows = skipBadRows_->isChecked();
    return r;
}

QStringList LogImportPanel::problems() const { return request().problems(); }

void LogImportPanel::revalidate()
{
    if (updating_ || !fit_)
        return;
    const FitRequest r = request();
    QString formatText = r.timeFormatProblem();
    bool formatBad = !formatText.isEmpty();
    const auto& preview = previewModel_->preview();
    const int column = timeColumn_->currentIndex();
    if (!formatBad && preview && !preview->rows.empty() && column >= 0 &&
        static_cast<std::size_t>(column) < preview->rows.front().size()) {
        // The first row read with the format, so that a wrong format shows before reading the file.
        const std::string sample = preview->rows.front()[static_cast<std::size_t>(column)];
        const QString line = QString::number(preview->rowLines.front());
        if (const auto instant = TimeFormat::parse(r.timeFormat.toStdString()).read(sample)) {
            const auto seconds = static_cast<qint64>(std::floor(instant->seconds));
            formatText = tr("Reads line %1's %2 '%3' as %4 UTC")
                             .arg(line, r.timeColumn, QString::fromStdString(sample),
                                  QDateTime::fromSecsSinceEpoch(seconds, Qt::UTC).toString(QStringLiteral("yyyy-MM-dd HH:mm:ss")));
        } else {
            formatBad = true;
            formatText = tr("Time format '%1': line %2's %3 '%4' does not read with it; allowed: a format that reads the "
                            "time column (see the presets)")
                             .arg(r.timeFormat, line, r.timeColumn, QString::fromStdString(sample));
        }
    }
    timeFormatMessage_->setText(formatText);
    timeFormatMessage_->setStyleSheet(QLatin1String(formatBad ? kErrorStyle : kNoteStyle));

    QStringList all = r.problems();
    all.removeAll(r.timeFormatProblem());
    const bool chosen = !r.logPath.isEmpty();
    problems_->setText(all.join(QLatin1Char('\n')));
    problems_->setVisible(chosen && !all.isEmpty());
    fit_->setEnabled(chosen && r.problems().isEmpty() && !fitJob_->isRunning());
}

bool LogImportPanel::readAndFit()
{
    const FitRequest r = request();
    const QStringList all = r.problems();
    if (!all.isEmpty()) {
        problems_->setText(all.join(QLatin1Char('\n')));
        problems_->show();
        return false;
    }
    if (!fitJob_->start(r))
        return false;
    fit_->setEnabled(false);
    cancel_->setEnabled(true);
    progress_->setRange(0, 0);
    status_->setStyleSheet({});
    status_->setText(tr("Reading %1...").arg(r.logPath));
    return true;
}

void LogImportPanel::cancel()
{
    fitJob_->cancel();
    status_->setText(tr("Cancelling..."));
}

void LogImportPanel::fitDone(const FitOutcome& outcome)
{
    cancel_->setEnabled(false);
    progress_->setRange(0, 1);
    progress_->setValue(outcome.ok() ? 1 : 0);
    revalidate();
    if (!outcome.error.isEmpty()) {
        status_->setStyleSheet(QLatin1String(kErrorStyle));
        status_->setText(tr("Not fitted: %1").arg(outcome.error));
    } else if (outcome.cancelled || !outcome.fits) {
        status_->setStyleSheet({});
        status_->setText(tr("Cancelled: nothing new was fitted."));
    } else {
        status_->setStyleSheet({});
        status_->setText(tr("Fitted %1 failures of %2: %3 wins (lowest AIC).")
                             .arg(outcome.log->timesS.size())
                             .arg(outcome.request.logPath)
                             .arg(QString::fromLatin1(lifetimeFamilyName(outcome.fits->bestFit().fit.distribution.family))));
    }
    emit fitFinished(outcome);
}

void LogImportPanel::setTimeColumn(const QString& column) { timeColumn_->setCurrentIndex(timeColumn_->findText(column)); }

void LogImportPanel::setTimeFormat(const QString& spec) { timeFormat_->setText(spec); }

void LogImportPanel::setWindow(const QString& from, const QString& to)
{
    from_->setText(from);
    to_->setText(to);
}

void LogImportPanel::setLocation(const QString& column, const QString& pattern, double clusterWindowS)
{
    locationColumn_->setCurrentIndex(std::max(0, locationColumn_->findText(column)));
    locationPattern_->setText(pattern);
    clusterWindow_->setValue(clusterWindowS);
}

void LogImportPanel::setFleet(const QString& units, FleetUnit unit, int gpusPerNode)
{
    units_->setText(units);
    unit_->setCurrentIndex(unit == FleetUnit::Node ? 1 : 0);
    gpusPerNode_->setValue(gpusPerNode);
}

void LogImportPanel::setBootstrap(int samples) { bootstrap_->setValue(samples); }

}  // namespace spare
