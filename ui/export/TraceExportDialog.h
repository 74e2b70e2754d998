#pragma once

#include "ui/export/RunExporter.h"

#include <QDialog>

#include <optional>
#include <utility>

class QDialogButtonBox;
class QLabel;
class QLineEdit;

namespace spare {

// Asks where a Perfetto trace goes and what it keeps: the file, the window of simulated seconds
// (spare-cli's --trace-window START:END; empty: the whole run) and the groups that get their own lane
// (--trace-groups 3,17; empty: none). The fields are checked as they are typed: a bad one names the
// field, the value and what is allowed, and OK stays disabled.
class TraceExportDialog : public QDialog {
    Q_OBJECT
public:
    // `selection` (the timeline's selected range, if any) fills the window field.
    TraceExportDialog(const QString& path, int groups, const std::optional<std::pair<double, double>>& selection,
                      QWidget* parent = nullptr);

    QLineEdit* pathField() const { return path_; }
    QLineEdit* windowField() const { return window_; }
    QLineEdit* groupsField() const { return groupLanes_; }
    // The problem with the fields ("" when none).
    QString problem() const;
    // The trace export the fields describe (nullopt while a field is invalid).
    std::optional<RunExportPaths> paths() const;

private:
    void check();

    int groups_;
    QLineEdit* path_;
    QLineEdit* window_;
    QLineEdit* groupLanes_;
    QLabel* problem_;
    QDialogButtonBox* buttons_;
};

}  // namespace spare
