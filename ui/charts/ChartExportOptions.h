#pragma once

#include <QSizeF>

#include <optional>

namespace spare {

// How an exported chart is laid out: its physical size (unset: ChartExporter::kDefaultSize screen
// pixels) and whether it carries its title.
struct ChartExportOptions {
    std::optional<QSizeF> inches;
    bool showTitle = true;
};

}  // namespace spare
