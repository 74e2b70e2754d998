#include "ui/analysis/RegimeMapPage.h"

#include "engine/base/AtomicFile.h"
#include "engine/sim/ScenarioKeyTable.h"
#include "ui/analysis/RegimeMapDelegate.h"
#include "ui/analysis/RegimeMapModel.h"
#include "ui/analysis/RegimeMapRunner.h"
#include "ui/base/ErrorText.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFileDialog>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QTableView>
#include <QVBoxLayout>

#include <nlohmann/json.hpp>

namespace spare {

namespace {

constexpr const char* kContenderChoices[] = {"spare",        "rep",        "ckpt",        "elastic",        "rebalance",
                                             "spare-memory", "rep-memory", "ckpt-memory", "elastic-memory",
                                             "rebalance-memory"};

// "KEY=VALUES" of the CLI's default axis: the key and the values.
std::pair<QString, QString> splitAxis(const char* spec)
{
    const QString text = QString::fromLatin1(spec);
    const auto eq = text.indexOf(u'=');
    return {text.left(eq), text.mid(eq + 1)};
}

QComboBox* numericKeys(QWidget* parent, const QString& current)
{
    auto* box = new QComboBox(parent);
    for (const ScenarioKeyInfo& row : scenarioKeyTable())
        if (row.kind == ScenarioValueKind::Number || row.kind == ScenarioValueKind::Integer)
            box->addItem(QString::fromUtf8(row.key));
    box->setCurrentText(current);
    return box;
}

}  // namespace

RegimeMapPage::RegimeMapPage(QWidget* parent)
    : QWidget(parent), seeds_(new QSpinBox(this)), run_(new QPushButton(tr("Run map"), this)),
      cancel_(new QPushButton(tr("Cancel"), this)), export_(new QPushButton(tr("Export..."), this)),
      progress_(new QProgressBar(this)), status_(new QLabel(this)), legend_(new QLabel(this)),
      table_(new QTableView(this)), model_(new RegimeMapModel(this)), runner_(new RegimeMapRunner(this))
{
    const auto [xKey, xValues] = splitAxis(kRegimeMapDefaultX);
    const auto [yKey, yValues] = splitAxis(kRegimeMapDefaultY);
    xKey_ = numericKeys(this, xKey);
    yKey_ = numericKeys(this, yKey);
    xValues_ = new QLineEdit(xValues, this);
    yValues_ = new QLineEdit(yValues, this);
    for (QLineEdit* values : {xValues_, yValues_})
        values->setToolTip(tr("V1,V2,... or LO:HI:N (N values, evenly spaced) or LO:HI:Ng (geometric); 1 .. 100 values"));
    xKey_->setObjectName(QStringLiteral("regimeXKey"));
    yKey_->setObjectName(QStringLiteral("regimeYKey"));
    xValues_->setObjectName(QStringLiteral("regimeXValues"));
    yValues_->setObjectName(QStringLiteral("regimeYValues"));

    auto* axes = new QGridLayout;
    axes->addWidget(new QLabel(tr("Columns (x):"), this), 0, 0);
    axes->addWidget(xKey_, 0, 1);
    axes->addWidget(xValues_, 0, 2);
    axes->addWidget(new QLabel(tr("Rows (y):"), this), 1, 0);
    axes->addWidget(yKey_, 1, 1);
    axes->addWidget(yValues_, 1, 2);
    axes->setColumnStretch(2, 1);

    auto* contenders = new QGridLayout;
    const QStringList defaults = QString::fromLatin1(kRegimeMapDefaultContenders).split(u',');
    int i = 0;
    for (const char* name : kContenderChoices) {
        auto* box = new QCheckBox(QString::fromLatin1(name), this);
        box->setChecked(defaults.contains(box->text()));
        contenders_.push_back(box);
        contenders->addWidget(box, i / 5, i % 5);
        ++i;
    }
    seeds_->setRange(1, 100);
    seeds_->setValue(3);
    seeds_->setPrefix(tr("seeds "));
    seeds_->setToolTip(tr("Seeds per cell, the same for every contender (common random numbers)"));

    auto* bar = new QHBoxLayout;
    bar->addWidget(seeds_);
    bar->addWidget(status_, 1);
    bar->addWidget(progress_);
    bar->addWidget(run_);
    bar->addWidget(cancel_);
    bar->addWidget(export_);

    table_->setModel(model_);
    table_->setItemDelegate(new RegimeMapDelegate(table_));
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->setSelectionMode(QAbstractItemView::NoSelection);
    table_->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    table_->verticalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    table_->setToolTip(tr("Click a cell to race its scenario with these contenders"));
    legend_->setTextFormat(Qt::RichText);
    legend_->setWordWrap(true);
    status_->setWordWrap(true);
    status_->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(axes);
    layout->addLayout(contenders);
    layout->addLayout(bar);
    layout->addWidget(legend_);
    layout->addWidget(table_, 1);

    progress_->setRange(0, 1);
    progress_->setValue(0);
    cancel_->setEnabled(false);
    export_->setEnabled(false);
    run_->setEnabled(false);
    status_->setText(tr("No scenario yet"));

    connect(run_, &QPushButton::clicked, this, [this] { run(); });
    connect(cancel_, &QPushButton::clicked, this, &RegimeMapPage::cancel);
    connect(export_, &QPushButton::clicked, this, &RegimeMapPage::exportMap);
    connect(table_, &QTableView::clicked, this, &RegimeMapPage::openCell);
    connect(runner_, &RegimeMapRunner::estimated, this, [this](const QString& text) {
        status_->setText(tr("Running %1").arg(text));
    });
    connect(runner_, &RegimeMapRunner::progressed, this, [this](int done, int total) {
        progress_->setRange(0, total);
        progress_->setValue(done);
    });
    connect(runner_, &RegimeMapRunner::finished, this, [this](bool complete, const QString& error) {
        run_->setEnabled(hasBase_);
        cancel_->setEnabled(false);
        if (!error.isEmpty()) {
            status_->setText(tr("The map stopped: %1").arg(error));
            return;
        }
        if (!complete) {
            status_->setText(tr("Cancelled; the map shown is the last complete one"));
            return;
        }
        model_->setMap(runner_->map());
        export_->setEnabled(true);
        updateLegend();
        const RegimeMap& map = runner_->map();
        status_->setText(tr("%1 runs; winner by TTT/T0 over %2 seeds%3. Click a cell to race it.")
                             .arg(map.runs)
                             .arg(map.options.seeds)
                             .arg(map.semanticsMadeExact ? tr(", every contender under checkpoint.semantics exact")
                                                         : QString()));
    });
}

void RegimeMapPage::setScenario(const Scenario& base)
{
    base_ = base;
    hasBase_ = true;
    run_->setEnabled(!runner_->running());
    if (!runner_->running())
        status_->setText(tr("Choose the axes and contenders, then Run map"));
}

void RegimeMapPage::setAxes(const QString& xKey, const QString& xValues, const QString& yKey, const QString& yValues)
{
    xKey_->setCurrentText(xKey);
    xValues_->setText(xValues);
    yKey_->setCurrentText(yKey);
    yValues_->setText(yValues);
}

void RegimeMapPage::setContenders(const QStringList& names)
{
    for (QCheckBox* box : contenders_)
        box->setChecked(names.contains(box->text()));
}

void RegimeMapPage::setSeeds(int seeds) { seeds_->setValue(seeds); }

QString RegimeMapPage::statusText() const { return status_->text(); }

RegimeMapOptions RegimeMapPage::optionsFromControls() const
{
    RegimeMapOptions options;
    options.x = parseRegimeAxis((xKey_->currentText() + u'=' + xValues_->text()).toStdString(), "Columns (x)");
    options.y = parseRegimeAxis((yKey_->currentText() + u'=' + yValues_->text()).toStdString(), "Rows (y)");
    QStringList names;
    for (const QCheckBox* box : contenders_)
        if (box->isChecked())
            names.append(box->text());
    options.contenders = parseRegimeContenders(names.join(u',').toStdString(), "Contenders");
    options.seeds = seeds_->value();
    return options;
}

bool RegimeMapPage::run(QString* error)
{
    QString problem;
    RegimeMapOptions options;
    if (!hasBase_) {
        problem = tr("No scenario yet");
    } else {
        try {
            options = optionsFromControls();
        } catch (const std::exception& e) {
            problem = errorText(e);
        }
    }
    if (!problem.isEmpty()) {
        status_->setText(problem);
        if (error)
            *error = problem;
        return false;
    }
    status_->setText(tr("Estimating how long the map takes..."));
    progress_->setRange(0, 0);
    run_->setEnabled(false);
    cancel_->setEnabled(true);
    runner_->start(base_, std::move(options));
    return true;
}

void RegimeMapPage::cancel() { runner_->cancel(); }

const RegimeMap* RegimeMapPage::mapFor(const Scenario& scenario) const
{
    return !runner_->map().cells.empty() && runner_->base() == scenario ? &runner_->map() : nullptr;
}

void RegimeMapPage::openCell(const QModelIndex& index)
{
    const auto at = model_->cellAt(index);
    if (!at || !showRace_)
        return;
    const RegimeMap& map = model_->map();
    try {
        const Scenario cell = scenarioWithValue(scenarioWithValue(runner_->base(), map.options.x.key, map.options.x.values[at->first]),
                                                map.options.y.key, map.options.y.values[at->second]);
        showRace_(cell, map.options.contenders);
    } catch (const std::exception& e) {
        status_->setText(errorText(e));
    }
}

void RegimeMapPage::updateLegend()
{
    const RegimeMap& map = model_->map();
    QString html = tr("Winner by TTT/T0: ");
    for (std::size_t c = 0; c < map.options.contenders.size(); ++c)
        html += QStringLiteral("<span style=\"background:%1\">&nbsp;&nbsp;&nbsp;</span>&nbsp;%2&nbsp;&nbsp; ")
                    .arg(RegimeMapModel::contenderColour(c).name(), QString::fromStdString(map.options.contenders[c].name));
    html += tr("<br>Lighter: a margin under %1 % to the runner-up; hatched: the top two cannot be separated at 95 %.")
                .arg(100.0 * RegimeMapModel::kFullColourMargin);
    legend_->setText(html);
}

void RegimeMapPage::exportMap()
{
    const QString path = QFileDialog::getSaveFileName(this, tr("Export the regime map"), QStringLiteral("regime-map.csv"),
                                                      tr("CSV (*.csv);;JSON (*.json);;PNG image (*.png)"));
    if (path.isEmpty())
        return;
    try {
        if (path.endsWith(QLatin1String(".png"), Qt::CaseInsensitive)) {
            if (!table_->grab().save(path))
                throw std::runtime_error(tr("cannot write %1").arg(path).toStdString());
        } else if (path.endsWith(QLatin1String(".json"), Qt::CaseInsensitive)) {
            writeFileAtomically(path.toStdString(), regimeMapToJson(model_->map()).dump(2) + "\n");
        } else {
            writeFileAtomically(path.toStdString(), regimeMapCsv(model_->map()));
        }
    } catch (const std::exception& e) {
        QMessageBox::warning(this, tr("Export the regime map"), errorText(e));
    }
}

}  // namespace spare
