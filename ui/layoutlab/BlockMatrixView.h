#pragma once

#include "engine/layout/LayoutOverlap.h"

#include <QColor>
#include <QImage>
#include <QStringList>
#include <QVector>
#include <QWidget>

#include <functional>
#include <vector>

namespace spare {

// A square matrix of small values (the overlap matrix, the groups x types grid) drawn at any zoom:
// when a pixel covers several cells it shows their maximum (the source aggregates). The wheel zooms
// around the mouse, dragging pans, a double click fits the whole matrix; hovering names the cells.
class BlockMatrixView : public QWidget {
    Q_OBJECT
public:
    // Blocks of a window: rows x columns maxima, row-major (LayoutOverlap::blockMaxima and friends).
    using Source = std::function<std::vector<int>(MatrixWindow window, int rows, int columns)>;

    explicit BlockMatrixView(QWidget* parent = nullptr);

    // size = N; keeps the zoom when the size is unchanged. levelColors[v] draws value v.
    void setMatrix(Source source, int size, QVector<QColor> levelColors, QStringList levelNames,
                   const QString& rowName, const QString& columnName);
    const MatrixWindow& window() const { return window_; }
    void zoomAt(QPointF position, double factor);  // factor < 1 zooms in
    void fit();
    // The value drawn at a widget position (the block maximum), -1 outside the matrix.
    int valueAt(QPointF position) const;
    QString describe(QPointF position) const;

    QSize sizeHint() const override { return {420, 440}; }

protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;

private:
    QRect plotRect() const;
    // Matrix row / column under a widget position (unclamped).
    QPointF cellAt(QPointF position) const;
    void refresh();  // marks the image stale; it is rebuilt when next painted or read
    void ensureImage() const;

    Source source_;
    int size_ = 0;
    QVector<QColor> levelColors_;
    QStringList levelNames_;
    QString rowName_;
    QString columnName_;
    MatrixWindow window_;
    mutable bool stale_ = true;
    mutable QImage image_;
    mutable std::vector<int> blocks_;
    QPointF dragFrom_;
    MatrixWindow dragWindow_;
};

}  // namespace spare
