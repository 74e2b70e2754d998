#include "ui/charts/ChartPanel.h"

#include "ui/charts/QtChartRenderer.h"

#include <QChart>
#include <QChartView>
#include <QVBoxLayout>

namespace spare {

ChartPanel::ChartPanel(QWidget* parent) : QWidget(parent), view_(new QChartView(this))
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(view_);
    view_->setRenderHint(QPainter::Antialiasing);
    rebuild();
}

void ChartPanel::setSpec(const ChartSpec& spec)
{
    spec_ = spec;
    rebuild();
}

void ChartPanel::setChartStyle(const ChartStyle& style)
{
    style_ = style;
    rebuild();
}

void ChartPanel::rebuild()
{
    QChart* old = view_->chart();
    view_->setChart(QtChartRenderer::createChart(spec_, style_));
    delete old;
}

}  // namespace spare
