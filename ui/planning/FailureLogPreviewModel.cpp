#include "ui/planning/FailureLogPreviewModel.h"

#include "engine/base/InputError.h"
#include "engine/planning/TimeFormat.h"

#include <optional>

namespace spare {

namespace {

constexpr double kPlausibleFromS = 0.0;            // 1970-01-01
constexpr double kPlausibleToS = 4'102'444'800.0;  // 2100-01-01

bool isEpoch(const QString& spec)
{
    return spec == QLatin1String("epoch") || spec == QLatin1String("epoch-ms");
}

bool readsPlausibly(const TimeFormat& format, bool epoch, const std::string& text)
{
    if (epoch && text.size() > 1 && text.front() == '0')
        return false;
    const auto instant = format.read(text);
    return instant && instant->seconds >= kPlausibleFromS && instant->seconds < kPlausibleToS;
}

}  // namespace

void FailureLogPreviewModel::setPreview(std::shared_ptr<const FailureLogPreview> preview)
{
    beginResetModel();
    preview_ = std::move(preview);
    endResetModel();
}

int FailureLogPreviewModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() || !preview_ ? 0 : static_cast<int>(preview_->rows.size());
}

int FailureLogPreviewModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() || !preview_ ? 0 : static_cast<int>(preview_->columns.size());
}

QVariant FailureLogPreviewModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || !preview_ || (role != Qt::DisplayRole && role != Qt::ToolTipRole))
        return {};
    const auto& row = preview_->rows[static_cast<std::size_t>(index.row())];
    const auto column = static_cast<std::size_t>(index.column());
    return column < row.size() ? QString::fromStdString(row[column]) : QString();
}

QVariant FailureLogPreviewModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (role != Qt::DisplayRole || !preview_ || section < 0)
        return {};
    const auto i = static_cast<std::size_t>(section);
    if (orientation == Qt::Horizontal)
        return i < preview_->columns.size() ? QString::fromStdString(preview_->columns[i]) : QVariant();
    return i < preview_->rowLines.size() ? QVariant(tr("line %1").arg(preview_->rowLines[i])) : QVariant();
}

QString FailureLogPreviewModel::timeFormatFor(int column, const QStringList& specs) const
{
    if (!preview_ || column < 0)
        return {};
    const auto c = static_cast<std::size_t>(column);
    for (const QString& spec : specs) {
        std::optional<TimeFormat> format;
        try {
            format = TimeFormat::parse(spec.toStdString());
        } catch (const InputError&) {
            continue;
        }
        int read = 0;
        bool all = true;
        for (const auto& row : preview_->rows) {
            if (c >= row.size() || row[c].empty())
                continue;
            if (!readsPlausibly(*format, isEpoch(spec), row[c])) {
                all = false;
                break;
            }
            ++read;
        }
        if (all && read > 0)
            return spec;
    }
    return {};
}

int FailureLogPreviewModel::guessTimeColumn(const QStringList& specs) const
{
    int named = -1;
    int calendar = -1;
    int any = -1;
    for (int c = 0; c < columnCount(); ++c) {
        const QString spec = timeFormatFor(c, specs);
        if (spec.isEmpty())
            continue;
        const QString name = QString::fromStdString(preview_->columns[static_cast<std::size_t>(c)]).toLower();
        if (named < 0 && (name.contains(QLatin1String("time")) || name.contains(QLatin1String("date"))))
            named = c;
        if (calendar < 0 && !isEpoch(spec))
            calendar = c;
        if (any < 0)
            any = c;
    }
    return named >= 0 ? named : (calendar >= 0 ? calendar : any);
}

}  // namespace spare
