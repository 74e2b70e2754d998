#include "ui/views/MethodGuideDialog.h"

#include <QDialogButtonBox>
#include <QTextBrowser>
#include <QUrl>
#include <QVBoxLayout>

namespace spare {

MethodGuideDialog::MethodGuideDialog(QWidget* parent) : QDialog(parent)
{
    setWindowTitle(tr("SPARe: the method in short"));
    auto* browser = new QTextBrowser;
    browser->setOpenExternalLinks(true);
    browser->setSource(QUrl(QStringLiteral("qrc:/studio/method-guide.html")));
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::close);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(browser);
    layout->addWidget(buttons);
    resize(720, 640);
}

}  // namespace spare
