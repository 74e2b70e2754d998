#include "ui/editor/SeedDialog.h"

#include <QDialogButtonBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QVBoxLayout>

namespace spare {

SeedDialog::SeedDialog(std::uint64_t seed, QWidget* parent) : QDialog(parent), line_(new QLineEdit(QString::number(seed)))
{
    setWindowTitle(tr("Seed"));
    auto* problem = new QLabel;
    problem->setObjectName(QStringLiteral("seedProblem"));
    problem->setStyleSheet(QStringLiteral("color: #b71c1c;"));
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(new QLabel(tr("run.seed (0 .. 2^64-1; the same seed gives the same run):")));
    layout->addWidget(line_);
    layout->addWidget(problem);
    layout->addWidget(buttons);
    const auto check = [problem, buttons](const QString& text) {
        static const QRegularExpression digits(QStringLiteral("^\\d{1,20}$"));
        bool ok = digits.match(text.trimmed()).hasMatch();
        if (ok)
            text.trimmed().toULongLong(&ok);  // and not above 2^64-1
        problem->setText(ok ? QString() : tr("'%1' is not a seed: allowed a whole number 0 .. 18446744073709551615").arg(text));
        buttons->button(QDialogButtonBox::Ok)->setEnabled(ok);
    };
    connect(line_, &QLineEdit::textChanged, this, check);
    check(line_->text());
}

QString SeedDialog::seedText() const
{
    return line_->text().trimmed();
}

}  // namespace spare
