#pragma once

#include "views/AnimationClock.h"
#include "views/ClusterImageRenderer.h"

#include <QImage>
#include <QPointer>
#include <QTimer>
#include <QWidget>

#include <vector>

class QPainter;

namespace spare {

class PlaybackCursor;
class ViewState;

// Every group (row) x every GPU (column) of the cluster, drawn level-of-detail into one QImage.
// Wheel zooms around the mouse, dragging pans, a click selects a group, hovering shows a tooltip.
// With a topology, rack boundaries are drawn as thin lines and pod boundaries as thick ones, and the
// tooltip names the GPU's node, rack and pod.
// Compact mode (Race tab) draws the grid only, always fitted, without interaction.
class ClusterView : public QWidget {
    Q_OBJECT
public:
    explicit ClusterView(PlaybackCursor* cursor, ViewState* viewState = nullptr, QWidget* parent = nullptr);

    void setCompact(bool compact);
    const ClusterViewport& viewport() const { return viewport_; }
    // Grid cell under a widget position: {group, gpu}, or {-1, -1} outside the grid.
    QPoint cellAt(QPointF pos) const;
    // The row of `group` as drawn now, in widget coordinates, clipped to the grid; null when it is
    // scrolled out of view.
    QRect groupRect(int group) const;
    // The grid as drawn now (what paintEvent shows below the legend).
    QImage renderGrid(QSize size);
    // The legend: each state's colour and name.
    struct LegendEntry {
        QRgb colour;
        QString label;
    };
    static std::vector<LegendEntry> legendEntries();
    // Groups drawn with the failure mark now (bounded however fast failures arrive).
    int flashingGroups() const;
    // The time the failure flashes run on (an animation export sets it per frame).
    AnimationClock* animationClock() { return &clock_; }
    // The hover text of a grid cell {group, gpu}.
    QString tooltipFor(QPoint cell) const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

public slots:
    void zoomBy(double factor, QPointF anchor = QPointF(-1, -1));
    void fitToView();

protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void changeEvent(QEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    bool event(QEvent* event) override;

private:
    void followState();
    void onEventPlayed(const Event& event);
    QRect gridRect() const;
    void drawDomainBoundaries(QPainter& painter);
    // Draws the legend when `painter` is given; returns its height either way.
    int layoutLegend(QPainter* painter) const;
    void updateFlashes();
    void stopFlash(std::size_t index);

    QPointer<PlaybackCursor> cursor_;
    QPointer<ViewState> viewState_;
    ClusterViewport viewport_;
    bool compact_ = false;
    bool fitted_ = true;
    int shownGpus_ = -1;
    QImage image_;
    QPoint dragStart_;
    QPointF dragOrigin_;
    bool dragging_ = false;
    AnimationClock clock_;
    std::vector<qint64> flashUntilMs_;  // per group: end of the failure animation (clock_)
    std::vector<std::uint8_t> flashing_;
    std::vector<QPoint> flashCells_;    // {group, gpu} being animated, oldest first
    qint64 lastFlashMs_ = -1000;
    QTimer animationTimer_;
};

}  // namespace spare
