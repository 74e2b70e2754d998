#pragma once

#include "ui/base/JobRunner.h"
#include "ui/planning/FitJob.h"
#include "ui/planning/FitRequest.h"

#include <QVector>
#include <QWidget>

#include <memory>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTableView;
class QVBoxLayout;

namespace spare {

class FailureLogPreviewModel;
struct FailureLogPreview;

// Choosing how to read a failure log: the file and a preview of its first rows, the time column and
// format (presets or a pattern, checked as typed), filters, the window, the location column and
// pattern, the fleet the log covers; "Read and fit" reads and fits in the background with progress
// and cancel. Every problem is shown in place, naming the field, its value and what is allowed.
class LogImportPanel : public QWidget {
    Q_OBJECT
public:
    static constexpr int kPreviewRows = 20;

    explicit LogImportPanel(QWidget* parent = nullptr);
    ~LogImportPanel() override;

    // Previews the log in the background (previewChanged or previewFailed follow) and fills the
    // column choices from its header.
    void openLog(const QString& path);
    FitRequest request() const;
    // The problems of the fields as they stand (empty: "Read and fit" may start).
    QStringList problems() const;
    // Reads and fits in the background; false (the problems shown) when a field is bad or a fit runs.
    bool readAndFit();
    void cancel();

    // Fields, for tests and automation.
    void setTimeColumn(const QString& column);
    void setTimeFormat(const QString& spec);
    void setWindow(const QString& from, const QString& to);
    void addFilter(const QString& column, const QString& values, bool exclude = false);
    void setLocation(const QString& column, const QString& pattern, double clusterWindowS);
    void setFleet(const QString& units, FleetUnit unit, int gpusPerNode = 8);
    void setBootstrap(int samples);

    FailureLogPreviewModel* previewModel() const { return previewModel_; }
    FitJob* fitJob() const { return fitJob_; }
    QLabel* timeFormatMessage() const { return timeFormatMessage_; }
    QLabel* problemsLabel() const { return problems_; }
    QLabel* statusLabel() const { return status_; }

signals:
    void previewChanged();
    void previewFailed(const QString& message);
    // Reading and fitting ended (good, cancelled or failed).
    void fitFinished(const spare::FitOutcome& outcome);

private:
    struct FilterRow {
        QWidget* row;
        QComboBox* column;
        QComboBox* relation;  // "is one of" / "is none of"
        QLineEdit* values;
    };
    struct PreviewOutcome {
        std::shared_ptr<const FailureLogPreview> preview;
        QString error;
    };

    QWidget* buildForm();
    void setPreview(std::shared_ptr<const FailureLogPreview> preview);
    void refreshColumns();
    // The time format that reads the chosen column's preview values, when the field's does not.
    void guessTimeFormat();
    static QStringList presetSpecs();
    void revalidate();
    void refreshLocationFields();
    void fitDone(const FitOutcome& outcome);

    FailureLogPreviewModel* previewModel_ = nullptr;
    FitJob* fitJob_ = nullptr;
    QLineEdit* path_ = nullptr;
    QLabel* previewStatus_ = nullptr;
    QTableView* previewTable_ = nullptr;
    QComboBox* timeColumn_ = nullptr;
    QComboBox* formatPreset_ = nullptr;
    QLineEdit* timeFormat_ = nullptr;
    QLabel* timeFormatMessage_ = nullptr;
    QVBoxLayout* filterRows_ = nullptr;
    QVector<FilterRow> filters_;
    QLineEdit* from_ = nullptr;
    QLineEdit* to_ = nullptr;
    QComboBox* locationColumn_ = nullptr;
    QLineEdit* locationPattern_ = nullptr;
    QDoubleSpinBox* clusterWindow_ = nullptr;
    QLineEdit* units_ = nullptr;
    QComboBox* unit_ = nullptr;
    QSpinBox* gpusPerNode_ = nullptr;
    QSpinBox* bootstrap_ = nullptr;
    QCheckBox* skipBadRows_ = nullptr;
    QLabel* problems_ = nullptr;
    QPushButton* fit_ = nullptr;
    QPushButton* cancel_ = nullptr;
    QProgressBar* progress_ = nullptr;
    QLabel* status_ = nullptr;
    QString previewedPath_;
    bool updating_ = false;  // choices being refilled: their signals change nothing
    // A later openLog wins over a slower earlier preview. Last member: joined before the rest goes.
    JobRunner<PreviewOutcome> preview_{this, QStringLiteral("spare-log-preview")};
};

}  // namespace spare
