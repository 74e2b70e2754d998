#pragma once

#include "ui/timeline/TimeRangeStatistics.h"
#include "ui/timeline/TimelineTracks.h"
#include "ui/timeline/TimelineViewport.h"

#include <QImage>
#include <QString>
#include <QWidget>

#include <optional>
#include <vector>

class QPainter;

namespace spare {

class PlaybackClock;
class PlaybackCursor;
class TimelineSelectionPanel;

// A zoomable timeline of one or more runs on one playback clock, as in Perfetto or Tracy: a minimap of
// the whole run with the visible window marked (drag it to move the window), a time ruler, and per run
// the rows S, alive groups and steps done and an events row with the failure, decision, restart and
// checkpoint marks, folded where they lie closer than a few pixels (a compact run: one row, its steps
// done under its marks).
// Wheel zooms around the mouse, dragging pans, a click seeks the clock, shift-drag (or a drag on the
// ruler) selects a time range whose statistics the selection panel shows; Esc clears it, a double
// click shows the default view again: the whole run, or where the finished runs end when another one
// stopped unfinished (zooming out still reaches its end).
class TimelineWidget : public QWidget {
    Q_OBJECT
public:
    static constexpr double kFoldPx = 4.0;

    explicit TimelineWidget(PlaybackClock* clock, QWidget* parent = nullptr);

    // Adds a run's rows (the race adds one per policy, compact).
    void addRun(const QString& name, PlaybackCursor* cursor, bool compact = false);
    int runCount() const { return static_cast<int>(runs_.size()); }
    const TimelineTracks& tracks(int run) const { return runs_[static_cast<std::size_t>(run)].tracks; }
    QString runName(int run) const { return runs_[static_cast<std::size_t>(run)].name; }
    // A run that stopped before its last step (`note` says where; empty: finished or still running).
    // The default view leaves it out; its row ends in an arrow and the note while it goes on past the
    // right edge.
    void setUnfinished(int run, const QString& note);

    const TimelineViewport& viewport() const { return viewport_; }
    // Zooms or moves the visible window (as the mouse does).
    void zoomAround(double time, double factor);
    void moveWindowTo(double start);
    void select(double from, double to);
    void clearSelection();
    // The selected range's statistics for one run (nullopt without a selection).
    std::optional<TimeRangeStatistics> selectionStatistics(int run) const;
    TimelineSelectionPanel* selectionPanel() const { return panel_; }

    // Where the parts lie, in widget coordinates.
    QRect minimapRect() const;
    QRect rulerRect() const;
    QRect tracksRect() const;
    // Marks and series columns the last paint drew (the level of detail keeps it near the width).
    int drawnItems() const { return drawnItems_; }

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

public slots:
    // Reads what the runs recorded since the last call and repaints.
    void refresh();

signals:
    void seekRequested(double time);
    void viewportChanged();
    void selectionChanged();

protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;

private:
    struct Run {
        QString name;
        PlaybackCursor* cursor = nullptr;
        bool compact = false;
        TimelineTracks tracks;
        QString unfinished;
    };
    enum class Drag { None, Pending, Pan, Select, Minimap };

    int rowHeight(bool compact) const;
    int rowsHeight() const;
    int labelWidth() const;
    double timeAtX(double x) const;
    void viewChanged();
    void selectionMoved();
    void placePanel();
    // Everything but the playback cursor, drawn again only when what it shows changed (playback moves
    // just the cursor line over it).
    const QImage& background();
    void drawBackground(QPainter& painter);
    void drawMinimap(QPainter& painter);
    void drawRuler(QPainter& painter);
    void drawSeries(QPainter& painter, const std::vector<TimelinePoint>& points, const QRect& row, double maxValue,
                    const QColor& colour, double dataEnd);
    void drawMarks(QPainter& painter, const TimelineTracks& tracks, const QRect& row);
    void drawRowLabel(QPainter& painter, const QRect& row, const QString& text);
    void drawUnfinished(QPainter& painter, const QRect& row, const QString& note);

    PlaybackClock* clock_;
    std::vector<Run> runs_;
    TimelineViewport viewport_;
    std::optional<double> shownDefaultEnd_;  // what refresh() last gave viewport_.setDefaultEnd
    TimelineSelectionPanel* panel_;
    Drag drag_ = Drag::None;
    QPoint pressPos_;
    double pressTime_ = 0.0;
    double pressWindowStart_ = 0.0;
    int drawnItems_ = 0;
    QImage background_;
    std::vector<double> backgroundKey_;
};

}  // namespace spare
