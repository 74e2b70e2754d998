#pragma once

#include "engine/sim/Event.h"
#include "ui/views/AnimationClock.h"
#include "ui/views/ClusterImageRenderer.h"

#include <QImage>
#include <QPointer>
#include <QTimer>
#include <QWidget>

#include <memory>
#include <utility>
#include <vector>

class QPainter;

namespace spare {

class PlaybackCursor;
class ViewState;

// Every group (row) x every GPU (column) of the cluster, drawn level-of-detail into one QImage, with a
// group axis on the left, a GPU axis below (round integer ticks) and a zoom indicator ("groups
// 120-172 of 600, GPUs 0-999 of 1000, 4x"). The stack view's groups are bracketed on the group axis
// and outlined in the grid. Wheel zooms around the mouse, a click picks the stack view's groups around
// the clicked one (and selects it), a left drag picks a range of groups, a right or middle drag pans,
// hovering shows a tooltip.
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
    // Where the grid is drawn: below the legend, right of the group axis, above the GPU axis.
    QRect gridRect() const;
    // The tick values on the group and GPU axes now: multiples of a round step (1, 2, 5 x 10^k) inside
    // the visible rows and columns.
    std::vector<int> groupTicks() const;
    std::vector<int> gpuTicks() const;
    // Magnification against the fitted view, and the indicator's text.
    double zoomFactor() const;
    QString zoomText() const;
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
    // The policy band under the grid, empty when the run's policy has none: an elastic run's batch
    // ("batch 598 / 600 groups"), a re-balancing run's work per group ("600 / 598 = 1.003 x work").
    QString policyBandText() const;
    // The message of the event banner on show now (a restore from memory or storage, a group leaving an
    // elastic run, a re-balance), empty when none.
    QString bannerText() const;
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
    int groupAxisWidth() const;
    int gpuAxisHeight() const;
    // The group rows / GPU columns visible in the grid now, first..last.
    std::pair<int, int> visibleGroups() const;
    std::pair<int, int> visibleGpus() const;
    // The group row at widget height y, clamped to the cluster.
    int groupAt(double y) const;
    void drawAxes(QPainter& painter);
    void drawStackRange(QPainter& painter, int first, int last, bool rubberBand);
    void drawDomainBoundaries(QPainter& painter);
    // Beside the grid, on the group axis: a red mark for a group with a failure-prone node, an amber one
    // for a group with a slow node (the hosts section).
    void drawHostMarks(QPainter& painter);
    // Draws the legend when `painter` is given; returns its height either way.
    int layoutLegend(QPainter* painter) const;
    void updateFlashes();
    void stopFlash(std::size_t index);
    // Starts the outline of a domain failure's groups; false when the event is not a domain failure.
    bool flashDomain(const Event& event, qint64 now);
    void drawDomainFlashes(QPainter& painter);
    void drawRejoinFlashes(QPainter& painter, qint64 now);
    // Starts the banner of a Restore or Reconfigure event; false for other events.
    bool showBanner(const Event& event, qint64 now);
    void drawBanner(QPainter& painter, qint64 now);
    void drawPolicyBand(QPainter& painter);
    int policyBandHeight() const;

    QPointer<PlaybackCursor> cursor_;
    QPointer<ViewState> viewState_;
    ClusterViewport viewport_;
    bool compact_ = false;
    bool fitted_ = true;
    int shownGpus_ = -1;
    QImage image_;
    QPoint dragStart_;
    QPointF dragOrigin_;
    bool panning_ = false;
    bool picking_ = false;
    int pickFrom_ = -1;  // the group a range drag started on
    int pickTo_ = -1;
    AnimationClock clock_;
    std::vector<qint64> flashUntilMs_;  // per group: end of the failure animation (clock_)
    std::vector<std::uint8_t> flashing_;
    std::vector<QPoint> flashCells_;    // {group, gpu} being animated, oldest first
    // Domain failures being animated (one outline around the domain's groups each), oldest first: the
    // failure events of one domain firing share their origin.
    struct DomainFlash {
        std::shared_ptr<const FailureOrigin> origin;
        qint64 untilMs = 0;
    };
    std::vector<DomainFlash> domainFlashes_;
    // Groups coming back (Rejoin events) being animated, oldest first: an outline that closes in on the row.
    struct RejoinFlash {
        int group = 0;
        qint64 untilMs = 0;
    };
    std::vector<RejoinFlash> rejoinFlashes_;
    struct Banner {
        QString text;
        QRgb colour = 0;
        qint64 untilMs = 0;
    };
    Banner banner_;
    qint64 lastFlashMs_ = -1000;
    QTimer animationTimer_;
};

}  // namespace spare
