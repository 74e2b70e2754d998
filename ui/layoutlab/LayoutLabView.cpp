#include "ui/layoutlab/LayoutLabView.h"

#include "engine/layout/Layout.h"
#include "engine/layout/LayoutOverlap.h"
#include "ui/charts/ChartPanel.h"
#include "ui/export/ChartExportDialog.h"
#include "ui/layoutlab/BlockMatrixView.h"
#include "ui/layoutlab/DifferenceTableModel.h"
#include "ui/layoutlab/IndependenceNotice.h"
#include "ui/layoutlab/LayoutComparisonModel.h"
#include "ui/layoutlab/LayoutLab.h"
#include "ui/layoutlab/LayoutLabCharts.h"
#include "ui/layoutlab/LayoutRefiner.h"
#include "ui/layoutlab/RulerWidget.h"

#include <QComboBox>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QScopedValueRollback>
#include <QSpinBox>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>

namespace spare {

LayoutLabView::LayoutLabView(QWidget* parent)
    : QWidget(parent), lab_(new LayoutLab(this)), differences_(new DifferenceTableModel(this)),
      comparison_(new LayoutComparisonModel(lab_, this))
{
    buildControls();
    connect(lab_, &LayoutLab::candidatesChanged, this, [this] {
        refreshStructure();
        refreshFigures();
    });
    connect(lab_, &LayoutLab::candidateRefined, this, &LayoutLabView::refreshFigures);
    LayoutRefiner* refiner = lab_->refiner();
    connect(refiner, &LayoutRefiner::progress, this, [this](quint64 done, quint64 total) {
        showProgress(total ? static_cast<int>(1000 * done / total) : 0,
                     tr("Monte-Carlo %1 / %2 trials").arg(done).arg(total));
        cancel_->setEnabled(true);
    });
    connect(refiner, &LayoutRefiner::finished, this, [this] {
        const bool done = lab_->allRefined();
        showProgress(done ? 1000 : 0, done ? tr("Monte-Carlo done") : tr("Monte-Carlo cancelled"));
        cancel_->setEnabled(false);
    });
    connect(lab_, &LayoutLab::candidateRefined, this, [this] {
        if (lab_->allRefined() && !lab_->refiner()->running())
            showProgress(1000, tr("Monte-Carlo done"));
    });
}

void LayoutLabView::showProgress(int permille, const QString& text)
{
    progress_->setMaximum(1000);
    progress_->setValue(permille);
    progress_->setFormat(text);
    // The bar's size hint ignores its text, which then wraps; it only grows, so it does not jitter.
    const QFontMetrics metrics = progress_->fontMetrics();
    progress_->setMinimumWidth(std::max(progress_->minimumWidth(), metrics.horizontalAdvance(text) + 2 * metrics.height()));
}

void LayoutLabView::buildControls()
{
    groups_ = new QSpinBox;
    groups_->setObjectName(QStringLiteral("labGroups"));
    groups_->setRange(2, LayoutLabSettings::kMaxGroups);
    groups_->setKeyboardTracking(false);
    groups_->setToolTip(tr("N: groups (= shard types)"));
    redundancy_ = new QSpinBox;
    redundancy_->setObjectName(QStringLiteral("labRedundancy"));
    redundancy_->setRange(2, LayoutLabSettings::kMaxRedundancy);
    redundancy_->setKeyboardTracking(false);
    redundancy_->setToolTip(tr("r: types per group (offsets)"));
    shown_ = new QComboBox;
    shown_->setObjectName(QStringLiteral("labShown"));
    for (auto role : {LayoutCandidate::Role::Golomb, LayoutCandidate::Role::Consecutive, LayoutCandidate::Role::Custom})
        shown_->addItem(LayoutCandidate::roleName(role), static_cast<int>(role));
    offsetsEdit_ = new QLineEdit;
    offsetsEdit_->setObjectName(QStringLiteral("labOffsets"));
    offsetsEdit_->setPlaceholderText(tr("custom offsets, e.g. 0 1 4 9 11"));
    offsetsEdit_->setToolTip(tr("The custom layout's offsets: r distinct integers 0 .. N-1; group w holds (w + o) mod N"));
    load_ = new QPushButton(tr("Load layout..."));
    progress_ = new QProgressBar;
    progress_->setObjectName(QStringLiteral("labMonteCarlo"));
    progress_->setTextVisible(true);
    progress_->setMaximumWidth(260);
    cancel_ = new QPushButton(tr("Cancel"));
    cancel_->setEnabled(false);

    auto* bar = new QHBoxLayout;
    bar->addWidget(new QLabel(tr("N")));
    bar->addWidget(groups_);
    bar->addWidget(new QLabel(tr("r")));
    bar->addWidget(redundancy_);
    bar->addWidget(new QLabel(tr("Show")));
    bar->addWidget(shown_);
    bar->addWidget(new QLabel(tr("Custom offsets")));
    bar->addWidget(offsetsEdit_, 1);
    bar->addWidget(load_);
    bar->addWidget(progress_);
    bar->addWidget(cancel_);

    message_ = new QLabel;
    message_->setObjectName(QStringLiteral("labMessage"));
    message_->setStyleSheet(QStringLiteral("color: #b00020"));
    notice_ = new QLabel;
    notice_->setObjectName(QStringLiteral("labNotice"));
    notice_->setWordWrap(true);
    notice_->setStyleSheet(QStringLiteral("background: #fde0dc; color: #7a0010; padding: 4px"));
    notice_->hide();

    ruler_ = new RulerWidget;
    differenceTable_ = new QTableView;
    differenceTable_->setModel(differences_);
    differenceTable_->verticalHeader()->hide();
    differenceTable_->horizontalHeader()->setStretchLastSection(true);
    differenceSummary_ = new QLabel;
    differenceSummary_->setWordWrap(true);
    auto* left = new QWidget;
    auto* leftColumn = new QVBoxLayout(left);
    leftColumn->setContentsMargins(0, 0, 0, 0);
    leftColumn->addWidget(new QLabel(tr("<b>Ruler</b> (offsets; drag a mark)")));
    leftColumn->addWidget(ruler_);
    leftColumn->addWidget(new QLabel(tr("<b>Pairwise differences</b> (a repeated one is highlighted)")));
    leftColumn->addWidget(differenceTable_, 1);
    leftColumn->addWidget(differenceSummary_);

    overlapView_ = new BlockMatrixView;
    overlapView_->setToolTip(tr("Types shared by each pair of groups. Wheel: zoom, drag: pan, double click: fit"));
    holdingView_ = new BlockMatrixView;
    holdingView_->setToolTip(tr("Which group holds which type, coloured by stack position. Wheel: zoom, drag: pan"));
    auto* matrices = new QTabWidget;
    matrices->addTab(overlapView_, tr("Overlap matrix"));
    matrices->addTab(holdingView_, tr("Cyclic layout (groups x types)"));

    comparisonTable_ = new QTableView;
    comparisonTable_->setModel(comparison_);
    comparisonTable_->verticalHeader()->hide();
    comparisonTable_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    explanation_ = new QLabel;
    explanation_->setObjectName(QStringLiteral("labExplanation"));
    explanation_->setWordWrap(true);
    explanation_->setTextFormat(Qt::RichText);
    tradeoffPanel_ = new ChartPanel;
    auto* exportTradeoff = new QPushButton(tr("Export trade-off chart..."));
    auto* exportMatrix = new QPushButton(tr("Export overlap matrix..."));
    auto* exports = new QHBoxLayout;
    exports->addWidget(exportTradeoff);
    exports->addWidget(exportMatrix);
    exports->addStretch(1);
    auto* comparisonBox = new QWidget;
    auto* comparisonColumn = new QVBoxLayout(comparisonBox);
    comparisonColumn->setContentsMargins(0, 0, 0, 0);
    comparisonColumn->addWidget(comparisonTable_, 1);
    comparisonColumn->addWidget(explanation_);
    comparisonColumn->addLayout(exports);

    auto* top = new QSplitter(Qt::Horizontal);
    top->addWidget(left);
    top->addWidget(matrices);
    auto* bottom = new QSplitter(Qt::Horizontal);
    bottom->addWidget(comparisonBox);
    bottom->addWidget(tradeoffPanel_);
    top->setStretchFactor(0, 1);
    top->setStretchFactor(1, 1);
    bottom->setSizes({600, 600});  // the table's columns would otherwise squeeze the chart
    tradeoffPanel_->setMinimumWidth(380);
    auto* main = new QSplitter(Qt::Vertical);
    main->addWidget(top);
    main->addWidget(bottom);

    auto* column = new QVBoxLayout(this);
    column->addLayout(bar);
    column->addWidget(message_);
    column->addWidget(notice_);
    column->addWidget(main, 1);

    connect(groups_, &QSpinBox::valueChanged, this, &LayoutLabView::applyShape);
    connect(redundancy_, &QSpinBox::valueChanged, this, &LayoutLabView::applyShape);
    connect(shown_, &QComboBox::currentIndexChanged, this, &LayoutLabView::refreshStructure);
    connect(offsetsEdit_, &QLineEdit::textEdited, this, [this](const QString& text) {
        const QScopedValueRollback typing(typing_, true);
        QString error;
        {
            const QSignalBlocker quiet(shown_);
            showRole(LayoutCandidate::Role::Custom);
        }
        const bool ok = lab_->setCustomOffsetsText(text, &error);
        setMessage(ok ? QString() : error);
        refreshStructure();
    });
    connect(ruler_, &RulerWidget::offsetsEdited, this, &LayoutLabView::editFromRuler);
    connect(load_, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Load a layout"), QString(), tr("Layout JSON (*.json)"));
        QString error;
        if (path.isEmpty())
            return;
        const bool ok = lab_->loadCustomLayout(path, &error);
        setMessage(ok ? QString() : error);
        if (ok)
            showRole(LayoutCandidate::Role::Custom);
    });
    connect(cancel_, &QPushButton::clicked, lab_->refiner(), &LayoutRefiner::cancel);
    connect(exportTradeoff, &QPushButton::clicked, this, [this] { exportChart(LayoutLabCharts::names()[0]); });
    connect(exportMatrix, &QPushButton::clicked, this, [this] { exportChart(LayoutLabCharts::names()[1]); });
}

void LayoutLabView::setScenario(const Scenario& scenario)
{
    lab_->setScenario(scenario);
    setMessage(lab_->scenarioProblem());
    {
        const QSignalBlocker blockGroups(groups_);
        const QSignalBlocker blockRedundancy(redundancy_);
        groups_->setValue(lab_->settings().groups);
        redundancy_->setValue(lab_->settings().redundancy);
    }
    showRole(lab_->scenarioRole());
    // The banner is about the scenario's own layout.
    notice_->clear();
    if (!lab_->candidates().isEmpty()) {
        const LayoutCandidate& own = lab_->candidate(lab_->scenarioRole());
        notice_->setText(IndependenceNotice::text(own.name, own.maxOverlap(), own.pairsSharingSeveral()));
    }
    notice_->setVisible(!notice_->text().isEmpty());
}

void LayoutLabView::showRole(LayoutCandidate::Role role)
{
    shown_->setCurrentIndex(static_cast<int>(role));
}

LayoutCandidate::Role LayoutLabView::shownRole() const
{
    return static_cast<LayoutCandidate::Role>(shown_->currentData().toInt());
}

void LayoutLabView::applyShape()
{
    QString error;
    setMessage(lab_->setShape(groups_->value(), redundancy_->value(), &error) ? QString() : error);
}

void LayoutLabView::editFromRuler(const std::vector<int>& offsets)
{
    // Show the custom layout without redrawing the layout the mark was picked from.
    {
        const QSignalBlocker quiet(shown_);
        showRole(LayoutCandidate::Role::Custom);
    }
    QString error;
    if (!lab_->setCustomOffsets(offsets, &error)) {
        setMessage(error);
        return;
    }
    setMessage(QString());
}

void LayoutLabView::setMessage(const QString& message)
{
    message_->setText(message);
    offsetsEdit_->setStyleSheet(message.isEmpty() ? QString() : QStringLiteral("background: #fde0dc"));
}

void LayoutLabView::refreshStructure()
{
    if (lab_->candidates().isEmpty()) {
        ruler_->setRuler({}, 2);
        differences_->setOffsets({}, 2);
        overlapView_->setMatrix({}, 0, {}, {}, QString(), QString());
        holdingView_->setMatrix({}, 0, {}, {}, QString(), QString());
        return;
    }
    const LayoutCandidate& c = lab_->candidate(shownRole());
    const LayoutCandidate& custom = lab_->candidate(LayoutCandidate::Role::Custom);
    const int n = c.layout->groups();
    const int r = c.layout->redundancy();
    if (!typing_ && !custom.offsets.empty()) {
        QStringList text;
        for (int o : custom.offsets)
            text << QString::number(o);
        offsetsEdit_->setText(text.join(QLatin1Char(' ')));
    }
    ruler_->setRuler(c.offsets, n);
    differences_->setOffsets(c.offsets, n);
    const int repeated = differences_->repeatedCount();
    if (c.offsets.empty())
        differenceSummary_->setText(tr("The %1 layout is not cyclic: it has no ruler; its overlap matrix is on the right.").arg(c.name));
    else if (repeated == 0)
        differenceSummary_->setText(tr("All %1 differences are distinct modulo N = %2, also up to sign: any two groups share "
                                       "at most one type (independent).")
                                        .arg(differences_->rowCount())
                                        .arg(n));
    else
        differenceSummary_->setText(tr("%1 of %2 differences repeat modulo N = %3 (up to sign): groups share up to %4 types; "
                                       "%5 pairs of groups share two or more.")
                                        .arg(repeated)
                                        .arg(differences_->rowCount())
                                        .arg(n)
                                        .arg(c.maxOverlap())
                                        .arg(c.pairsSharingSeveral()));
    const auto overlap = c.overlap;
    overlapView_->setMatrix([overlap](MatrixWindow w, int rows, int columns) { return overlap->blockMaxima(w, rows, columns); },
                            n, LayoutLabCharts::overlapColors(r), LayoutLabCharts::overlapNames(r), tr("group"), tr("group"));
    const auto layout = c.layout;
    holdingView_->setMatrix(
        [layout](MatrixWindow w, int rows, int columns) { return LayoutOverlap::holdingBlockMaxima(*layout, w, rows, columns); },
        n, LayoutLabCharts::holdingColors(r), LayoutLabCharts::holdingNames(r), tr("group"), tr("type"));
}

void LayoutLabView::refreshFigures()
{
    tradeoffPanel_->setSpec(LayoutLabCharts::tradeoff(lab_->candidates(), lab_->settings()));
    explanation_->setText(LayoutLabCharts::tradeoffExplanation(lab_->candidates()));
}

void LayoutLabView::exportChart(const QString& name)
{
    const auto spec = LayoutLabCharts::build(name, lab_->candidates(), shownRole(), lab_->settings());
    if (!spec)
        return;
    ChartExportDialog::run(this, *spec, QStringLiteral("n%1-r%2").arg(lab_->settings().groups).arg(lab_->settings().redundancy));
}

QString LayoutLabView::message() const
{
    return message_->text();
}

QString LayoutLabView::noticeText() const
{
    return notice_->text();
}

QString LayoutLabView::explanationText() const
{
    return explanation_->text();
}

QString LayoutLabView::differenceSummary() const
{
    return differenceSummary_->text();
}

}  // namespace spare
