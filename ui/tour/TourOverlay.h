#pragma once

#include <QPointer>
#include <QWidget>

#include <functional>

class QLabel;
class QPushButton;

namespace spare {

// Drawn over the whole window during the tour: a caption card and an arrow from the card to the
// step's focus (a cell of the target widget, or the whole widget). The card is placed beside, above
// or below the target, wherever it covers the least of it and never the focus. Its fonts follow the
// window's (presentation mode scales them). Keys: Page Down / Right / Space = next, Page Up / Left =
// previous, Esc = end (presentation clickers send Page Up/Down).
class TourOverlay : public QWidget {
    Q_OBJECT
public:
    // The focus rectangle in the target's coordinates; a null one means the whole target.
    using FocusFunction = std::function<QRect()>;

    explicit TourOverlay(QWidget* window);

    void showStep(int index, int count, const QString& title, const QString& captionHtml, QWidget* target,
                  FocusFunction focus = {});
    QString captionText() const;
    // In this overlay's (= the window's) coordinates.
    QRect cardGeometry() const;
    QRectF focusRect() const;
    QPointF arrowTip() const;
    QFont captionFont() const;

signals:
    void nextRequested();
    void previousRequested();
    void closeRequested();

protected:
    void paintEvent(QPaintEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void changeEvent(QEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void placeCard();
    void updateTitleFont();
    QRect targetRect() const;
    QPointF arrowStart() const;

    QWidget* card_ = nullptr;
    QLabel* title_ = nullptr;
    QLabel* caption_ = nullptr;
    QLabel* counter_ = nullptr;
    QPushButton* previous_ = nullptr;
    QPushButton* next_ = nullptr;
    QPointer<QWidget> target_;
    FocusFunction focus_;
    QRectF placedFocus_;  // the focus the card was placed for
};

}  // namespace spare
