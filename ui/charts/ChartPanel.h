#pragma once

#include "ui/charts/ChartSpec.h"
#include "ui/charts/ChartStyle.h"

#include <QWidget>

class QChartView;

namespace spare {

// Shows one ChartSpec on screen. setSpec() rebuilds the chart (cheap for the few hundred points the
// analysis charts hold), so streaming a sweep is just setSpec() with more points.
class ChartPanel : public QWidget {
    Q_OBJECT
public:
    explicit ChartPanel(QWidget* parent = nullptr);

    void setSpec(const ChartSpec& spec);
    const ChartSpec& spec() const { return spec_; }
    void setChartStyle(const ChartStyle& style);
    QChartView* chartView() const { return view_; }

private:
    void rebuild();

    ChartSpec spec_;
    ChartStyle style_;
    QChartView* view_ = nullptr;
};

}  // namespace spare
