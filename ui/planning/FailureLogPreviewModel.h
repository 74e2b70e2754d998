#pragma once

#include "engine/planning/FailureLogPreview.h"

#include <QAbstractTableModel>
#include <QStringList>

#include <memory>

namespace spare {

// The first rows of a failure log as a table: the header's columns, one row per data row, the
// vertical header giving each row's line in the file. Rows shorter than the header show empty cells.
class FailureLogPreviewModel : public QAbstractTableModel {
    Q_OBJECT
public:
    using QAbstractTableModel::QAbstractTableModel;

    void setPreview(std::shared_ptr<const FailureLogPreview> preview);
    const std::shared_ptr<const FailureLogPreview>& preview() const { return preview_; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // The first of `specs` (time formats) that reads every non-empty value of `column` in the preview, at
    // least one, as a time from 1970 to 2100; epoch formats take no number with a leading zero (that is
    // an identifier, such as a serial number). Empty when none does.
    QString timeFormatFor(int column, const QStringList& specs) const;
    // The column to read times from: among those a spec reads (timeFormatFor), the first whose name says
    // time or date, else the first a calendar format (not epoch) reads, else the first; -1 when none.
    int guessTimeColumn(const QStringList& specs) const;

private:
    std::shared_ptr<const FailureLogPreview> preview_;
};

}  // namespace spare
