#pragma once

#include <QColor>
#include <QString>
#include <QWidget>

#include <memory>

class QChartView;

namespace spare {

// Live plot of training progress (committed steps) against simulated wall-clock, one line per
// policy, with failure markers. Our interface; Qt Charts stays inside the .cpp. Points are
// buffered and handed to the chart a few times per second, thinned to about one per pixel column.
class ProgressChart : public QWidget {
    Q_OBJECT
public:
    explicit ProgressChart(QWidget* parent = nullptr);
    ~ProgressChart() override;

    // Drops every line; totalSteps caps the y range (which grows with the data shown).
    void reset(int totalSteps);
    int addLine(const QString& name, const QColor& colour);
    // Makes the time axis cover at least [0, seconds] (it also grows by itself as points arrive).
    void ensureTimeRange(double seconds);
    void addPoint(int line, double timeS, int stepsDone);
    void addFailureMarker(int line, double timeS, int stepsDone);
    // Points and markers handed to the chart so far (after thinning), for tests.
    int pointCount(int line) const;
    int markerCount(int line) const;
    // Top of the committed-steps axis.
    double stepAxisMax() const;

    // The font of the axes' tick labels (the title, legend and axes follow the widget's font).
    QFont axisLabelsFont() const;
    QChartView* chartView() const;

public slots:
    void flush();

protected:
    void changeEvent(QEvent* event) override;

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace spare
