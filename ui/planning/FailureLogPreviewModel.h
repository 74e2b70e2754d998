#pragma once

#include "engine/planning/FailureLogPreview.h"

#include <QAbstractTableModel>

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

private:
    std::shared_ptr<const FailureLogPreview> preview_;
};

}  // namespace spare
