#pragma once

#include <QDialog>

namespace spare {

// Help > Method guide: SPARe in short (resources/method-guide.html), links opened in the browser.
class MethodGuideDialog : public QDialog {
    Q_OBJECT
public:
    explicit MethodGuideDialog(QWidget* parent = nullptr);
};

}  // namespace spare
