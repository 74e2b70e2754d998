#include "ui/compare/CompareChooser.h"

#include "engine/base/ScenarioLimits.h"
#include "engine/layout/BuiltInLayouts.h"
#include "ui/base/StudioPaths.h"

#include <QComboBox>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QStackedWidget>
#include <QToolButton>

#include <algorithm>

namespace spare {

namespace {

std::size_t indexOf(CompareSetup::Kind kind)
{
    return static_cast<std::size_t>(kind);
}

}  // namespace

CompareChooser::CompareChooser(QWidget* parent) : QWidget(parent)
{
    auto* row = new QHBoxLayout(this);
    row->setContentsMargins(0, 0, 0, 0);
    kind_ = new QComboBox;
    kind_->setObjectName(QStringLiteral("compareKind"));
    pages_ = new QStackedWidget;
    for (CompareSetup::Kind kind : CompareSetup::kKinds) {
        kind_->addItem(CompareSetup::title(kind), static_cast<int>(kind));
        pages_->addWidget(buildPage(kind, pairs_[indexOf(kind)]));
    }
    row->addWidget(new QLabel(tr("Compare")));
    row->addWidget(kind_);
    row->addWidget(pages_, 1);
    connect(kind_, &QComboBox::activated, this, [this](int index) {
        pages_->setCurrentIndex(index);
        emitSetup();
    });
}

QWidget* CompareChooser::buildPage(CompareSetup::Kind kind, Pair& pair)
{
    auto* page = new QWidget;
    auto* row = new QHBoxLayout(page);
    row->setContentsMargins(0, 0, 0, 0);
    const QString prefix = CompareSetup::name(kind);
    for (std::size_t side = 0; side < 2; ++side) {
        const QString sideName = CompareSetup::sideName(static_cast<int>(side));
        row->addWidget(new QLabel(tr("%1:").arg(sideName)));
        const QString objectName = QStringLiteral("%1%2").arg(prefix, sideName);
        switch (kind) {
        case CompareSetup::Kind::Redundancy:
        case CompareSetup::Kind::CheckpointInterval: {
            auto* spin = pair.spins[side] = new QSpinBox;
            spin->setObjectName(objectName);
            spin->setKeyboardTracking(false);
            if (kind == CompareSetup::Kind::Redundancy) {
                spin->setPrefix(QStringLiteral("r = "));
                spin->setToolTip(tr("cluster.redundancy of run %1: 1 .. min(cluster.groups, 64)").arg(sideName));
            } else {
                spin->setPrefix(QStringLiteral("T_c = "));
                spin->setSuffix(tr(" steps"));
                spin->setSpecialValueText(QStringLiteral("T_c = auto"));
                spin->setToolTip(tr("checkpoint.interval_steps of run %1: auto (the model's optimum) or 1 .. workload.steps").arg(sideName));
            }
            connect(spin, &QSpinBox::valueChanged, this, &CompareChooser::emitSetup);
            row->addWidget(spin);
            break;
        }
        case CompareSetup::Kind::Layout:
        case CompareSetup::Kind::Policy: {
            auto* combo = pair.combos[side] = new QComboBox;
            combo->setObjectName(objectName);
            if (kind == CompareSetup::Kind::Layout) {
                for (const char* layout : builtInLayoutNames())
                    combo->addItem(QString::fromLatin1(layout));
                combo->setToolTip(tr("cluster.layout of run %1").arg(sideName));
            } else {
                for (const Policy policy : kPolicies)
                    combo->addItem(QString::fromLatin1(policyName(policy)));
                combo->setToolTip(tr("run.policy of run %1 (elastic and rebalance need checkpoint.semantics exact)").arg(sideName));
            }
            connect(combo, &QComboBox::activated, this, &CompareChooser::emitSetup);
            row->addWidget(combo);
            break;
        }
        case CompareSetup::Kind::ScenarioFile:
        case CompareSetup::Kind::Seed: {
            auto* line = pair.lines[side] = new QLineEdit;
            line->setObjectName(objectName);
            connect(line, &QLineEdit::editingFinished, this, [this, line] {
                if (line->isModified()) {
                    line->setModified(false);
                    emitSetup();
                }
            });
            row->addWidget(line, 1);
            if (kind == CompareSetup::Kind::Seed) {
                line->setToolTip(tr("run.seed of run %1: 0 .. 18446744073709551615").arg(sideName));
                line->setMaximumWidth(line->fontMetrics().horizontalAdvance(QLatin1Char('0')) * 24);
                break;
            }
            line->setPlaceholderText(tr("scenario file of run %1").arg(sideName));
            auto* browse = new QToolButton;
            browse->setText(QStringLiteral("..."));
            browse->setToolTip(tr("Choose the scenario file of run %1").arg(sideName));
            connect(browse, &QToolButton::clicked, this, [this, line] {
                const QString path = QFileDialog::getOpenFileName(this, tr("Scenario to compare"), StudioPaths::scenarioDirectory(),
                                                                  tr("Scenario JSON (*.json)"));
                if (path.isEmpty())
                    return;
                line->setText(path);
                emitSetup();
            });
            row->addWidget(browse);
            break;
        }
        }
    }
    if (kind != CompareSetup::Kind::ScenarioFile)
        row->addStretch(1);
    return page;
}

CompareSetup CompareChooser::setup() const
{
    CompareSetup setup;
    setup.kind = static_cast<CompareSetup::Kind>(kind_->currentData().toInt());
    const Pair& pair = pairs_[indexOf(setup.kind)];
    for (std::size_t side = 0; side < 2; ++side) {
        if (QSpinBox* spin = pair.spins[side])
            setup.values[side] = spin->value() == 0 ? QStringLiteral("auto") : QString::number(spin->value());
        else if (QComboBox* combo = pair.combos[side])
            setup.values[side] = combo->currentText();
        else
            setup.values[side] = pair.lines[side]->text().trimmed();
    }
    return setup;
}

void CompareChooser::setSetup(const CompareSetup& setup)
{
    const QSignalBlocker quiet(kind_);
    kind_->setCurrentIndex(static_cast<int>(indexOf(setup.kind)));
    pages_->setCurrentIndex(kind_->currentIndex());
    showValues(setup);
}

void CompareChooser::showValues(const CompareSetup& setup)
{
    Pair& pair = pairs_[indexOf(setup.kind)];
    for (std::size_t side = 0; side < 2; ++side) {
        const QString& value = setup.values[side];
        if (QSpinBox* spin = pair.spins[side]) {
            const QSignalBlocker quiet(spin);
            spin->setValue(value == QLatin1String("auto") ? 0 : value.toInt());
        } else if (QComboBox* combo = pair.combos[side]) {
            if (combo->findText(value) < 0)
                combo->addItem(value);  // a layout file named on the command line
            combo->setCurrentText(value);
        } else {
            pair.lines[side]->setText(value);
        }
    }
}

void CompareChooser::setBase(const Scenario& base)
{
    const bool first = !hasBase_;
    hasBase_ = true;
    for (std::size_t side = 0; side < 2; ++side) {
        const QSignalBlocker quietR(pairs_[indexOf(CompareSetup::Kind::Redundancy)].spins[side]);
        pairs_[indexOf(CompareSetup::Kind::Redundancy)].spins[side]->setRange(
            ScenarioLimits::minRedundancy, std::min(base.groups, ScenarioLimits::maxRedundancy));
        const QSignalBlocker quietT(pairs_[indexOf(CompareSetup::Kind::CheckpointInterval)].spins[side]);
        pairs_[indexOf(CompareSetup::Kind::CheckpointInterval)].spins[side]->setRange(0, base.steps);
    }
    if (!first)
        return;
    for (CompareSetup::Kind kind : CompareSetup::kKinds)
        showValues(CompareSetup::defaults(kind, base));
}

void CompareChooser::emitSetup()
{
    emit setupChanged(setup());
}

}  // namespace spare
