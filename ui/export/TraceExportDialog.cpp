#include "ui/export/TraceExportDialog.h"

#include "engine/base/InputError.h"
#include "engine/output/TraceSelection.h"

#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>

namespace spare {

TraceExportDialog::TraceExportDialog(const QString& path, int groups,
                                     const std::optional<std::pair<double, double>>& selection, QWidget* parent)
    : QDialog(parent), groups_(groups), path_(new QLineEdit(path)), window_(new QLineEdit), groupLanes_(new QLineEdit),
      problem_(new QLabel), buttons_(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel))
{
    setWindowTitle(tr("Export Perfetto trace"));
    path_->setObjectName(QStringLiteral("tracePath"));
    window_->setObjectName(QStringLiteral("traceWindow"));
    groupLanes_->setObjectName(QStringLiteral("traceGroups"));
    window_->setPlaceholderText(tr("whole run, or START:END in seconds"));
    groupLanes_->setPlaceholderText(tr("none, or group ids such as 3,17"));
    if (selection)
        window_->setText(QStringLiteral("%1:%2").arg(selection->first, 0, 'f', 3).arg(selection->second, 0, 'f', 3));
    window_->setToolTip(tr("Only events in this window of simulated seconds are traced (spare-cli --trace-window)"));
    groupLanes_->setToolTip(tr("Groups that get their own trace lane (spare-cli --trace-groups)"));
    problem_->setObjectName(QStringLiteral("traceProblem"));
    problem_->setWordWrap(true);
    problem_->setStyleSheet(QStringLiteral("color: #D55E00;"));

    auto* browse = new QPushButton(tr("Browse..."));
    connect(browse, &QPushButton::clicked, this, [this] {
        const QString chosen = QFileDialog::getSaveFileName(this, tr("Export Perfetto trace"), path_->text(),
                                                            tr("Chrome trace JSON (*.json)"));
        if (!chosen.isEmpty())
            path_->setText(chosen);
    });
    auto* fileRow = new QHBoxLayout;
    fileRow->addWidget(path_, 1);
    fileRow->addWidget(browse);
    auto* form = new QFormLayout(this);
    form->addRow(tr("File"), fileRow);
    form->addRow(tr("Window (s)"), window_);
    form->addRow(tr("Group lanes"), groupLanes_);
    form->addRow(problem_);
    form->addRow(buttons_);
    connect(buttons_, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons_, &QDialogButtonBox::rejected, this, &QDialog::reject);
    for (QLineEdit* field : {path_, window_, groupLanes_})
        connect(field, &QLineEdit::textChanged, this, &TraceExportDialog::check);
    check();
}

QString TraceExportDialog::problem() const
{
    if (path_->text().trimmed().isEmpty())
        return tr("File: empty; allowed: a file name for the trace");
    const QString window = window_->text().trimmed();
    if (!window.isEmpty() && !TraceSelection::parseWindow(window.toStdString()))
        return tr("Window (s) '%1' is not allowed; allowed: %2")
            .arg(window, QString::fromLatin1(TraceSelection::kWindowAllowed));
    const QString lanes = groupLanes_->text().trimmed();
    if (!lanes.isEmpty()) {
        try {
            TraceSelection::parseGroups(lanes.toStdString(), groups_);
        } catch (const InputError& e) {
            return tr("Group lanes '%1': %2").arg(lanes, QString::fromUtf8(e.what()));
        }
    }
    return {};
}

std::optional<RunExportPaths> TraceExportDialog::paths() const
{
    if (!problem().isEmpty())
        return std::nullopt;
    RunExportPaths paths;
    paths.perfettoTrace = path_->text().trimmed();
    if (const auto window = TraceSelection::parseWindow(window_->text().trimmed().toStdString())) {
        paths.traceFromS = window->first;
        paths.traceToS = window->second;
    }
    const QString lanes = groupLanes_->text().trimmed();
    if (!lanes.isEmpty())
        paths.traceGroups = TraceSelection::parseGroups(lanes.toStdString(), groups_);
    return paths;
}

void TraceExportDialog::check()
{
    const QString text = problem();
    problem_->setText(text);
    problem_->setVisible(!text.isEmpty());
    buttons_->button(QDialogButtonBox::Ok)->setEnabled(text.isEmpty());
}

}  // namespace spare
