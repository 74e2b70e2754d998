#pragma once

#include <QWidget>

#include <vector>

namespace spare {

// A cyclic layout's offsets drawn as marks on a ruler (0 .. a little past the largest offset, never
// past N - 1). Marks taking part in a repeated difference (mod N) are drawn in orange. When editable,
// a mark can be dragged to another free position; every move emits offsetsEdited at once.
class RulerWidget : public QWidget {
    Q_OBJECT
public:
    explicit RulerWidget(QWidget* parent = nullptr);

    void setRuler(const std::vector<int>& offsets, int groups);
    const std::vector<int>& offsets() const { return offsets_; }
    int span() const { return span_; }
    // Where mark `index` (of offsets(), in their order) is drawn, and the value at a widget x.
    QPoint markPosition(int index) const;
    int valueAt(double x) const;

    QSize sizeHint() const override;

signals:
    void offsetsEdited(const std::vector<int>& offsets);

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;

private:
    double xOf(int value) const;
    int lineY() const { return height() / 2; }

    std::vector<int> offsets_;
    std::vector<bool> repeated_;
    int groups_ = 0;
    int span_ = 10;
    int dragging_ = -1;
};

}  // namespace spare
