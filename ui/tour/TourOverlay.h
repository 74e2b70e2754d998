#pragma once

#include <QPointer>
#include <QWidget>

class QLabel;
class QPushButton;

namespace spare {

// Drawn over the whole window during the tour: a caption card and an arrow from the card to the
// step's target widget. Keys: Page Down / Right / Space = next, Page Up / Left = previous, Esc = end
// (presentation clickers send Page Up/Down).
class TourOverlay : public QWidget {
    Q_OBJECT
public:
    explicit TourOverlay(QWidget* window);

    void showStep(int index, int count, const QString& title, const QString& captionHtml, QWidget* target);
    QString captionText() const;

signals:
    void nextRequested();
    void previousRequested();
    void closeRequested();

protected:
    void paintEvent(QPaintEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void placeCard();

    QWidget* card_ = nullptr;
    QLabel* title_ = nullptr;
    QLabel* caption_ = nullptr;
    QLabel* counter_ = nullptr;
    QPushButton* previous_ = nullptr;
    QPushButton* next_ = nullptr;
    QPointer<QWidget> target_;
};

}  // namespace spare
